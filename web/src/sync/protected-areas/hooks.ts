/**
 * React hooks over the device's protected-area cache (device.ts): each answer follows the cache, read
 * again after every refresh or eviction. Answers are rendered as transitions, like useLive's (live.ts).
 */
import { startTransition, useEffect, useState } from 'react';
import type { BBox, CheckResult } from '@schema/contracts/protected-areas';
import { db, type ProtectedAreaRow, type ProtectedSourceRow } from '@web/db/database';
import type { Live } from '../live';
import { deviceAreasOf, type DeviceAreas, type DeviceAreasSummary, type DevicePosition } from './device';

function useDeviceAreas<T>(query: ((areas: DeviceAreas) => Promise<T>) | null, deps: unknown[]): Live<T> {
  const [live, setLive] = useState<Live<T>>({ state: 'loading' });
  useEffect(() => {
    if (!query) return;
    const areas = deviceAreasOf(db);
    let current = 0;
    const run = () => {
      const mine = ++current;
      query(areas).then(
        (value) => mine === current && startTransition(() => setLive({ state: 'ready', value })),
        (error: unknown) => mine === current && startTransition(() => setLive({ state: 'error', error })),
      );
    };
    run();
    const stop = areas.subscribe(run);
    return () => {
      current = -1;
      stop();
    };
    // The caller names what the query depends on, as with useEffect itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return live;
}

/**
 * The device's check of a position (checkOnDevice), again whenever the position or the cache changes;
 * 'loading' while there is no position.
 */
export function useProtectedCheck(position: DevicePosition | null): Live<CheckResult> {
  const { latitude, longitude, accuracyM } = position ?? { latitude: NaN, longitude: NaN, accuracyM: 0 };
  return useDeviceAreas(position ? (areas) => areas.check({ latitude, longitude, accuracyM }) : null, [
    position !== null,
    latitude,
    longitude,
    accuracyM,
  ]);
}

/** The cached areas whose boxes meet `bbox` (the map's view); 'loading' while there is none. */
export function useCachedProtectedAreas(bbox: BBox | null): Live<ProtectedAreaRow[]> {
  const [w, s, e, n] = bbox ?? [NaN, NaN, NaN, NaN];
  return useDeviceAreas(bbox ? (areas) => areas.areasIn([w, s, e, n]) : null, [bbox !== null, w, s, e, n]);
}

/** The imported sources the device knows of, with their attributions. */
export function useProtectedSources(): Live<ProtectedSourceRow[]> {
  return useDeviceAreas((areas) => areas.sources(), []);
}

/** How many areas the device holds, their size and the ground they cover (the storage page). */
export function useProtectedAreasSummary(): Live<DeviceAreasSummary> {
  return useDeviceAreas((areas) => areas.summary(), []);
}
