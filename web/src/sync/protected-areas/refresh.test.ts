/**
 * The protected-area cache refresher (docs/protected-areas.md "On the device") against the real server in
 * process: it pages through the answers, caches by 0.1° cell for a day, follows the member's spots (a
 * permission boundary grown by 5 km), stays under its cap by letting the map's least recently used cells go
 * (never a spot's), keeps the imported sources, and offline does nothing and keeps what it has.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DigQuestDb } from '@web/db/database';
import { appFetch, serverPerFile } from '../test-utils';
import type { FetchLike } from '../transport';
import { at, boxAround, feature, importMonuments, polygon, signIn, spotAt, square } from './test-utils';
import { checkOnDevice } from './index';
import { CELL_REFRESH_MS, refreshProtectedAreas } from './refresh';

const server = serverPerFile();
/** 240 small monuments 60 m apart: more than two of the server's largest pages. */
const GRID = Array.from({ length: 240 }, (_, i) =>
  feature(
    `2${String(i).padStart(6, '0')}`,
    `Barrow ${i}`,
    polygon(square((i % 15) * 60, Math.floor(i / 15) * 60, 10)),
  ),
);
const LONE = feature('3000001', 'Lone barrow', polygon(square(0, 20_000, 50)));
const HILLFORT = feature('3000002', 'Hillfort', polygon(square(30_000, 0, 200)));
const ALL = [...GRID, LONE, HILLFORT];
const GRID_VIEW = boxAround(450, 450, 600);
const HILLFORT_VIEW = boxAround(30_000, 0, 1_000);
const DAY = CELL_REFRESH_MS;
const T0 = Date.parse('2026-11-30T10:00:00Z');

beforeAll(async () => {
  await importMonuments(server.t, ALL);
});

const opened: DigQuestDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});
function device(): DigQuestDb {
  const db = new DigQuestDb(`protected-refresh-${Math.random()}`);
  opened.push(db);
  return db;
}

/** The server in process, counting the area requests. */
function counted(): { fetch: FetchLike; areaRequests: () => number } {
  let n = 0;
  const inner = appFetch(server.t, () => '');
  return {
    fetch: (input, init) => {
      if (input.startsWith('/api/protected-areas?')) n += 1;
      return inner(input, init);
    },
    areaRequests: () => n,
  };
}
const online = () => true;
const names = async (db: DigQuestDb) => (await db.protected_areas.toArray()).map((a) => a.name);

