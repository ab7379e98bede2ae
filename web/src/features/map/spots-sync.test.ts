/**
 * Spots through the real sync engine and the real server in process (docs/sync.md; docs/privacy.md;
 * docs/map.md "Importing KML, KMZ, KMI and GPX"): a spot written offline reaches the server private and
 * no other device; shared, it reaches another member's device; made private again or deleted, it leaves
 * it. An import of 150 spots goes up in two push requests, not one per spot. An import tells the engine
 * once: every batch is queued before one 'write' trigger pushes them all; batches written without that
 * announcement (a tab closed mid-import) are pushed at the next start-up.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import type { LocationCreateInput } from '@schema/contracts/locations';
import { MAX_PUSH_BATCH } from '@schema/contracts/sync-constants';
import type { LocalLocation } from '@web/db/database';
import { writeLocalBatch, type LocalWrite, type SyncEngine, type SyncReason } from '@web/sync';
import { startSyncTriggers } from '@web/sync/triggers';
import { createTestApp, device, member, serverRows, type TestApp } from '@web/sync/test-utils';
import { createSpot, deleteSpot, importSpots, updateSpot } from './hooks/spot-writes';
import { NO_PERMISSION_EDGES } from '@schema/contracts/permission-edges-constants';

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
  ...NO_PERMISSION_EDGES,
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

  it("a permission's edges and terms: saved offline at once, pushed, pulled whole on the owner's second device, never on another's", async () => {
    const owner = await member(t, name('edges'));
    const other = await member(t, name('neighbour'));
    const phone = await device(t, owner);
    const tablet = await device(t, owner);
    const friend = await device(t, other);
    const ring: [number, number][] = [
      [1.23, 52.65],
      [1.24, 52.65],
      [1.24, 52.66],
      [1.23, 52.65],
    ];
    const corner: [number, number][] = [
      [1.235, 52.652],
      [1.236, 52.652],
      [1.236, 52.653],
      [1.235, 52.652],
    ];
    const edges = {
      permissionBoundary: { type: 'Polygon' as const, coordinates: [ring] },
      permissionExclusions: { type: 'MultiPolygon' as const, coordinates: [[corner]] },
      permissionDays: ['sat' as const, 'sun' as const],
      permissionNotice: 'A day ahead',
      agreementFindsSplit: 'Finder keeps all but Treasure',
    };
    const uid = await createSpot(owner.user, { ...input('Church Farm'), isShared: true }, phone.db);
    const stored = await phone.db.locations.get(uid);
    if (!stored) throw new Error('no local spot');
    // An edit of the edges holds on the device at once, with no signal.
    await updateSpot(owner.user, stored, edges, phone.db);
    expect(await phone.db.locations.get(uid)).toMatchObject(edges);

    await phone.engine.sync();
    const [row] = await serverRows(
      t,
      `SELECT p.boundary_geojson AS "boundary", p.allowed_days AS "days", p.notice FROM location_permissions p JOIN locations l ON l.id = p.location_id WHERE l.uid = '${uid}'`,
    );
    expect(row).toEqual({
      boundary: JSON.stringify(edges.permissionBoundary),
      days: 'sat,sun',
      notice: 'A day ahead',
    });
    await tablet.engine.sync();
    expect(await tablet.db.locations.get(uid)).toMatchObject(edges);
    await friend.engine.sync();
    const theirs = await friend.db.locations.get(uid);
    expect(theirs).toMatchObject({ name: 'Church Farm' });
    for (const key of Object.keys(edges)) expect(theirs).not.toHaveProperty(key);

    // Cleared on the tablet: the boundary and days go everywhere the owner is.
    const onTablet = await tablet.db.locations.get(uid);
    if (!onTablet) throw new Error('no spot on the tablet');
    await updateSpot(
      owner.user,
      onTablet,
      { permissionBoundary: null, permissionExclusions: null, permissionDays: null },
      tablet.db,
    );
    expect(await tablet.db.locations.get(uid)).toMatchObject({
      permissionBoundary: null,
      permissionDays: null,
    });
    await tablet.engine.sync();
    await phone.engine.sync();
    expect(await phone.db.locations.get(uid)).toMatchObject({
      permissionBoundary: null,
      permissionExclusions: null,
      permissionDays: null,
      permissionNotice: 'A day ahead',
    });
    // Gone again, so the later tests' new devices do not pull this shared spot.
    const last = await phone.db.locations.get(uid);
    if (last) await deleteSpot(owner.user, last, phone.db);
    await phone.engine.sync();
    await Promise.all([phone.close(), tablet.close(), friend.close()]);
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

/** A hidden tab (no polling): only start-up, writes and sessions trigger. */
const quietTab = () => {
  const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState });
  return { window: new EventTarget(), document: doc, intervalMs: 60_000 };
};

