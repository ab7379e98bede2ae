/**
 * The `layers` slot's protected sites (docs/protected-areas.md "On the device"): the cached areas near the
 * view, read from the device (so they show with no signal), drawn by ProtectedLayers in the map's lazy
 * chunk. Online, each settled view asks the cache refresher for its areas, which are then kept offline.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useOnlineStatus } from '@web/sync';
import type { ProtectedAreaRow } from '@web/db/database';
// Narrow imports: the map's first load carries the cached areas' reader, not the refresher (loaded online).
import { protectedAttributions } from '@web/sync/protected-areas/attributions';
import { useCachedProtectedAreas, useProtectedSources } from '@web/sync/protected-areas/hooks';
import { protectedFeatures, protectedQueryBox } from '../../model/protected-areas';
import { useCloseLayers, useMapShell } from '../map-shell-context';
import { ProtectedAreaInfo } from './protected-area-info';

const ProtectedLayers = lazy(() => import('./protected-layers'));

export interface ProtectedAreaMarkersProps {
  /** Taps open an area's details (off while a spot is being placed). */
  interactive: boolean;
  /** A spot's info window is open: an area's closes. */
  spotSelected: boolean;
  /** An area was tapped: the page closes a spot's info window. */
  onPick?: () => void;
}

export function ProtectedAreaMarkers({ interactive, spotSelected, onPick }: ProtectedAreaMarkersProps) {
  const { view } = useMapShell();
  const online = useOnlineStatus();
  const bounds = view?.bounds ?? null;
  const box = useMemo(() => (bounds ? protectedQueryBox(bounds) : null), [bounds]);
  const cached = useCachedProtectedAreas(box);
  const sources = useProtectedSources();
  const [picked, setPicked] = useState<{ area: ProtectedAreaRow; at: [number, number] } | null>(null);
  const closeLayers = useCloseLayers();

  useEffect(() => {
    if (!online || !bounds) return;
    void import('@web/sync/protected-areas/app')
      .then((cache) => cache.refreshProtectedAreasForView(bounds))
      .catch(() => undefined);
  }, [online, bounds]);
  // A spot's info window opening, or a spot being placed or drawn, closes an area's (state set while
  // rendering, as React advises for state that follows a prop).
  const closed = spotSelected || !interactive;
  const [wasClosed, setWasClosed] = useState(closed);
  if (closed !== wasClosed) {
    setWasClosed(closed);
    if (closed) setPicked(null);
  }

  const areas = cached.state === 'ready' ? cached.value : null;
  const data = useMemo(
    () => (areas && view ? protectedFeatures(areas, view.bounds, view.zoom) : null),
    [areas, view],
  );
  const attribution = useMemo(
    () => (sources.state === 'ready' ? protectedAttributions(sources.value).join(' ') : ''),
    [sources],
  );
  const tap = useCallback(
    (id: number, at: [number, number]) => {
      const area = areas?.find((a) => a.id === id);
      if (!area) return;
      setPicked({ area, at });
      closeLayers();
      onPick?.();
    },
    [areas, closeLayers, onPick],
  );
  if (!data) return null;
  return (
    <Suspense fallback={null}>
      <ProtectedLayers
        data={data}
        attribution={attribution}
        onTap={interactive ? tap : null}
        popup={
          picked
            ? {
                at: picked.at,
                info: <ProtectedAreaInfo area={picked.area} />,
                onClose: () => setPicked(null),
              }
            : null
        }
      />
    </Suspense>
  );
}
