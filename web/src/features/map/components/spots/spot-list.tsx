/**
 * The spots list under the map (docs/map.md "Spots on the map"): the spots in view — or, with Nearby
 * Locations, those within the radius — nearest first, so the data is usable without the map, by keyboard
 * and screen reader. Each row shows the type, the distance and what it is measured from ("from you" once the
 * member's position is known, else "from map centre"), lat/lng and the grid reference, whether it is
 * private, its sync state, and for its owner a permission about to expire, Edit and Delete.
 */
import { Lock, Users } from 'lucide-react';
import { locationMessages as m } from '@schema/contracts/locations-constants';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { SyncMarker } from '@web/components/ui/sync-marker';
import type { LocalLocation } from '@web/db/locations-types';
import type { Live } from '@web/sync';
import { distanceLabel, type ListedSpot } from '../../model/spots/list';
import { permissionExpiry } from '../../model/spots/permission-expiry';
import { SpotPosition } from './spot-position';
import { formatCount } from '@web/lib/numbers';

export interface SpotListProps {
  listed: Live<ListedSpot[]>;
  nearby: boolean;
  /** Whether the server's nearby spots are being read, or could not be. */
  note?: string | null;
  viewerId: number | null;
  pending: ReadonlyMap<string, 'waiting' | 'rejected'>;
  now: Date;
  onShow: (spot: LocalLocation) => void;
  onEdit: (spot: LocalLocation) => void;
  onDelete: (spot: LocalLocation) => void;
}

export const SPOTS_EMPTY_VIEW = 'No spots in this part of the map. Move the map or zoom out to see more.';
export const SPOTS_EMPTY_NEARBY = 'No spots within this radius. Widen the radius to see more.';
export const SPOTS_LOAD_ERROR =
  'The spots saved on this device could not be read. Reload the page to try again.';

/** "Permission expired on 3 March 2026", or one expiring within 30 days (UK dates; docs/permissions.md). */
function PermissionWarning({ spot, now }: { spot: LocalLocation; now: Date }) {
  const expiry = permissionExpiry(spot.permissionExpires, now);
  if (!expiry) return null;
  return <Badge variant={expiry.kind === 'expired' ? 'destructive' : 'premium'}>{expiry.label}</Badge>;
}

export function SpotList({
  listed,
  nearby,
  note,
  viewerId,
  pending,
  now,
  onShow,
  onEdit,
  onDelete,
}: SpotListProps) {
  const heading = nearby ? 'Nearby spots' : 'Spots in view';
  return (
    <section
      aria-labelledby="spot-list-heading"
      aria-busy={listed.state === 'loading'}
      className="flex flex-col gap-3"
    >
      {/* On phones the sheet's peek shows this line; the heading stays for screen readers. */}
      <h2 id="spot-list-heading" className="text-xl font-semibold max-lg:sr-only">
        {heading}
        {listed.state === 'ready' ? ` (${formatCount(listed.value.length)})` : ''}
      </h2>
      {note ? (
        <p role="status" className="text-sm text-stone-600 dark:text-stone-400">
          {note}
        </p>
      ) : null}
      {listed.state === 'loading' ? (
        <div className="flex flex-col gap-2" data-testid="spot-skeletons">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : listed.state === 'error' ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          <strong>{m.fetchFailed}.</strong> {SPOTS_LOAD_ERROR}
        </p>
      ) : listed.value.length === 0 ? (
        <p className="text-stone-600 dark:text-stone-400">{nearby ? SPOTS_EMPTY_NEARBY : SPOTS_EMPTY_VIEW}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200 rounded-xl border border-stone-200 dark:divide-stone-700 dark:border-stone-700">
          {listed.value.slice(0, 200).map(({ spot, distanceKm, from }) => {
            const own = spot.userId === viewerId;
            return (
              <li
                key={spot.uid}
                className="flex flex-col gap-1 p-3 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="flex flex-col gap-1">
                  <h3 className="font-semibold">
                    <button
                      type="button"
                      className="text-left underline-offset-2 hover:underline"
                      onClick={() => onShow(spot)}
                    >
                      {spot.name}
                    </button>
                  </h3>
                  <p className="text-sm text-stone-700 dark:text-stone-300">
                    {spot.type} · {distanceLabel(distanceKm, from)}
                    {own ? '' : ` · by ${spot.username || 'a member'}`}
                  </p>
                  <SpotPosition spot={spot} approximate={spot.approximate} />
                  <div className="flex flex-wrap gap-1.5">
                    {own ? (
                      <Badge variant="outline">
                        {spot.isShared ? (
                          <Users className="size-3.5" aria-hidden="true" />
                        ) : (
                          <Lock className="size-3.5" aria-hidden="true" />
                        )}
                        {spot.isShared ? 'Shared' : 'Private'}
                      </Badge>
                    ) : null}
                    {spot.hasPermission ? <Badge variant="secondary">Permission Granted</Badge> : null}
                    {spot.isGroupDig ? <Badge variant="secondary">Group dig</Badge> : null}
                    {own ? <PermissionWarning spot={spot} now={now} /> : null}
                    <SyncMarker state={pending.get(spot.uid)} />
                  </div>
                </div>
                {own ? (
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => onEdit(spot)}
                      aria-label={`Edit ${spot.name}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => onDelete(spot)}
                      aria-label={`Delete ${spot.name}`}
                    >
                      Delete
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {listed.state === 'ready' && listed.value.length > 200 ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          The nearest 200 are listed. Zoom in or use a filter to see the others.
        </p>
      ) : null}
    </section>
  );
}
