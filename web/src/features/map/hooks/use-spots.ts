/**
 * Live reads of the spots this device holds (docs/map.md "Spots on the map"): the member's own, whole, and
 * the community's shared spots in the `recent:locations` window (docs/sync.md), so the map and its list
 * work with no signal. The map and list read them from the in-memory store (spot-store.ts), which applies
 * each write instead of re-reading the table. Also the member's own finds for the info window, and spot
 * names for the search box.
 */
import { startTransition, useEffect, useState } from 'react';
import { db, type LocalLocation } from '@web/db/database';
import { byIdOrUid } from '@web/db/lookups';
import { useLive, useLiveValue, type Live } from '@web/sync';
import { LOCATION_ZOOM } from '../model/constants';
import type { SearchHit } from '../model/search';
import { findsNear, type NearFind } from '../model/spots/list';
import { spotStore } from './spot-store';

/** Every spot on the device, in uid order; each answer is rendered as a transition, like useLive's. */
export function useSpots(): Live<LocalLocation[]> {
  const store = spotStore();
  const [live, setLive] = useState(store.state);
  useEffect(() => {
    const update = () => startTransition(() => setLive(store.state));
    const unsubscribe = store.subscribe(update);
    update();
    return unsubscribe;
  }, [store]);
  return live;
}

/** `?spot=` names a spot by id or uid. */
export function useSpot(param: string | null): Live<LocalLocation | undefined> {
  return useLive(() => (param ? byIdOrUid(db.locations, param) : undefined), [param]);
}

/** At most 2 of the member's own finds within 1 km of the spot. */
export function useOwnFindsNear(spot: LocalLocation | null, viewerId: number | null): NearFind[] {
  return useLiveValue(
    async () => {
      if (!spot || viewerId === null) return [];
      const own = await db.finds.where('userId').equals(viewerId).toArray();
      return findsNear(spot, own);
    },
    [spot?.uid, spot?.latitude, spot?.longitude, viewerId],
    [],
  );
}

/** Spot names (own and shared) for the map's search box, name order. */
export async function searchSpots(query: string): Promise<SearchHit[]> {
  const q = query.trim().toLowerCase();
  if (q.length < 2) return [];
  const spots = await db.locations
    .filter((s) => s.name.toLowerCase().includes(q))
    .limit(8)
    .toArray();
  return spots
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((s) => ({
      kind: 'spot',
      label: s.name,
      detail: s.type,
      position: { latitude: s.latitude, longitude: s.longitude },
      zoom: LOCATION_ZOOM,
    }));
}
