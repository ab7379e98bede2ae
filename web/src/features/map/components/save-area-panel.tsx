/**
 * "Save this area for offline" (services/saved-areas.ts): with a configured style loaded, or the detailed
 * map our server serves (MAP_PMTILES_URL) under the map's own style, the tile count and size estimate of
 * the visible area first, then progress with Cancel, and the saved areas with their size and Delete.
 * Without either it explains that saving needs a detailed map source and that the built-in map already
 * works offline.
 */
import { Download, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast-store';
import { SAVE_CAP_BYTES, SAVE_MAX_ZOOM } from '../model/constants';
import { nearestPlace } from '../model/gazetteer';
import { formatBytes, saveFromZoom } from '../model/tiles';
import type { MapStyleState } from '../hooks/use-map-style';
import { useMapSources } from '../hooks/use-map-style-url';
import { loadGazetteer } from '../services/gazetteer-loader';
import {
  deleteSavedArea,
  estimateArea,
  exceedsCap,
  listSavedAreas,
  planDetailSave,
  planSave,
  saveArea,
  SAVE_REFUSALS,
  type SavedArea,
  type SavePlan,
  type SaveProgress,
} from '../services/saved-areas';
import type { MapViewState } from './map-types';
import { formatCount } from '@web/lib/numbers';

export const SAVE_TEXTS = {
  needsSource:
    'Saving an area needs a detailed map source, which this site has not set up. The built-in map of Great Britain and Ireland already works offline.',
  sourceNotLoaded:
    "The detailed map isn't loaded right now, so this area can't be saved. The built-in map works offline.",
} as const;

function useSavedAreas() {
  const [areas, setAreas] = useState<SavedArea[]>([]);
  const refresh = useCallback(() => {
    void listSavedAreas().then(setAreas, () => setAreas([]));
  }, []);
  useEffect(refresh, [refresh]);
  return { areas, refresh };
}

async function areaName(view: MapViewState): Promise<string> {
  try {
    const place = nearestPlace(await loadGazetteer(), view.center.latitude, view.center.longitude);
    if (place) return `Near ${place.name}`;
  } catch {
    // No gazetteer: name it by position.
  }
  return `Around ${view.center.latitude.toFixed(3)}, ${view.center.longitude.toFixed(3)}`;
}

function SavedAreaList({ areas, onDelete }: { areas: SavedArea[]; onDelete: (id: string) => void }) {
  if (!areas.length) return <p className="text-sm text-stone-600 dark:text-stone-400">No areas saved yet.</p>;
  return (
    <ul className="divide-y divide-stone-200 dark:divide-stone-700" aria-label="Saved areas">
      {areas.map((area) => (
        <li key={area.id} className="flex items-center justify-between gap-3 py-2">
          <span>
            <span className="font-medium">{area.name}</span>{' '}
            <span className="text-sm text-stone-600 dark:text-stone-400">
              {formatBytes(area.bytes)}, {formatCount(area.tiles)} tiles, zoom {area.minZoom}–{area.maxZoom}
            </span>
          </span>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Delete ${area.name}`}
            onClick={() => onDelete(area.id)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function SaveAreaPanel({
  styleState,
  view,
}: {
  styleState: MapStyleState;
  view: MapViewState | null;
}) {
  const { areas, refresh } = useSavedAreas();
  const [stylePlan, setPlan] = useState<SavePlan | null>(null);
  const [progress, setProgress] = useState<SaveProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const saving = useRef<AbortController | null>(null);
  const configured = styleState.status === 'ready' && styleState.origin === 'configured' ? styleState : null;
  const sources = useMapSources();
  const ownStyle = styleState.status === 'ready' && styleState.origin === 'shipped';
  const detail = ownStyle ? (sources?.detail ?? null) : null;
  // The detailed map's plan needs no request: its tiles are ours and their template is known.
  const detailPlan = useMemo(
    () => (detail ? planDetailSave(detail, window.location.origin) : null),
    [detail],
  );
  const plan = detail ? detailPlan : stylePlan;

  useEffect(() => {
    if (!configured) return;
    let live = true;
    void planSave(configured.style, configured.styleUrl).then((p) => live && setPlan(p));
    return () => {
      live = false;
    };
  }, [configured]);
  useEffect(() => () => saving.current?.abort(), []);

  const remove = async (id: string) => {
    await deleteSavedArea(id);
    refresh();
  };

  let body;
  if (!configured && !detail) {
    body = (
      <p>
        {styleState.status === 'ready' && styleState.origin === 'shipped' && !styleState.offline
          ? SAVE_TEXTS.needsSource
          : SAVE_TEXTS.sourceNotLoaded}
      </p>
    );
  } else if (!plan || !view) {
    body = <p>Working out what this area needs…</p>;
  } else if (plan.kind === 'refused') {
    body = <p>{plan.reason}</p>;
  } else {
    const fromZoom = saveFromZoom(view.zoom);
    const estimate = estimateArea(plan, view.bounds, fromZoom);
    const tooLarge = exceedsCap(estimate);
    const start = async () => {
      setError(null);
      const controller = new AbortController();
      saving.current = controller;
      setProgress({ done: 0, total: estimate.tiles, bytes: 0 });
      try {
        await navigator.storage?.persist?.();
        const area = await saveArea(plan, view.bounds, fromZoom, await areaName(view), {
          signal: controller.signal,
          onProgress: setProgress,
        });
        toast({
          title: 'Area saved',
          description: `${area.name}: ${formatBytes(area.bytes)} kept for offline use.`,
        });
      } catch (err) {
        if (err instanceof RangeError) setError(SAVE_REFUSALS.capReached(formatBytes(SAVE_CAP_BYTES)));
        else if (!controller.signal.aborted) setError(SAVE_REFUSALS.failed);
      } finally {
        saving.current = null;
        setProgress(null);
        refresh();
      }
    };
    body = (
      <>
        <p>
          This area from zoom {fromZoom} to {SAVE_MAX_ZOOM}: about {formatCount(estimate.tiles)} tiles, about{' '}
          {formatBytes(estimate.bytes)}.
        </p>
        {tooLarge ? (
          <p className="text-red-700 dark:text-red-400">
            {SAVE_REFUSALS.tooLarge(formatBytes(SAVE_CAP_BYTES))}
          </p>
        ) : null}
        {progress ? (
          <div className="flex flex-wrap items-center gap-3">
            <progress
              className="w-48"
              value={progress.done}
              max={Math.max(1, progress.total)}
              aria-label="Saving the area"
            />
            <span className="text-sm">
              {formatCount(progress.done)} of {formatCount(progress.total)}, {formatBytes(progress.bytes)}
            </span>
            <Button size="sm" variant="outline" onClick={() => saving.current?.abort()}>
              Cancel
            </Button>
          </div>
        ) : (
          <Button className="self-start" disabled={tooLarge} onClick={() => void start()}>
            <Download aria-hidden="true" /> Save this area
          </Button>
        )}
        {error ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <section
      aria-labelledby="save-area-title"
      className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 dark:border-stone-700 dark:bg-stone-900"
    >
      <h2 id="save-area-title" className="text-lg font-semibold">
        Save this area for offline
      </h2>
      {body}
      <h3 className="mt-2 font-medium">Saved areas</h3>
      <SavedAreaList areas={areas} onDelete={(id) => void remove(id)} />
    </section>
  );
}
