/**
 * A find's recording details on the server (docs/find-recording.md, docs/treasure.md): they round-trip for
 * the finder on REST and sync; the owner-only ones (Treasure, accuracy, notes for the FLO) reach nobody
 * else on any path — another member, a visitor, the moderator; REST, search, pull, the first look; the
 * public point is the centre of the square the finder allows, never finer than 4 figures for a visitor;
 * bad values get 400 with the field's message, the rules across fields judged on what the find will hold.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  OWNER_ONLY_RECORDING_FIELDS,
  recordingMessages,
  type FindRecordingOwnerOnly,
  type FindRecordingPublic,
} from '@schema/contracts/find-recording';
import { publicSquare } from '@schema/contracts/grid/public-square';
import { treasureDeadline, ukDate } from '@schema/contracts/treasure';
import type { Find } from '@schema/contracts/finds';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  errorOf,
  findForm,
  findPayload,
  jpegBytes,
  mutation,
  newUid,
  official,
  pullAll,
  push,
  putBlob,
  sha256Of,
  signedIn,
  type TestClient,
} from '../../sync/test-fixtures';

let t: TestApp;
let alice: TestClient;
let aliceId: number;
let bob: TestClient;
let anon: TestClient;
let moderator: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  const signedInAlice = await signedIn(t, 'alice');
  alice = signedInAlice.client;
  aliceId = signedInAlice.user.id;
  bob = (await signedIn(t, 'bob')).client;
  anon = t.client();
  moderator = await official(t);
});
afterEach(() => t.close());

/** Stonehenge's car park, more or less: inside OS square SU 12 42. */
const SPOT = { latitude: '51.17869', longitude: '-1.82622' };

const RECORDING = {
  objectType: 'brooch',
  quantity: '2',
  primaryMaterial: 'copper alloy',
  secondaryMaterial: 'iron',
  weightGrams: '4.52',
  lengthMm: '23',
  widthMm: '18.5',
  thicknessMm: '2',
  diameterMm: '',
  completeness: 'Incomplete',
  dateFromYear: '-43',
  dateToYear: '410',
  discoveryMethod: 'Metal detector',
  depthBand: '10-20',
  landUse: 'pasture',
  foundOn: '2026-03-12',
  positionAccuracyM: '8',
  positionSource: 'gps',
  pasRecordId: 'wilt-123abc',
  floNotes: 'Found beside the old hedge line',
  findspotPrecision: '4',
  treasureStatus: 'possible',
  treasureRealisedOn: '2026-03-14',
  treasureReference: 'CORONER-77',
};

async function createRecorded(client: TestClient, fields: Record<string, string> = {}) {
  const body = findForm({ ...SPOT }, await jpegBytes());
  for (const [key, value] of Object.entries({ ...RECORDING, ...fields })) body.set(key, value);
  const res = await client.post('/api/finds', body);
  expect(res.status, res.text).toBe(201);
  return res.json as Find;
}

const ownerOnlyIn = (find: object) => OWNER_ONLY_RECORDING_FIELDS.filter((field) => field in find);

