/**
 * The `layers` slot's content (docs/map.md "Where spots plug in"): the filtered spots and the info window
 * of the chosen one, drawn by SpotLayers, which is loaded with the map canvas (react-map-gl never reaches
 * the page's own chunk).
 */
import { lazy, Suspense, useEffect } from 'react';
import type { LocalLocation } from '@web/db/locations-types';
import { useCloseLayers } from '../map-shell-context';
import { useOwnFindsNear } from '../../hooks/use-spots';
import { useFilteredSpots } from '../../hooks/use-spot-view';
import type { LatLng } from '@schema/contracts/grid/coordinates';
import type { SpotFilters } from '../../model/spots/list';
import { SpotInfo } from './spot-info';

const SpotLayers = lazy(() => import('./spot-layers'));

export interface SpotMarkersProps {
  spots: readonly LocalLocation[];
  filters: SpotFilters;
  viewerId: number | null;
  selected: LocalLocation | null;
  onSelect: (uid: string | null) => void;
  draft: LatLng | null;
  onEdit: (spot: LocalLocation) => void;
  onDelete: (spot: LocalLocation) => void;
}

export function SpotMarkers({
  spots,
  filters,
  viewerId,
  selected,
  onSelect,
  draft,
  onEdit,
  onDelete,
}: SpotMarkersProps) {
  const shown = useFilteredSpots(spots, filters, viewerId);
  const finds = useOwnFindsNear(selected, viewerId);
  // The layers control folds when an info window opens: its legend must never cover one.
  const closeLayers = useCloseLayers();
  const selectedUid = selected?.uid;
  useEffect(() => {
    if (selectedUid) closeLayers();
  }, [selectedUid, closeLayers]);
  return (
    <Suspense fallback={null}>
      <SpotLayers
        spots={shown}
        selected={selected}
        onSelect={onSelect}
        draft={draft}
        info={
          selected ? (
            <SpotInfo
              spot={selected}
              finds={finds}
              isOwner={selected.userId === viewerId}
              onEdit={() => onEdit(selected)}
              onDelete={() => onDelete(selected)}
            />
          ) : null
        }
      />
    </Suspense>
  );
}
