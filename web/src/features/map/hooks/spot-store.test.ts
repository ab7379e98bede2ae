/**
 * The map's in-memory spots (spot-store.ts; docs/map.md "Spots on the map") on devices syncing with the
 * real server in process: after every write — Add, Edit, made shared or private, Delete, an import, the
 * server's ids arriving with the push, another member's shared spot arriving and leaving with a pull — the
 * store holds exactly what a full read of the table gives, in the same order, without reading the table
 * again; and an import's batches reach the map and the list once.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LocationCreateInput } from '@schema/contracts/locations';
import { DigQuestDb } from '@web/db/database';
import { createTestApp, device, member, type TestApp } from '@web/sync/test-utils';
import { createSpot, deleteSpot, importSpots, updateSpot } from './spot-writes';
import { spotStore, type SpotStore } from './spot-store';
import { NO_PERMISSION_EDGES } from '@schema/contracts/permission-edges-constants';

let t: TestApp;
let n = 0;
const name = (prefix: string) => `${prefix}${++n}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const input = (spotName: string, over: Partial<LocationCreateInput> = {}): LocationCreateInput => ({
  name: spotName,
  latitude: 52.6543,
  longitude: 1.2345,
  type: 'Field',
  description: null,
  terrainType: null,
  accessInfo: null,
  bestTimeToVisit: null,
  hasPermission: false,
  isGroupDig: false,
  isShared: false,
  landownerName: null,
  landownerContact: null,
  permissionGranted: null,
  permissionExpires: null,
  permissionNotes: null,
  ...NO_PERMISSION_EDGES,
  ...over,
});

const waypoints = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    name: `Waypoint ${String(i).padStart(4, '0')}`,
    description: null,
    latitude: 51 + i / 10_000,
    longitude: -1 - i / 10_000,
  }));

/** The store of a device's database with the map open (one subscriber), and how often it published. */
async function openMap(
  db: DigQuestDb,
): Promise<{ store: SpotStore; published: () => number; close: () => void }> {
  const store = spotStore(db);
  let count = 0;
  const close = store.subscribe(() => (count += 1));
  await store.settled();
  return { store, published: () => count, close };
}

/** What the map and the list see, once the store has taken every change. */
async function shown(store: SpotStore) {
  await store.settled();
  return store.state.state === 'ready' ? store.state.value : null;
}

describe('the in-memory spot store', () => {
  it('follows every write and the push without reading the table again, in the table order', async () => {
    const owner = await member(t, name('spotter'));
    const phone = await device(t, owner);
    const { store, close } = await openMap(phone.db);
    const fullRead = () => phone.db.locations.toArray();
    expect(await shown(store)).toEqual([]);
    const reads = vi.spyOn(phone.db.locations, 'toArray');

    const first = await createSpot(owner.user, input('Manor Farm top field'), phone.db);
    const second = await createSpot(owner.user, input('Beach below the cliffs', { type: 'Beach' }), phone.db);
    const stored = await phone.db.locations.get(first);
    if (!stored) throw new Error('no spot');
    await updateSpot(owner.user, stored, { isShared: true, name: 'Manor Farm' }, phone.db);
    expect((await shown(store))?.map((s) => [s.uid, s.name, s.isShared])).toEqual([
      [first, 'Manor Farm', true],
      [second, 'Beach below the cliffs', false],
    ]);
    await updateSpot(owner.user, stored, { isShared: false }, phone.db);
    expect((await shown(store))?.find((s) => s.uid === first)?.isShared).toBe(false);

    await importSpots(owner.user, waypoints(150), () => undefined, phone.db);
    const gone = await phone.db.locations.get(second);
    if (!gone) throw new Error('no spot');
    await deleteSpot(owner.user, gone, phone.db);

    // The push brings the server's ids (written 100 at a time, which Dexie reports as "anything changed").
    await phone.engine.sync();
    expect(await phone.db.outbox.count()).toBe(0);
    const everything = await fullRead();
    expect(everything).toHaveLength(151);
    expect(everything.every((s) => s.id !== null)).toBe(true);
    expect(await shown(store)).toEqual(everything);
    expect(reads).toHaveBeenCalledTimes(1); // the comparison's own read, not the store's
    close();
    await phone.close();
  });

  it("takes an import's batches once, when the last one is written", async () => {
    const owner = await member(t, name('importer'));
    const phone = await device(t, owner);
    const { store, published, close } = await openMap(phone.db);
    const before = published();
    const progress: number[] = [];
    await importSpots(owner.user, waypoints(1200), (p) => progress.push(p.done), phone.db);
    expect(progress).toEqual([500, 1000, 1200]);
    expect(await shown(store)).toHaveLength(1200);
    expect(published() - before).toBe(1);
    expect(await shown(store)).toEqual(await phone.db.locations.toArray());
    close();
    await phone.close();
  });

  it("another member's spot arrives when shared and leaves when made private, through the pull", async () => {
    const owner = await member(t, name('owner'));
    const other = await member(t, name('friend'));
    const phone = await device(t, owner);
    const friend = await device(t, other);
    const { store, close } = await openMap(friend.db);

    const uid = await createSpot(
      owner.user,
      input('Rally field', { isShared: true, isGroupDig: true }),
      phone.db,
    );
    await phone.engine.sync();
    await friend.engine.sync();
    expect((await shown(store))?.map((s) => [s.uid, s.isGroupDig])).toEqual([[uid, true]]);

    const stored = await phone.db.locations.get(uid);
    if (!stored) throw new Error('no spot');
    await updateSpot(owner.user, stored, { isShared: false }, phone.db);
    await phone.engine.sync();
    await friend.engine.sync();
    expect(await shown(store)).toEqual([]);
    expect(await friend.db.locations.count()).toBe(0);
    close();
    await Promise.all([phone.close(), friend.close()]);
  });

  it('says when the spots cannot be read (the list shows its error text)', async () => {
    const broken = new DigQuestDb(`closed-${name('db')}`);
    broken.close();
    const store = spotStore(broken);
    const close = store.subscribe(() => undefined);
    await store.settled();
    expect(store.state.state).toBe('error');
    close();
  });

  it("another tab's writes are read again by key", async () => {
    const owner = await member(t, name('twotabs'));
    const phone = await device(t, owner);
    const { store, close } = await openMap(phone.db);
    const otherTab = new DigQuestDb(phone.db.name);
    const uid = await createSpot(owner.user, input('Written in the other tab'), otherTab);
    expect((await shown(store))?.map((s) => s.uid)).toEqual([uid]);
    const stored = await otherTab.locations.get(uid);
    if (!stored) throw new Error('no spot');
    await deleteSpot(owner.user, stored, otherTab);
    expect(await shown(store)).toEqual([]);
    otherTab.close();
    close();
    await phone.close();
  });
});