describe('refreshProtectedAreas', () => {
  it('pages through the answers and stores every area of the view with the cells it came from', async () => {
    const db = device();
    const { fetch, areaRequests } = counted();
    const report = await refreshProtectedAreas({ db, fetch, view: GRID_VIEW, isOnline: online, now: T0 });
    expect(report).toMatchObject({ outcome: 'done', evicted: 0 });
    expect(report.fetched).toBeGreaterThan(0);
    expect(await db.protected_areas.count()).toBe(240);
    expect(areaRequests()).toBeGreaterThanOrEqual(2);
    const [first] = await db.protected_areas.toArray();
    expect(first?.cells.length).toBeGreaterThan(0);
    expect(first?.bytes).toBeGreaterThan(100);
    expect(await db.protected_sources.toArray()).toEqual([
      {
        source: 'nhle',
        attribution: expect.stringMatching(/^Contains Historic England data © Historic England \d{4}\./),
        nations: ['england'],
        fetchedAt: T0,
      },
    ]);
  });

  it('does not fetch a cell again within a day; after a day it does, and drops what the server removed', async () => {
    const db = device();
    const { fetch, areaRequests } = counted();
    await refreshProtectedAreas({ db, fetch, view: HILLFORT_VIEW, isOnline: online, now: T0 });
    const asked = areaRequests();
    expect(await names(db)).toEqual(['Hillfort']);
    expect(
      await refreshProtectedAreas({ db, fetch, view: HILLFORT_VIEW, isOnline: online, now: T0 + DAY - 1 }),
    ).toMatchObject({ outcome: 'done', fetched: 0 });
    expect(areaRequests()).toBe(asked);

    await importMonuments(server.t, [...GRID, LONE]);
    try {
      const report = await refreshProtectedAreas({
        db,
        fetch,
        view: HILLFORT_VIEW,
        isOnline: online,
        now: T0 + DAY,
      });
      expect(report.fetched).toBeGreaterThan(0);
      expect(await db.protected_areas.count()).toBe(0);
      // Still held: the place is known to have nothing now, so it is clear rather than no-data.
      const [lng, lat] = at(30_000, 0);
      expect(await checkOnDevice({ latitude: lat, longitude: lng, accuracyM: 0 }, db)).toEqual({
        status: 'clear',
        areas: [],
      });
    } finally {
      await importMonuments(server.t, ALL);
    }
  });

  it('fetches around the member’s spots: a permission boundary’s box grown by 5 km', async () => {
    const db = device();
    await signIn(db);
    // A boundary far east of its pin: the Lone barrow is 5 km from the boundary, 20 km from the pin.
    await db.locations.put(spotAt('s1', at(-20_000, 20_000), square(5_500, 20_000, 400)));
    const { fetch } = counted();
    await refreshProtectedAreas({ db, fetch, isOnline: online, now: T0 });
    expect(await names(db)).toEqual(['Lone barrow']);
    const [lng, lat] = at(80, 20_000);
    expect(await checkOnDevice({ latitude: lat, longitude: lng, accuracyM: 0 }, db)).toMatchObject({
      status: 'near',
      areas: [{ name: 'Lone barrow', distanceM: 30 }],
    });
  });

  it('stays under its cap: the map’s least recently used cells go first, the spots’ never', async () => {
    const db = device();
    await signIn(db);
    await db.locations.put(spotAt('s1', at(0, 20_000)));
    const { fetch } = counted();
    await refreshProtectedAreas({ db, fetch, view: GRID_VIEW, isOnline: online, now: T0, cap: 250 });
    expect(await db.protected_areas.count()).toBe(241);
    // The hillfort's view, two hours on: over a cap of 2, the grid's cells (used longest ago) go.
    const report = await refreshProtectedAreas({
      db,
      fetch,
      view: HILLFORT_VIEW,
      isOnline: online,
      now: T0 + 2 * 60 * 60 * 1000,
      cap: 2,
    });
    expect(report.evicted).toBeGreaterThan(0);
    expect((await names(db)).sort()).toEqual(['Hillfort', 'Lone barrow']);
    // Even over the cap, the spots' cells and the current view's stay.
    await refreshProtectedAreas({ db, fetch, view: HILLFORT_VIEW, isOnline: online, now: T0 + DAY, cap: 0 });
    expect((await names(db)).sort()).toEqual(['Hillfort', 'Lone barrow']);
  });

  it('offline does nothing and keeps what it has', async () => {
    const db = device();
    const { fetch, areaRequests } = counted();
    await refreshProtectedAreas({ db, fetch, view: HILLFORT_VIEW, isOnline: online, now: T0 });
    const asked = areaRequests();
    const report = await refreshProtectedAreas({
      db,
      fetch,
      view: GRID_VIEW,
      isOnline: () => false,
      now: T0 + 2 * DAY,
      cap: 0,
    });
    expect(report).toEqual({ outcome: 'offline', fetched: 0, evicted: 0 });
    expect(areaRequests()).toBe(asked);
    expect(await names(db)).toEqual(['Hillfort']);
  });

  it('a failed request keeps what was stored', async () => {
    const db = device();
    const { fetch } = counted();
    await refreshProtectedAreas({ db, fetch, view: HILLFORT_VIEW, isOnline: online, now: T0 });
    const failing: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));
    const report = await refreshProtectedAreas({
      db,
      fetch: failing,
      view: HILLFORT_VIEW,
      isOnline: online,
      now: T0 + DAY,
    });
    expect(report).toMatchObject({ outcome: 'failed', error: 'Failed to fetch' });
    expect(await names(db)).toEqual(['Hillfort']);
  });
});