describe('recording details round-trip for the finder', () => {
  it('REST create and read: every field as typed, numbers as numbers, the deadline computed', async () => {
    const created = await createRecorded(alice);
    const read = (await alice.get(`/api/finds/${created.id}`)).json as Find;
    expect(read).toMatchObject({
      objectType: 'brooch',
      quantity: 2,
      primaryMaterial: 'copper alloy',
      secondaryMaterial: 'iron',
      weightGrams: 4.52,
      lengthMm: 23,
      widthMm: 18.5,
      thicknessMm: 2,
      diameterMm: null,
      completeness: 'Incomplete',
      dateFromYear: -43,
      dateToYear: 410,
      discoveryMethod: 'Metal detector',
      depthBand: '10-20',
      landUse: 'pasture',
      foundOn: '2026-03-12',
      positionAccuracyM: 8,
      positionSource: 'gps',
      pasRecordId: 'WILT-123ABC',
      floNotes: 'Found beside the old hedge line',
      findspotPrecision: '4',
      treasureStatus: 'possible',
      treasureRealisedOn: '2026-03-14',
      treasureReference: 'CORONER-77',
      // Found on the 12th (+14 = 26th), realised on the 14th (+13 = 27th): the later one.
      treasureDeadline: '2026-03-27',
    } satisfies Partial<FindRecordingPublic & FindRecordingOwnerOnly>);
    expect(created).toEqual(read);
  });

  it('a find logged without details gets the defaults: one object, metal detector, hidden, found today (UK)', async () => {
    const res = await alice.post('/api/finds', findForm({}, await jpegBytes()));
    expect(res.json).toMatchObject({
      quantity: 1,
      discoveryMethod: 'Metal detector',
      findspotPrecision: 'hidden',
      foundOn: ukDate(new Date()),
      treasureStatus: 'none',
      treasureDeadline: null,
      objectType: null,
    });
  });

  it('an edit changes only what it names; a blank clears; the deadline follows the days', async () => {
    const created = await createRecorded(alice);
    const res = await alice.patch(`/api/finds/${created.id}`, {
      floNotes: '',
      treasureRealisedOn: '2026-03-20',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      floNotes: null,
      objectType: 'brooch',
      treasureDeadline: treasureDeadline('2026-03-12', '2026-03-20'),
    });
  });

  it('sync: a queued create and update carry the details; the rules across fields judge the merged find', async () => {
    const bytes = await jpegBytes(3);
    expect((await putBlob(t, alice, bytes)).status).toBeLessThan(300);
    const uid = newUid();
    const created = await push(alice, [
      mutation('finds', 'create', uid, {
        ...findPayload(sha256Of(bytes)),
        objectType: 'coin',
        weightGrams: 1.2,
        dateFromYear: 1200,
        dateToYear: 1300,
        treasureStatus: 'possible',
      }),
    ]);
    expect(created.results[0]?.status, JSON.stringify(created.results)).toBe('applied');
    // Only the start moves, past the stored end: refused, as the form would.
    const refused = await push(alice, [mutation('finds', 'update', uid, { dateFromYear: 1400 })]);
    expect(refused.results[0]).toMatchObject({ status: 'rejected', message: recordingMessages.dateOrder });
    const noDay = await push(alice, [mutation('finds', 'update', uid, { treasureStatus: 'reported' })]);
    expect(noDay.results[0]).toMatchObject({
      status: 'rejected',
      message: recordingMessages.reportedNeedsDate,
    });
    const reported = await push(alice, [
      mutation('finds', 'update', uid, {
        treasureStatus: 'reported',
        treasureReportedOn: '2026-03-15',
        treasureReportedTo: 'Wiltshire FLO',
      }),
    ]);
    expect(reported.results[0]?.status).toBe('applied');
    expect((await alice.get(`/api/finds/${uid}`)).json).toMatchObject({
      objectType: 'coin',
      weightGrams: 1.2,
      treasureStatus: 'reported',
      treasureReportedOn: '2026-03-15',
      treasureReportedTo: 'Wiltshire FLO',
    });
  });
});

describe('owner-only fields reach the finder alone, on every path', () => {
  it('REST, list, search and pull: absent (not null) for another member, a visitor and the moderator', async () => {
    const find = await createRecorded(alice);
    for (const [who, client] of [
      ['bob', bob],
      ['visitor', anon],
      ['moderator', moderator],
    ] as const) {
      const one = (await client.get(`/api/finds/${find.id}`)).json as Find;
      expect(ownerOnlyIn(one), `${who} GET /finds/{id}`).toEqual([]);
      expect(one.objectType, who).toBe('brooch');
      const list = (await client.get('/api/finds')).json as Find[];
      expect(list.flatMap(ownerOnlyIn), `${who} list`).toEqual([]);
      const search = (await client.get('/api/finds?q=Roman')).json as Find[];
      expect(search.length, `${who} search`).toBe(1);
      expect(search.flatMap(ownerOnlyIn), `${who} search`).toEqual([]);
      const pulled = (await pullAll(client)).changes.filter((c) => c.entity === 'finds');
      expect(pulled.length, `${who} pull`).toBeGreaterThan(0);
      expect(
        pulled.flatMap((c) => ownerOnlyIn(c.data ?? {})),
        `${who} pull`,
      ).toEqual([]);
      expect(JSON.stringify(pulled)).not.toContain('hedge line');
    }
    const own = (await pullAll(alice)).changes.find((c) => c.entity === 'finds')?.data ?? {};
    expect(ownerOnlyIn(own)).toEqual([...OWNER_ONLY_RECORDING_FIELDS]);
  });

  it('the activity feed of a follower holds none of them', async () => {
    await createRecorded(alice);
    expect((await bob.post('/api/social/follow', { targetUserId: aliceId, action: 'follow' })).status).toBe(
      200,
    );
    const feed = await bob.get('/api/social/feed');
    expect(feed.status).toBe(200);
    expect(feed.text).toContain('Roman denarius');
    expect(feed.text).not.toMatch(/hedge line|CORONER-77|treasure|positionAccuracy/i);
  });

  it("the find's page as a visitor's first look holds none of them", async () => {
    const find = await createRecorded(alice);
    const page = (await anon.get(`/finds/${find.id}`)).text;
    expect(page).not.toContain('hedge line');
    expect(page).not.toContain('CORONER-77');
  });
});

