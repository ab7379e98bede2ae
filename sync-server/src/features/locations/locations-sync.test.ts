/**
 * Spots over sync (PROTOCOL.md S4, S5, S8, S13, S26–S28; docs/privacy.md): a private spot never reaches
 * anyone but its owner — not as a row, not as a tombstone; a spot turned private or deleted is a tombstone
 * in every other caller's next pull; the `recent:locations` window is made of shared spots only; visitors
 * pull shared spots rounded. On the engine the run names (DB_ENGINE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '@schema/contracts/sync';
import { locationMessages as m } from '@schema/contracts/locations';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  deleteOwnAccount,
  mutation,
  newUid,
  pullAll,
  pullScopes,
  push,
  signedIn,
  type ScopeCursors,
  type TestClient,
} from '../../sync/test-fixtures';
import { createSpot, insertSpots, permissionBody, spotBody } from './test-fixtures';

let t: TestApp;
let owner: { client: TestClient; user: { id: number } };
let other: { client: TestClient; user: { id: number } };
let anon: TestClient;

beforeAll(async () => {
  t = await createTestApp({ SYNC_WINDOW: '5' });
  owner = await signedIn(t, 'owner');
  other = await signedIn(t, 'other');
  anon = t.client();
});
afterAll(() => t.close());

const spotChanges = (changes: Change[], uid: string) =>
  changes.filter((c) => c.entity === 'locations' && c.uid === uid);
const pinOf = (uid: string) => [{ entity: 'locations' as const, uid }];

/** A device that has pulled everything so far (its cursors), pinning `uid`. */
async function caughtUp(client: TestClient, uid: string): Promise<ScopeCursors> {
  return (await pullAll(client, { pins: pinOf(uid) })).cursors;
}

describe('a private spot is its owner’s alone, on every pull path', () => {
  it('never reaches another member or a visitor — not as a row, not as a tombstone, not even pinned by uid', async () => {
    const before = { other: await caughtUp(other.client, newUid()), anon: await caughtUp(anon, newUid()) };
    const spot = await createSpot(owner.client, permissionBody);
    await owner.client.put(`/api/locations/${spot.uid}`, { name: 'Edited while private' });
    for (const [client, cursors] of [
      [other.client, before.other],
      [anon, before.anon],
    ] as const) {
      expect(spotChanges((await pullAll(client, { pins: pinOf(spot.uid) })).changes, spot.uid)).toEqual([]);
      expect(
        spotChanges((await pullAll(client, { cursors, pins: pinOf(spot.uid) })).changes, spot.uid),
      ).toEqual([]);
    }
    const ownerHeld = await caughtUp(owner.client, spot.uid);
    await owner.client.del(`/api/locations/${spot.uid}`);
    // Deleted: its tombstone reaches the owner's devices, and nobody else's — not even by the window.
    expect(spotChanges((await pullAll(owner.client, { cursors: ownerHeld })).changes, spot.uid)).toEqual([
      expect.objectContaining({ op: 'delete', id: spot.id }),
    ]);
    for (const [client, cursors] of [
      [other.client, before.other],
      [anon, before.anon],
    ] as const)
      expect(
        spotChanges((await pullAll(client, { cursors, pins: pinOf(spot.uid) })).changes, spot.uid),
      ).toEqual([]);
  });

  it('S26: its owner pulls it whole in own, the permission record included', async () => {
    const spot = await createSpot(owner.client, permissionBody);
    const [change] = spotChanges((await pullScopes(owner.client, { own: '' })).changes, spot.uid);
    expect(change).toMatchObject({
      op: 'upsert',
      data: { ...permissionBody, latitude: 52.612345, isShared: false },
    });
    expect(spotChanges((await pullScopes(other.client, { own: '' })).changes, spot.uid)).toEqual([]);
  });
});

