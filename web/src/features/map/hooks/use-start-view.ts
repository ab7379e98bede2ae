/**
 * Where /map and the home page's map open (docs/map.md "Where the map opens", model/start-view.ts): the
 * last view kept on this device for this viewer, else the member's own spots, else Great Britain — with the
 * position when the device already allows it (/map only; it never prompts). The last view is a device
 * preference in Dexie's `sync_state` (`map-view`), like the storage-persistence flag: never synced.
 */
import { useEffect, useState } from 'react';
import { db, type MapViewRow } from '@web/db/database';
import { useLiveValue } from '@web/sync';
import type { LatLng } from '@schema/contracts/grid/coordinates';
import { chooseStartView, isSavedView, type SavedView, type StartView } from '../model/start-view';
import { positionGranted } from './use-geolocation';

const KEY = 'map-view';

async function readLastView(viewerId: number | null): Promise<SavedView | null> {
  const row = await db.sync_state.get(KEY);
  if (row?.key !== KEY || row.viewerId !== viewerId || !isSavedView(row)) return null;
  return { latitude: row.latitude, longitude: row.longitude, zoom: row.zoom };
}

async function readOwnSpots(viewerId: number | null): Promise<LatLng[]> {
  if (viewerId === null) return [];
  const own = await db.locations.where('userId').equals(viewerId).toArray();
  return own.map(({ latitude, longitude }) => ({ latitude, longitude }));
}

/** Remembers where the member left /map (every move's end; a small write). */
export async function saveLastView(viewerId: number | null, view: SavedView): Promise<void> {
  if (!isSavedView(view)) return;
  await db.sync_state.put({ key: KEY, viewerId, ...view } satisfies MapViewRow);
}

export interface StartOptions {
  /** `?lat=&lng=`, which wins over everything. */
  linked: LatLng | null;
  /** The viewer's id; undefined while the session is read. */
  viewerId: number | null | undefined;
  /** Whether to consider the device's position (never on the home page). */
  usePosition: boolean;
}

/** The start, or null while the device is read (a few milliseconds: the map waits for it, not the tiles). */
export function useStartView({ linked, viewerId, usePosition }: StartOptions): StartView | null {
  const [start, setStart] = useState<StartView | null>(null);
  const linkedKey = linked ? `${linked.latitude},${linked.longitude}` : '';
  useEffect(() => {
    if (viewerId === undefined) return;
    let live = true;
    const read = async () => {
      const [lastView, ownSpots, granted] = await Promise.all([
        readLastView(viewerId).catch(() => null),
        readOwnSpots(viewerId).catch(() => []),
        usePosition ? positionGranted() : Promise.resolve(false),
      ]);
      return chooseStartView({ linked, lastView, ownSpots, positionGranted: granted });
    };
    void read().then((next) => {
      // Decided once: later answers (a pull, a sign-in) must not move a map the member is using.
      if (live) setStart((current) => current ?? next);
    });
    return () => {
      live = false;
    };
    // `linkedKey` stands for `linked`; the start is read once per viewer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewerId, linkedKey, usePosition]);
  return start;
}

/**
 * The member's own spots while the map still shows its fallback: on a new device the first pull brings
 * them a moment after the map opened on Great Britain, and the map then fits them (unless moved meanwhile).
 */
export function useOwnSpotsArrival(viewerId: number | null | undefined, waiting: boolean): LatLng[] {
  return useLiveValue(
    () => (waiting && typeof viewerId === 'number' ? readOwnSpots(viewerId) : []),
    [viewerId, waiting],
    [],
  );
}
