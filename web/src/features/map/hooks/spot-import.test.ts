/**
 * An import's batch is stored exactly as one write per spot would store it (web/src/sync/outbox.ts: a batch
 * of creates for records the device has never seen is written with one request per table): each spot put,
 * private, and its create queued once with no earlier state. A batch that touches a queued record goes
 * through the ordinary path, which folds an edit into the unsent create (C2).
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import type { SelfUser } from '@schema/contracts/users';
import { DigQuestDb, type OutboxMutation } from '@web/db/database';
import { writeLocalBatch } from '@web/sync';
import { createSpot, importSpots } from './spot-writes';

const user: SelfUser = {
  id: 7,
  username: 'relic_hunter',
  email: 'r@example.com',
  avatarUrl: '',
  bio: null,
  created_at: '2024-03-05T10:00:00Z',
  isEmailVerified: true,
};

const opened: DigQuestDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});
function open(): DigQuestDb {
  const db = new DigQuestDb(`import-${uuidv7()}`);
  opened.push(db);
  return db;
}

const item = (i: number) => ({
  name: `Waypoint ${i}`,
  description: i % 2 ? 'Stubble' : null,
  latitude: 51 + i / 1000,
  longitude: -1,
});

/** A queued mutation without what differs from run to run. */
const shape = ({ mutationId: _id, createdAt: _at, uid: _uid, record: _record, ...rest }: OutboxMutation) =>
  rest;

describe('an import batch', () => {
  it('stores and queues each spot as a single write would', async () => {
    const single = open();
    const batch = open();
    for (let i = 0; i < 3; i++) await importSpots(user, [item(i)], () => undefined, single);
    expect(await importSpots(user, [0, 1, 2].map(item), () => undefined, batch)).toEqual({
      imported: 3,
      failed: 0,
    });

    const [one, many] = await Promise.all([single.outbox.toArray(), batch.outbox.toArray()]);
    expect(many.map(shape)).toEqual(one.map(shape));
    expect(many.map((m) => m.before)).toEqual([null, null, null]);
    const spots = await batch.locations.toArray();
    expect(spots.map((s) => [s.name, s.isShared, s.type])).toEqual([
      ['Waypoint 0', false, 'Other'],
      ['Waypoint 1', false, 'Other'],
      ['Waypoint 2', false, 'Other'],
    ]);
    expect(many.map((m) => m.record)).toEqual(spots);
  });

  it('a batch touching a queued record folds into it, as single writes do', async () => {
    const db = open();
    const uid = await createSpot(
      user,
      {
        name: 'Manor Farm',
        description: null,
        latitude: 52,
        longitude: 1,
        type: 'Field',
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
      },
      db,
    );
    const fresh = uuidv7();
    const first = await db.locations.get(uid);
    if (!first) throw new Error('no spot');
    await writeLocalBatch(db, [
      { entity: 'locations', op: 'update', uid, userId: user.id, payload: { name: 'Manor Farm top' } },
      {
        entity: 'locations',
        op: 'create',
        uid: fresh,
        userId: user.id,
        payload: {},
        record: { ...first, uid: fresh, name: 'Second' },
      },
    ]);
    const queued = await db.outbox.toArray();
    expect(queued.map((m) => [m.uid, m.op])).toEqual([
      [uid, 'create'],
      [fresh, 'create'],
    ]);
    expect(queued[0]?.payload).toMatchObject({ name: 'Manor Farm top' });
    expect((await db.locations.get(uid))?.name).toBe('Manor Farm top');
  });
});
