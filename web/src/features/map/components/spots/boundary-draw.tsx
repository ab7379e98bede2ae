/**
 * Drawing a permission's boundary and excluded areas (docs/permissions.md "Drawing the boundary"): a bar over
 * the map with what to do next, the areas drawn so far (each with Delete, so no area needs a pointer to go),
 * Draw boundary or Add excluded area, Save and Cancel. Loaded lazily inside the map (it needs MapLibre's
 * map); terra-draw itself loads when the session starts (hooks/use-boundary-draw.ts). Save is the spot's
 * usual update: a local write, queued for sync, so it works offline.
 */
import { useState } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast-store';
import { useCurrentUser } from '@web/db/current-user';
import type { LocalLocation } from '@web/db/locations-types';
import { StorageFullError } from '@web/sync';
import { useBoundaryDraw } from '../../hooks/use-boundary-draw';
import { updateSpot } from '../../hooks/spot-writes';
import { useMapInsets } from '../map-shell-context';
import type { DrawStart } from './boundary-actions';

export const DRAW_TEXTS = {
  title: (name: string) => `Permission boundary: ${name}`,
  loading: 'Loading the drawing tools…',
  failed: 'The drawing tools could not be loaded. Reload the page to try again.',
  drawBoundary:
    'Tap the map to add the corners of the land you may search; tap the first corner to close it.',
  drawExclusion:
    'Tap inside the boundary to add the corners of an area to keep out of; tap the first corner to close it.',
  edit: 'Drag a corner to move it, or the dot between two corners to add one. Right-click a corner to remove it.',
  boundary: 'Boundary',
  exclusion: (n: number) => `Excluded area ${n}`,
  startBoundary: 'Draw boundary',
  addExclusion: 'Add excluded area',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  saved: 'Boundary saved',
  unchanged: 'Nothing changed',
  saveFailed: 'Could not save the boundary. Please try again.',
} as const;
const t = DRAW_TEXTS;

export interface BoundaryDrawProps {
  spot: LocalLocation;
  start: DrawStart;
  onDone: () => void;
}

export default function BoundaryDraw({ spot, start, onDone }: BoundaryDrawProps) {
  const { current: map } = useMap();
  const session = useBoundaryDraw(map?.getMap(), spot, start);
  const { user } = useCurrentUser();
  const insets = useMapInsets();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hasBoundary = session.areas.some((a) => a.role === 'boundary');
  const labels = new Map(
    session.areas.map((area, i) => [
      area.id,
      area.role === 'boundary' ? t.boundary : t.exclusion(hasBoundary ? i : i + 1),
    ]),
  );

  async function save() {
    const result = session.read();
    if (!result.ok) {
      setProblem(result.message);
      return;
    }
    setProblem(null);
    if (!user) return;
    if (Object.keys(result.changes).length === 0) {
      toast({ title: t.unchanged });
      onDone();
      return;
    }
    setBusy(true);
    try {
      await updateSpot(user, spot, result.changes);
      toast({ title: t.saved });
      onDone();
    } catch (err) {
      toast({
        title: t.saveFailed,
        ...(err instanceof StorageFullError ? { description: err.message } : {}),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  const instruction =
    session.drawing === 'boundary'
      ? t.drawBoundary
      : session.drawing === 'exclusion'
        ? t.drawExclusion
        : t.edit;

  return (
    <section
      aria-labelledby="boundary-draw-title"
      className="absolute inset-x-2 z-10 mx-auto flex max-w-md flex-col gap-2 rounded-xl bg-white p-3 text-sm text-stone-900 shadow-lg"
      style={{ bottom: insets.bottom + 8 }}
    >
      <h2 id="boundary-draw-title" className="font-semibold">
        {t.title(spot.name)}
      </h2>
      {session.status === 'loading' ? <p role="status">{t.loading}</p> : null}
      {session.status === 'failed' ? <p role="alert">{t.failed}</p> : null}
      {session.status === 'ready' ? <p aria-live="polite">{instruction}</p> : null}
      {session.areas.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {session.areas.map((area) => {
            const label = labels.get(area.id) ?? t.boundary;
            return (
              <li key={area.id} className="flex items-center justify-between gap-2">
                <span className={session.selected === area.id ? 'font-semibold' : undefined}>{label}</span>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Delete ${label.toLowerCase()}`}
                  onClick={() => session.remove(area.id)}
                >
                  Delete
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {problem ? (
        <p role="alert" className="font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {session.status === 'ready' && session.drawing === null ? (
          hasBoundary ? (
            <Button size="sm" variant="outline" onClick={() => session.draw('exclusion')}>
              {t.addExclusion}
            </Button>
          ) : (
            <Button size="sm" variant="outline" onClick={() => session.draw('boundary')}>
              {t.startBoundary}
            </Button>
          )
        ) : null}
        <Button size="sm" onClick={() => void save()} disabled={busy || session.status !== 'ready'}>
          {busy ? t.saving : t.save}
        </Button>
        <Button size="sm" variant="outline" onClick={onDone} disabled={busy}>
          {t.cancel}
        </Button>
      </div>
    </section>
  );
}