describe('a shared spot', () => {
  it('S16: members pull it exactly without the permission record; visitors rounded, without access information', async () => {
    const spot = await createSpot(owner.client, { isShared: true, ...permissionBody });
    const [theirs] = spotChanges((await pullAll(other.client)).changes, spot.uid);
    expect(theirs).toMatchObject({
      op: 'upsert',
      data: { latitude: 52.612345, longitude: 1.287654, accessInfo: spot.accessInfo },
    });
    for (const key of Object.keys(permissionBody)) expect(theirs?.data).not.toHaveProperty(key);
    const [visitors] = spotChanges((await pullAll(anon)).changes, spot.uid);
    expect(visitors).toMatchObject({
      op: 'upsert',
      data: { latitude: 52.61, longitude: 1.29, approximate: true },
    });
    for (const key of [...Object.keys(permissionBody), 'accessInfo'])
      expect(visitors?.data).not.toHaveProperty(key);
  });

  it('S13: turned private, it is a tombstone in every other caller’s next pull — by the window and by a pin', async () => {
    const spot = await createSpot(owner.client, { isShared: true });
    const held = { other: await caughtUp(other.client, spot.uid), anon: await caughtUp(anon, spot.uid) };
    const windowOnly = (await pullScopes(other.client, { 'recent:locations': '' })).cursors;
    await owner.client.put(`/api/locations/${spot.id}`, { isShared: false });
    for (const [client, cursors] of [
      [other.client, held.other],
      [anon, held.anon],
    ] as const)
      expect(
        spotChanges((await pullAll(client, { cursors, pins: pinOf(spot.uid) })).changes, spot.uid),
      ).toEqual([expect.objectContaining({ op: 'delete', id: spot.id })]);
    expect(spotChanges((await pullScopes(other.client, windowOnly)).changes, spot.uid)).toEqual([
      expect.objectContaining({ op: 'delete' }),
    ]);
    // A device starting now never hears of it; its owner still has it.
    expect(spotChanges((await pullAll(other.client)).changes, spot.uid)).toEqual([]);
    expect(spotChanges((await pullAll(owner.client)).changes, spot.uid)).toEqual([
      expect.objectContaining({ op: 'upsert', data: expect.objectContaining({ isShared: false }) }),
    ]);
  });

  it('S13: deleted, it is a tombstone in every other caller’s next pull', async () => {
    const spot = await createSpot(owner.client, { isShared: true });
    const held = await caughtUp(other.client, spot.uid);
    await owner.client.del(`/api/locations/${spot.uid}`);
    expect(spotChanges((await pullAll(other.client, { cursors: held })).changes, spot.uid)).toEqual([
      expect.objectContaining({ op: 'delete' }),
    ]);
  });

  it('the member’s account deleted: their shared spots are tombstones on other devices', async () => {
    const leaver = await signedIn(t, 'leaver');
    const spot = await createSpot(leaver.client, { isShared: true });
    const held = await caughtUp(other.client, spot.uid);
    expect((await deleteOwnAccount(leaver.client, leaver.user.id)).status).toBe(200);
    expect(spotChanges((await pullAll(other.client, { cursors: held })).changes, spot.uid)).toEqual([
      expect.objectContaining({ op: 'delete' }),
    ]);
  });
});

describe('S27: recent:locations is made of shared spots only', () => {
  it('a member’s thousands of private spots neither fill the window nor reach anyone else', async () => {
    const sharer = await signedIn(t, 'sharer');
    const shared = await insertSpots(t, sharer.user.id, 6, {
      at: (i) => ({ latitude: 51 + i / 100, longitude: -1 }),
      shared: true,
    });
    const start = (await pullScopes(other.client, { 'recent:locations': '' })).cursors;
    const privateOnes = await insertSpots(t, sharer.user.id, 60, {
      at: (i) => ({ latitude: 50 + i / 100, longitude: 0 }),
    });
    const fresh = (await pullScopes(other.client, { 'recent:locations': '' })).changes.filter(
      (c) => c.entity === 'locations',
    );
    // SYNC_WINDOW is 5: the 5 newest shared spots, whatever the newer private ones' ids.
    expect(fresh.map((c) => c.uid).sort()).toEqual(
      shared
        .slice(1)
        .map((s) => s.uid)
        .sort(),
    );
    const privateUids = new Set(privateOnes.map((p) => p.uid));
    expect(fresh.filter((c) => privateUids.has(c.uid ?? ''))).toEqual([]);
    const after = (await pullScopes(other.client, start)).changes;
    expect(after.filter((c) => privateUids.has(c.uid ?? ''))).toEqual([]);
  });
});

describe('sync writes (S4, S5, S8)', () => {
  it('a create with a permission record, then sharing it, then a replayed delete', async () => {
    const uid = newUid();
    const create = mutation(
      'locations',
      'create',
      uid,
      spotBody({ ...permissionBody, latitude: '53.1', longitude: '-2.2' }),
    );
    expect((await push(owner.client, [create])).results[0]).toMatchObject({ status: 'applied' });
    const share = mutation('locations', 'update', uid, { isShared: true });
    expect((await push(owner.client, [share])).results[0]).toMatchObject({ status: 'applied' });
    expect((await other.client.get(`/api/locations/${uid}`)).json).toMatchObject({
      latitude: 53.1,
      isShared: true,
    });
    const remove = mutation('locations', 'delete', uid);
    expect(
      (await push(owner.client, [remove, { ...remove, mutationId: newUid() }])).results.map((r) => r.status),
    ).toEqual(['applied', 'applied']);
  });

  it('S5: another member’s writes are refused as REST refuses them', async () => {
    const shared = await createSpot(owner.client, { isShared: true });
    const hidden = await createSpot(owner.client);
    const { results } = await push(other.client, [
      mutation('locations', 'update', shared.uid, { name: 'Taken over' }),
      mutation('locations', 'update', hidden.uid, { name: 'Taken over' }),
      mutation('locations', 'delete', shared.uid),
      mutation('locations', 'create', hidden.uid, spotBody()),
    ]);
    expect(results.map((r) => [r.code, r.message])).toEqual([
      ['forbidden', m.notOwner],
      ['not-found', m.notFound],
      ['forbidden', m.notOwnerDelete],
      ['conflict', m.uidTaken],
    ]);
    // A delete of a spot the member cannot see holds as meant (S8) and changes nothing.
    const again = await push(other.client, [mutation('locations', 'delete', hidden.uid)]);
    expect(again.results[0]).toMatchObject({ status: 'applied' });
    expect((await owner.client.get(`/api/locations/${hidden.uid}`)).status).toBe(200);
  });
});