/** The engine's triggers, recorded, and passed on to `engine` when one is given. */
function recording(engine?: SyncEngine): SyncEngine & { reasons: SyncReason[] } {
  const reasons: SyncReason[] = [];
  return {
    reasons,
    requestSync(reason) {
      reasons.push(reason);
      engine?.requestSync(reason);
    },
    sync: (reason) =>
      engine?.sync(reason) ?? Promise.resolve({ outcome: 'synced', applied: 0, rejected: 0, pulled: 0 }),
    get status() {
      return engine?.status ?? { phase: 'idle', lastError: null, nextRetryAt: null };
    },
    dispose: () => engine?.dispose(),
  };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const importItems = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    name: `Permission ${i}`,
    description: null,
    latitude: 51 + i / 10_000,
    longitude: -1,
  }));

const serverCount = async (userId: number) =>
  Number((await serverRows(t, `SELECT COUNT(*) AS n FROM locations WHERE user_id = ${userId}`))[0]?.n ?? NaN);

describe('an import and the sync engine', () => {
  it('queues all 600 spots (two batches) before one write trigger, which pushes them all', async () => {
    const owner = await member(t, `announce${Date.now()}`);
    const phone = await device(t, owner);
    const engine = recording(phone.engine);
    const stop = startSyncTriggers(engine, phone.db, quietTab());
    await phone.engine.sync(); // the start-up cycle, done before the import starts
    engine.reasons.length = 0;

    const seen: Array<{ done: number; triggers: number }> = [];
    const result = await importSpots(
      owner.user,
      importItems(600),
      (p) => void seen.push({ done: p.done, triggers: engine.reasons.length }),
      phone.db,
    );
    expect(result).toEqual({ imported: 600, failed: 0 });
    // While the batches were written the engine heard nothing; after the last, exactly one trigger.
    expect(seen.map((s) => [s.done, s.triggers])).toEqual([
      [500, 0],
      [600, 0],
    ]);
    expect(engine.reasons).toEqual(['write']);

    // Six pushes of 100 spots: seconds on an idle machine, up to ~20 s on PostgreSQL under a full parallel
    // test run; the test's own 60 s bound still applies.
    await waitFor(async () => (await phone.db.outbox.count()) === 0, 50_000);
    expect(await serverCount(owner.user.id)).toBe(600);
    const spots = await phone.db.locations.toArray();
    expect(spots).toHaveLength(600);
    expect(spots.every((s) => typeof s.id === 'number')).toBe(true);
    expect(engine.reasons).toEqual(['write']);
    stop();
    await phone.close();
  }, 60_000);

  it('batches queued unannounced (the tab closed mid-import) are pushed at the next start-up', async () => {
    const owner = await member(t, `closed${Date.now()}`);
    const phone = await device(t, owner);
    const closing = recording();
    const stopClosing = startSyncTriggers(closing, phone.db, quietTab());
    const now = new Date().toISOString();
    const writes = importItems(3).map((item) => {
      const fields = {
        ...item,
        type: 'Other',
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
        permissionBoundary: null,
        permissionExclusions: null,
        permissionDays: null,
        permissionNotice: null,
        permissionCropsNotes: null,
        agreementFindsSplit: null,
        agreementTreasureSplit: null,
        agreementLandownerSees: null,
      } satisfies LocationCreateInput;
      const record: LocalLocation = {
        id: null,
        uid: uuidv7(),
        userId: owner.user.id,
        username: owner.user.username,
        ...fields,
        created_at: now,
        updated_at: now,
      };
      return {
        entity: 'locations',
        op: 'create',
        uid: record.uid,
        userId: owner.user.id,
        payload: { ...fields },
        record,
      } satisfies LocalWrite;
    });
    await writeLocalBatch(phone.db, writes, { announce: false });
    expect(closing.reasons).toEqual(['startup']); // no 'write': the import never finished
    stopClosing();
    expect(await phone.db.outbox.count()).toBe(3);

    const reopened = recording(phone.engine);
    const stop = startSyncTriggers(reopened, phone.db, quietTab());
    await waitFor(async () => (await phone.db.outbox.count()) === 0);
    expect(reopened.reasons).toEqual(['startup']);
    expect(await serverCount(owner.user.id)).toBe(3);
    stop();
    await phone.close();
  });
});
