/**
 * What the spot slots share (docs/map.md "Where spots plug in"): the spots that pass the filters, and the
 * point distances are measured from — the member's position for Nearby Locations when it is known, else
 * the map's centre.
 */
import { useMemo } from 'react';
import type { LocalLocation } from '@web/db/locations-types';
import { useMapShell } from '../components/map-shell-context';
import { DEFAULT_CENTER } from '../model/constants';
import type { LatLng } from '../model/coordinates';
import { matchesFilters, type SpotFilters } from '../model/spots/list';

export function useSpotOrigin(filters: SpotFilters): LatLng {
  const { view, me } = useMapShell();
  return (filters.filter === 'nearby' ? me : null) ?? view?.center ?? DEFAULT_CENTER;
}

export function useFilteredSpots(
  spots: readonly LocalLocation[],
  filters: SpotFilters,
  viewerId: number | null,
): LocalLocation[] {
  const origin = useSpotOrigin(filters);
  // The centre only matters to Nearby; other filters do not recompute while the map moves.
  const key = filters.filter === 'nearby' ? `${origin.latitude},${origin.longitude}` : '';
  return useMemo(
    () => spots.filter((s) => matchesFilters(s, filters, viewerId, origin)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `origin` (see above)
    [spots, filters, viewerId, key],
  );
}
