/**
 * The `layers` slot's content (docs/map.md "Where spots plug in"): the filtered spots and the info window
 * of the chosen one, drawn by SpotLayers, which is loaded with the map canvas (react-map-gl never reaches
 * the page's own chunk). Also the owner's saved boundaries and excluded areas, and while the owner draws
 * them the drawing bar (docs/permissions.md), loaded when drawing starts.
 */
import { lazy, Suspense, useEffect, useMemo } from 'react';
import type { LocalLocation } from '@web/db/locations-types';
import { useCloseLayers } from '../map-shell-context';
import { useOwnFindsNear } from '../../hooks/use-spots';
import { useFilteredSpots } from '../../hooks/use-spot-view';
import type { LatLng } from '@schema/contracts/grid/coordinates';
import { boundaryCollection } from '../../model/spots/boundary';
import type { SpotFilters } from '../../model/spots/list';
import type { DrawStart } from './boundary-actions';
import { SpotInfo } from './spot-info';

const SpotLayers = lazy(() => import('./spot-layers'));
const BoundaryDraw = lazy(() => import('./boundary-draw'));

/** A drawing session: whose boundary, and what it starts with. */
export interface DrawingState {
  spot: LocalLocation;
  start: DrawStart;
}

const ignore = () => undefined;

export interface SpotMarkersProps {
  spots: readonly LocalLocation[];
  filters: SpotFilters;
  viewerId: number | null;
  selected: LocalLocation | null;
  onSelect: (uid: string | null) => void;
  draft: LatLng | null;
  onEdit: (spot: LocalLocation) => void;
  onDelete: (spot: LocalLocation) => void;
  drawing?: DrawingState | null;
  onDraw?: (drawing: DrawingState | null) => void;
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
  drawing = null,
  onDraw,
}: SpotMarkersProps) {
  const shown = useFilteredSpots(spots, filters, viewerId);
  const drawingUid = drawing?.spot.uid ?? null;
  const shapes = useMemo(
    () => boundaryCollection(shown, viewerId, drawingUid),
    [shown, viewerId, drawingUid],
  );
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
        shapes={shapes}
        selected={drawing ? null : selected}
        onSelect={drawing ? ignore : onSelect}
        draft={draft}
        info={
          selected ? (
            <SpotInfo
              spot={selected}
              finds={finds}
              isOwner={selected.userId === viewerId}
              viewerId={viewerId}
              onEdit={() => onEdit(selected)}
              onDelete={() => onDelete(selected)}
              onDraw={onDraw ? (start) => onDraw({ spot: selected, start }) : undefined}
            />
          ) : null
        }
      />
      {drawing && onDraw ? (
        // Its own boundary: loading the drawing bar must not hide the spots.
        <Suspense fallback={null}>
          <BoundaryDraw
            key={`${drawing.spot.uid}:${drawing.start}`}
            spot={drawing.spot}
            start={drawing.start}
            onDone={() => onDraw(null)}
          />
        </Suspense>
      ) : null}
    </Suspense>
  );
}
