/** The recommendations, nearest first (docs/product/ar-routes.md "Recommendations"). */
import { Navigation } from 'lucide-react';
import { compassPoint } from '@schema/contracts/ar-routes-geo';
import { ReportButton } from '@web/components/moderation/report-button';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import type { ArRoute } from '../../model/routes/recommend';

const SOURCE_LABEL: Record<ArRoute['source'], string> = {
  sample: 'Sample',
  public: 'Community',
  own: 'Yours',
};

export function RouteList({
  routes,
  selectedId,
  onSelect,
  onShare,
  onDelete,
  viewerId = null,
}: {
  routes: readonly ArRoute[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** The member's own routes: share or make private, and delete. */
  onShare?: (route: ArRoute, isPublic: boolean) => void;
  onDelete?: (route: ArRoute) => void;
  /** The signed-in member (null signed out): another member's shared route has Report. */
  viewerId?: number | null;
}) {
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="Recommended routes">
      {routes.map((r) => (
        <li
          key={r.id}
          className={`flex flex-col gap-2 rounded-xl border p-4 ${r.id === selectedId ? 'border-amber-500 ring-2 ring-amber-300' : 'border-stone-200 dark:border-stone-700'}`}
        >
          <div className="flex items-start justify-between gap-2">
            <h3 className="text-lg font-semibold">{r.name}</h3>
            <Badge variant="outline">{SOURCE_LABEL[r.source]}</Badge>
          </div>
          <p className="text-sm text-stone-600 dark:text-stone-300">
            {Math.round(r.distance)} m {compassPoint(r.direction)} ({Math.round(r.direction)}°) ·{' '}
            {r.difficulty}
            {r.estimatedDuration ? ` · ${r.estimatedDuration} min` : ''}
            {r.terrainType ? ` · ${r.terrainType}` : ''}
          </p>
          {r.historicalPeriods.length ? <p className="text-sm">{r.historicalPeriods.join(', ')}</p> : null}
          {r.description ? <p className="text-sm">{r.description}</p> : null}
          {r.completedCount !== undefined ? (
            <p className="text-xs text-stone-600 dark:text-stone-400">
              Completed {r.completedCount} time{r.completedCount === 1 ? '' : 's'}
              {r.rating ? ` · rated ${r.rating}/5` : ''}
              {r.source === 'own' ? (r.isPublic ? ' · Public' : ' · Private') : ''}
            </p>
          ) : null}
          <Button variant={r.id === selectedId ? 'accent' : 'outline'} onClick={() => onSelect(r.id)}>
            <Navigation aria-hidden="true" /> {r.id === selectedId ? 'Following' : 'Follow this route'}
          </Button>
          {r.source === 'own' && onShare && onDelete ? (
            <div className="flex gap-2">
              <Button variant="ghost" size="sm" onClick={() => onShare(r, !r.isPublic)}>
                {r.isPublic ? 'Make private' : 'Share this route'}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => onDelete(r)}>
                Delete
              </Button>
            </div>
          ) : null}
          {r.source === 'public' && r.authorId !== undefined ? (
            <ReportButton
              entity="routes"
              id={r.recordId ?? null}
              authorId={r.authorId}
              viewerId={viewerId}
              className="self-start"
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
