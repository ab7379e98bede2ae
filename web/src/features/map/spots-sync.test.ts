/**
 * Spots through the real sync engine and the real server in process (docs/sync.md; docs/privacy.md;
 * docs/map.md "Importing KML, KMZ, KMI and GPX"): a spot written offline reaches the server private and
 * no other device; shared, it reaches another member's device; made private again or deleted, it leaves
 * it. An import of 150 spots goes up in two push requests, not one per spot.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocationCreateInput } from '@schema/contracts/locations';
import { MAX_PUSH_BATCH } from '@schema/contracts/sync-constants';
import { createTestApp, device, member, serverRows, type TestApp } from '@web/sync/test-utils';
import { createSpot, deleteSpot, importSpots, updateSpot } from './hooks/spot-writes';

let t: TestApp;
let n = 0;
const name = (prefix: string) => `${prefix}${++n}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const input = (spotName: string): LocationCreateInput => ({
  name: spotName,
  latitude: 52.6543,
  longitude: 1.2345,
  type: 'Field',
  description: 'Stubble after harvest',
  terrainType: null,
  accessInfo: 'Park by the gate',
  bestTimeToVisit: null,
  hasPermission: true,
  isGroupDig: false,
  isShared: false,
  landownerName: 'Mr Jones',
  landownerContact: null,
  permissionGranted: '2024-01-01',
  permissionExpires: null,
  permissionNotes: null,
});

const onServer = (uid: string) =>
  serverRows(t, `SELECT id, name, is_private AS "isPrivate" FROM locations WHERE uid = '${uid}'`);

describe('spots through the sync engine', () => {
  it('a private spot written offline syncs; shared it reaches another member, private or deleted it leaves', async () => {
    const owner = await member(t, name('owner'));
    const other = await member(t, name('other'));
    const phone = await device(t, owner);
    const friend = await device(t, other);

    const uid = await createSpot(owner.user, input('Manor Farm top field'), phone.db);
    expect(await phone.db.locations.get(uid)).toMatchObject({ id: null, name: 'Manor Farm top field' });
    expect(await onServer(uid)).toEqual([]);

    expect(await phone.engine.sync()).toMatchObject({ outcome: 'synced', applied: 1, rejected: 0 });
    const [row] = await onServer(uid);
    expect(row).toMatchObject({ name: 'Manor Farm top field' });
    expect(Boolean(row?.isPrivate)).toBe(true);
    expect((await phone.db.locations.get(uid))?.id).toBe(row?.id);

    await friend.engine.sync();
    expect(await friend.db.locations.get(uid)).toBeUndefined();

    const stored = await phone.db.locations.get(uid);
    if (!stored) throw new Error('no local spot');
    await updateSpot(owner.user, stored, { isShared: true }, phone.db);
    await phone.engine.sync();
    await friend.engine.sync();
    const seen = await friend.db.locations.get(uid);
    expect(seen).toMatchObject({
      name: 'Manor Farm top field',
      isShared: true,
      accessInfo: 'Park by the gate',
    });
    // The permission record never leaves the server except to the owner.
    expect(seen).not.toHaveProperty('landownerName');
    expect((await phone.db.locations.get(uid))?.landownerName).toBe('Mr Jones');

    await updateSpot(owner.user, stored, { isShared: false }, phone.db);
    await phone.engine.sync();
    await friend.engine.sync();
    expect(await friend.db.locations.get(uid)).toBeUndefined();

    await updateSpot(owner.user, stored, { isShared: true }, phone.db);
    await phone.engine.sync();
    await friend.engine.sync();
    expect(await friend.db.locations.get(uid)).toBeDefined();
    await deleteSpot(owner.user, stored, phone.db);
    expect(await phone.db.locations.get(uid)).toBeUndefined();
    await phone.engine.sync();
    await friend.engine.sync();
    expect(await friend.db.locations.get(uid)).toBeUndefined();
    expect(await onServer(uid)).toEqual([]);
    await Promise.all([phone.close(), friend.close()]);
  });

  it('an import of 150 spots is queued on the device and pushed in batches, all private', async () => {
    const owner = await member(t, name('importer'));
    const phone = await device(t, owner);
    const items = Array.from({ length: 150 }, (_, i) => ({
      name: `Waypoint ${String(i).padStart(3, '0')}`,
      description: null,
      latitude: 51 + i / 1000,
      longitude: -1 - i / 1000,
    }));
    const progress: number[] = [];
    const result = await importSpots(owner.user, items, (p) => progress.push(p.done), phone.db);
    expect(result).toEqual({ imported: 150, failed: 0 });
    expect(progress.at(-1)).toBe(150);
    expect(await phone.db.outbox.count()).toBe(150);

    phone.requests.length = 0;
    await phone.engine.sync();
    const pushes = phone.requests.filter((r) => r === 'POST /api/sync/push');
    expect(pushes).toHaveLength(Math.ceil(150 / MAX_PUSH_BATCH));
    const rows = await serverRows(
      t,
      `SELECT COUNT(*) AS n, SUM(CASE WHEN is_private THEN 1 ELSE 0 END) AS private FROM locations WHERE user_id = ${owner.user.id}`,
    );
    expect(Number(rows[0]?.n)).toBe(150);
    expect(Number(rows[0]?.private)).toBe(150);
    expect(await phone.db.outbox.count()).toBe(0);
    await phone.close();
  });
});
