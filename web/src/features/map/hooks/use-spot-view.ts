/**
 * What the spot slots share (docs/map.md "Where spots plug in"): the spots that pass the filters, and the
 * point distances are measured from — the member's position when it is known (Find My Location, or the
 * quiet look-up when the device already allows it), else the map's centre — for the list and Nearby
 * Locations alike.
 */
import { useEffect, useMemo } from 'react';
import { LOCATIONS_PAGE_SIZE } from '@schema/contracts/locations-constants';
import type { LocalLocation } from '@web/db/locations-types';
import { useOnlineStatus, useRemoteList, type RemoteStatus } from '@web/sync';
import { useMapShell } from '../components/map-shell-context';
import { DEFAULT_CENTER } from '../model/constants';
import { distanceOrigin, matchesFilters, type DistanceOrigin, type SpotFilters } from '../model/spots/list';

/** The member's position when known, else the map's centre; the same object until it moves. */
export function useSpotOrigin(): DistanceOrigin {
  const { view, me } = useMapShell();
  const centre = view?.center ?? DEFAULT_CENTER;
  return useMemo(
    () => distanceOrigin(me, centre),
    // The numbers, not the objects: a new view object with the same centre is the same origin.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [me?.latitude, me?.longitude, centre.latitude, centre.longitude],
  );
}

export function useFilteredSpots(
  spots: readonly LocalLocation[],
  filters: SpotFilters,
  viewerId: number | null,
): LocalLocation[] {
  const origin = useSpotOrigin();
  // The centre only matters to Nearby; other filters do not recompute while the map moves.
  const key = filters.filter === 'nearby' ? `${origin.latitude},${origin.longitude}` : '';
  return useMemo(
    () => spots.filter((s) => matchesFilters(s, filters, viewerId, origin)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `origin` (see above)
    [spots, filters, viewerId, key],
  );
}

/**
 * Nearby Locations online: the server's spots within the radius (`GET /api/locations?near=&radiusKm=`,
 * nearest first) are read and kept on the device like any list's rows (docs/sync.md, lists beyond the
 * window), so shared spots older than the device's window show too. The centre is rounded to about 100 m
 * so a small pan does not ask again.
 */
export function useNearbyFromServer(filters: SpotFilters): RemoteStatus | 'off' {
  const origin = useSpotOrigin();
  const online = useOnlineStatus();
  const active = filters.filter === 'nearby';
  const query = `near=${origin.latitude.toFixed(3)},${origin.longitude.toFixed(3)}&radiusKm=${filters.radiusKm}`;
  const remote = useRemoteList({
    entity: 'locations',
    query,
    enabled: active && online,
    pageSize: LOCATIONS_PAGE_SIZE,
  });
  const { started, status, loadMore } = remote;
  useEffect(() => {
    if (!active || !online || started || status !== 'idle') return;
    const timer = setTimeout(loadMore, 300);
    return () => clearTimeout(timer);
  }, [active, online, started, status, loadMore]);
  return active && online ? status : 'off';
}