describe('the public point: the centre of the square the finder allows', () => {
  const square = (figures: 4 | 6) =>
    publicSquare({ latitude: Number(SPOT.latitude), longitude: Number(SPOT.longitude) }, figures);
  const pointOf = (find: Find) => [find.publicGridRef, find.publicLatitude, find.publicLongitude];

  it('hidden: nobody else gets a point or a grid reference', async () => {
    const find = await createRecorded(alice, { findspotPrecision: 'hidden' });
    for (const client of [bob, anon]) {
      const seen = (await client.get(`/api/finds/${find.id}`)).json as Find;
      expect(pointOf(seen)).toEqual([undefined, undefined, undefined]);
      expect(seen.latitude).toBeUndefined();
    }
  });

  it('4 figures: members and visitors get the 1 km square centre, never the exact point', async () => {
    const find = await createRecorded(alice, { findspotPrecision: '4' });
    const { gridRef, latitude, longitude } = square(4);
    expect(gridRef).toBe('SU 12 42');
    for (const client of [bob, anon]) {
      const seen = (await client.get(`/api/finds/${find.id}`)).json as Find;
      expect(pointOf(seen)).toEqual([gridRef, latitude, longitude]);
      expect(seen.publicLatitude).not.toBe(Number(SPOT.latitude));
    }
  });

  it('6 figures: members get the 100 m square; a visitor still only the 1 km one', async () => {
    const find = await createRecorded(alice, { findspotPrecision: '6' });
    const six = square(6);
    const four = square(4);
    expect(pointOf((await bob.get(`/api/finds/${find.id}`)).json as Find)).toEqual([
      six.gridRef,
      six.latitude,
      six.longitude,
    ]);
    expect(pointOf((await anon.get(`/api/finds/${find.id}`)).json as Find)).toEqual([
      four.gridRef,
      four.latitude,
      four.longitude,
    ]);
    const pulled = (await pullAll(anon)).changes.find((c) => c.entity === 'finds')?.data as Find;
    expect(pulled.publicGridRef).toBe(four.gridRef);
  });
});

describe('bad values: 400 with the field’s message', () => {
  it.each([
    [{ weightGrams: '1.234' }, recordingMessages.weight],
    [{ quantity: '0' }, recordingMessages.quantity],
    [{ pasRecordId: 'abc' }, recordingMessages.pasRecordId],
    [{ dateFromYear: '1500', dateToYear: '1400' }, recordingMessages.dateOrder],
    [{ dateFromYear: '0' }, recordingMessages.year],
    [{ completeness: 'Mostly' }, recordingMessages.completeness],
    [{ foundOn: '2026-02-30' }, recordingMessages.date],
    [{ findspotPrecision: '8' }, recordingMessages.findspotPrecision],
    [{ treasureStatus: 'reported', treasureReportedOn: '' }, recordingMessages.reportedNeedsDate],
    [{ lengthMm: 'long' }, recordingMessages.size],
  ])('create: %j', async (fields, message) => {
    const body = findForm({}, await jpegBytes());
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    expect(errorOf(await alice.post('/api/finds', body))).toEqual([400, message]);
  });

  it('edit: a range whose new start passes the stored end is refused; the find is unchanged', async () => {
    const find = await createRecorded(alice);
    expect(errorOf(await alice.patch(`/api/finds/${find.id}`, { dateFromYear: 500 }))).toEqual([
      400,
      recordingMessages.dateOrder,
    ]);
    expect(((await alice.get(`/api/finds/${find.id}`)).json as Find).dateFromYear).toBe(-43);
  });

  it('another member cannot set them', async () => {
    const find = await createRecorded(alice);
    expect((await bob.patch(`/api/finds/${find.id}`, { floNotes: 'mine now' })).status).toBe(403);
  });
});
