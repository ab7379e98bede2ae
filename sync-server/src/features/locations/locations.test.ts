/**
 * Spots REST (docs/product/map.md "API calls", "Permissions"; docs/privacy.md): every path tried by a
 * signed-out visitor, another member, the owner and the official account, for a private spot, a shared one
 * and one turned private — on the engine the run names (DB_ENGINE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  locationMessages as m,
  PERMISSION_FIELDS,
  permissionEdgeMessages as edges,
  type Location,
} from '@schema/contracts/locations';
import { createTestApp, type TestApp } from '../../test/harness';
import { newUid, signedIn, type TestClient } from '../../sync/test-fixtures';
import { createSpot, errorOf, official, permissionBody, spotBody } from './test-fixtures';

let t: TestApp;
let owner: { client: TestClient; user: { id: number; username: string } };
let other: { client: TestClient; user: { id: number } };
let anon: TestClient;
let moderator: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedIn(t, 'spotter');
  other = await signedIn(t, 'nosy');
  anon = t.client();
  moderator = await official(t);
});
afterAll(() => t.close());

const PERMISSION_KEYS = PERMISSION_FIELDS;
const ids = (rows: Location[]) => rows.map((r) => r.id);

describe('POST /api/locations', () => {
  it('anonymous: 401 with the sign-in message', async () => {
    expect(errorOf(await anon.post('/api/locations', spotBody()))).toEqual([401, m.loginToAdd]);
  });

  it('a member creates a spot owned by the session, private by default, whatever userId says', async () => {
    const res = await other.client.post(
      '/api/locations',
      spotBody({ userId: owner.user.id, latitude: '51.5', longitude: '-0.12' }),
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      userId: other.user.id,
      name: 'Stubble field by the church',
      latitude: 51.5,
      longitude: -0.12,
      type: 'Field',
      isShared: false,
      isPrivate: true,
      hasPermission: true,
      accessInfo: 'Park at the farm gate, ring first',
    });
    expect(res.json).not.toHaveProperty('approximate');
  });

  it('the product import body (isPrivate: true, coordinates as text) makes a private spot', async () => {
    const res = await owner.client.post('/api/locations', {
      name: 'Imported spot',
      description: 'From a KML',
      latitude: '52.1',
      longitude: '0.5',
      type: 'Other',
      isPrivate: true,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ isShared: false, isPrivate: true, latitude: 52.1, longitude: 0.5 });
  });

  it('validation answers the rule’s message with its field', async () => {
    const res = await owner.client.post('/api/locations', spotBody({ name: 'ab' }));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: 'validation-failed',
      message: m.nameTooShort,
      fields: { name: m.nameTooShort },
    });
    expect(errorOf(await owner.client.post('/api/locations', spotBody({ latitude: 95 })))).toEqual([
      400,
      m.latitudeRange,
    ]);
    expect(errorOf(await owner.client.post('/api/locations', spotBody({ longitude: '' })))).toEqual([
      400,
      m.coordinatesRequired,
    ]);
    expect(errorOf(await owner.client.post('/api/locations', spotBody({ type: 'Moon' })))).toEqual([
      400,
      m.typeRequired,
    ]);
    expect(errorOf(await owner.client.post('/api/locations', 'not json'))).toEqual([
      400,
      'Invalid JSON body',
    ]);
  });

  it('S4: a replayed uid answers the same spot (200); another member’s uid is a conflict', async () => {
    const uid = newUid();
    const first = await owner.client.post('/api/locations', spotBody({ uid }));
    expect(first.status).toBe(201);
    const again = await owner.client.post('/api/locations', spotBody({ uid, name: 'Changed meanwhile' }));
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ id: first.json.id, uid, name: 'Stubble field by the church' });
    expect(errorOf(await other.client.post('/api/locations', spotBody({ uid })))).toEqual([409, m.uidTaken]);
  });

  it('a permission record is kept with the spot and answered to its owner', async () => {
    const spot = await createSpot(owner.client, permissionBody);
    expect(spot).toMatchObject(permissionBody);
  });

  it('excluded areas are judged against the boundary the record will hold, on a create and on an edit', async () => {
    const { permissionBoundary, permissionExclusions } = permissionBody;
    const far = {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [0, 0],
            [0.01, 0],
            [0.01, 0.01],
            [0, 0],
          ],
        ],
      ],
    };
    expect(errorOf(await owner.client.post('/api/locations', spotBody({ permissionExclusions })))).toEqual([
      400,
      edges.exclusionsNeedBoundary,
    ]);
    const spot = await createSpot(owner.client, { permissionBoundary });
    // The edit sends only the excluded areas: the stored boundary judges them.
    const outside = await owner.client.put(`/api/locations/${spot.uid}`, { permissionExclusions: far });
    expect(errorOf(outside)).toEqual([400, edges.exclusionOutsideBoundary]);
    const inside = await owner.client.put(`/api/locations/${spot.uid}`, { permissionExclusions });
    expect(inside.json).toMatchObject({ permissionBoundary, permissionExclusions });
    // Clearing the boundary while excluded areas remain would leave them outside any boundary.
    const bare = await owner.client.put(`/api/locations/${spot.uid}`, { permissionBoundary: null });
    expect(errorOf(bare)).toEqual([400, edges.exclusionsNeedBoundary]);
    // An open ring and a day that is not one are refused with their messages; nothing is stored.
    const open = {
      type: 'Polygon',
      coordinates: [
        [
          [-1.5, 52.6],
          [-1.49, 52.6],
          [-1.49, 52.61],
        ],
      ],
    };
    expect(
      errorOf(await owner.client.put(`/api/locations/${spot.uid}`, { permissionBoundary: open })),
    ).toEqual([400, edges.ringNotClosed]);
    expect(
      errorOf(await owner.client.put(`/api/locations/${spot.uid}`, { permissionDays: ['sat', 'sat'] })),
    ).toEqual([400, edges.daysInvalid]);
    expect((await owner.client.get(`/api/locations/${spot.uid}`)).json).toMatchObject({
      permissionBoundary,
      permissionExclusions,
      permissionDays: null,
    });
  });
});

describe('who sees what: a private spot, a shared spot, one turned private', () => {
  let privateSpot: Location;
  let sharedSpot: Location;
  let turned: Location;
  beforeAll(async () => {
    privateSpot = await createSpot(owner.client, { name: 'Private permission', ...permissionBody });
    sharedSpot = await createSpot(owner.client, {
      name: 'Shared beach',
      type: 'Beach',
      isShared: true,
      ...permissionBody,
    });
    turned = await createSpot(owner.client, { name: 'Was shared once', isShared: true });
    const res = await owner.client.put(`/api/locations/${turned.uid}`, { isShared: false });
    expect(res.json).toMatchObject({ isShared: false, isPrivate: true });
  });

  it('GET /api/locations/{id}: the owner sees everything of theirs, the permission record included', async () => {
    for (const spot of [privateSpot, sharedSpot, turned]) {
      for (const ref of [spot.id, spot.uid]) {
        const res = await owner.client.get(`/api/locations/${ref}`);
        expect(res.status).toBe(200);
        expect(res.json).toMatchObject({ id: spot.id, latitude: 52.612345, longitude: 1.287654 });
        for (const key of PERMISSION_KEYS) expect(res.json).toHaveProperty(key);
      }
    }
    expect((await owner.client.get(`/api/locations/${privateSpot.id}`)).json).toMatchObject(permissionBody);
  });

  it('GET /api/locations/{id}: a private spot (never shared, or turned private) is 404 for everyone else', async () => {
    for (const client of [other.client, anon, moderator])
      for (const spot of [privateSpot, turned])
        for (const ref of [spot.id, spot.uid])
          expect(errorOf(await client.get(`/api/locations/${ref}`))).toEqual([404, m.notFound]);
  });

  it('GET /api/locations/{id}: another member sees a shared spot exactly, without the permission record', async () => {
    const res = await other.client.get(`/api/locations/${sharedSpot.uid}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      latitude: 52.612345,
      longitude: 1.287654,
      accessInfo: 'Park at the farm gate, ring first',
    });
    for (const key of [...PERMISSION_KEYS, 'approximate']) expect(res.json).not.toHaveProperty(key);
  });

  it('GET /api/locations/{id}: a visitor sees a shared spot rounded to 2 decimals, without access information', async () => {
    const res = await anon.get(`/api/locations/${sharedSpot.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      latitude: 52.61,
      longitude: 1.29,
      approximate: true,
      name: 'Shared beach',
    });
    for (const key of [...PERMISSION_KEYS, 'accessInfo']) expect(res.json).not.toHaveProperty(key);
  });

  it('GET /api/locations: lists hold only what the caller may see, for every filter', async () => {
    const all = (await owner.client.get('/api/locations?limit=200')).json as Location[];
    expect(ids(all)).toEqual(expect.arrayContaining([privateSpot.id, sharedSpot.id, turned.id]));
    for (const client of [other.client, anon, moderator]) {
      for (const query of [
        'limit=200',
        `userId=${owner.user.id}`,
        'q=shared',
        'q=private',
        'q=was',
        'near=52.6123,1.2876&radiusKm=5',
      ]) {
        const rows = (await client.get(`/api/locations?${query}`)).json as Location[];
        expect(ids(rows), `${query}`).not.toContain(privateSpot.id);
        expect(ids(rows), `${query}`).not.toContain(turned.id);
        for (const row of rows) expect(row.isShared || row.userId !== owner.user.id).toBe(true);
      }
      const near = (await client.get('/api/locations?near=52.6123,1.2876&radiusKm=5')).json as Location[];
      expect(ids(near)).toContain(sharedSpot.id);
    }
    const visitorRows = (await anon.get(`/api/locations?userId=${owner.user.id}`)).json as Location[];
    for (const row of visitorRows) {
      expect(row).toMatchObject({ approximate: true });
      expect(row).not.toHaveProperty('accessInfo');
    }
  });

  it('PUT /api/locations/{id}: 401 signed out, 404 for a spot the caller cannot see, 403 for a visible spot of someone else', async () => {
    expect(errorOf(await anon.put(`/api/locations/${sharedSpot.id}`, { name: 'Mine now' }))).toEqual([
      401,
      m.loginToEdit,
    ]);
    for (const client of [other.client, moderator]) {
      expect(errorOf(await client.put(`/api/locations/${privateSpot.id}`, { name: 'Mine now' }))).toEqual([
        404,
        m.notFound,
      ]);
      expect(errorOf(await client.put(`/api/locations/${turned.uid}`, { name: 'x' }))).toEqual([
        404,
        m.notFound,
      ]);
      expect(errorOf(await client.put(`/api/locations/${sharedSpot.id}`, { name: 'Mine now' }))).toEqual([
        403,
        m.notOwner,
      ]);
    }
    expect((await owner.client.get(`/api/locations/${sharedSpot.id}`)).json.name).toBe('Shared beach');
  });

  it('DELETE /api/locations/{id}: 401 signed out, 404 unseen, 403 someone else’s shared spot; ?userId= is ignored', async () => {
    expect(errorOf(await anon.del(`/api/locations/${sharedSpot.id}`))).toEqual([401, m.loginToDelete]);
    for (const client of [other.client, moderator]) {
      expect(errorOf(await client.del(`/api/locations/${privateSpot.id}?userId=${owner.user.id}`))).toEqual([
        404,
        m.notFound,
      ]);
      expect(errorOf(await client.del(`/api/locations/${sharedSpot.id}?userId=${owner.user.id}`))).toEqual([
        403,
        m.notOwnerDelete,
      ]);
    }
    expect((await owner.client.get(`/api/locations/${sharedSpot.id}`)).status).toBe(200);
  });
});

describe('PUT /api/locations/{id} (the owner)', () => {
  it('changes only the fields sent; sharing and unsharing; coordinates together', async () => {
    const spot = await createSpot(owner.client, permissionBody);
    const res = await owner.client.put(`/api/locations/${spot.id}`, {
      name: 'Renamed field',
      latitude: '51.75',
      longitude: '-1.25',
      isShared: true,
      accessInfo: '',
      permissionNotes: null,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: 'Renamed field',
      latitude: 51.75,
      longitude: -1.25,
      isShared: true,
      accessInfo: null,
      type: 'Field',
      description: spot.description,
      landownerName: 'Mr Jones',
      permissionNotes: null,
    });
    expect(errorOf(await owner.client.put(`/api/locations/${spot.id}`, { latitude: 50 }))).toEqual([
      400,
      m.coordinatesRequired,
    ]);
    expect(errorOf(await owner.client.put(`/api/locations/${spot.id}`, { name: 'x' }))).toEqual([
      400,
      m.nameTooShort,
    ]);
    expect(errorOf(await owner.client.put(`/api/locations/${newUid()}`, { name: 'Gone spot' }))).toEqual([
      404,
      m.notFound,
    ]);
  });

  it('clearing every permission field removes the record; adding one later starts it again', async () => {
    const spot = await createSpot(owner.client, permissionBody);
    // Blank text clears a field; null clears the boundary, the excluded areas and the days.
    const notText = new Set<string>(['permissionBoundary', 'permissionExclusions', 'permissionDays']);
    const cleared = await owner.client.put(
      `/api/locations/${spot.uid}`,
      Object.fromEntries(PERMISSION_KEYS.map((k) => [k, notText.has(k) ? null : ''])),
    );
    expect(cleared.json).toMatchObject(Object.fromEntries(PERMISSION_KEYS.map((k) => [k, null])));
    const again = await owner.client.put(`/api/locations/${spot.uid}`, { permissionExpires: '2027-01-31' });
    expect(again.json).toMatchObject({ permissionExpires: '2027-01-31', landownerName: null });
  });
});

describe('DELETE /api/locations/{id} (the owner)', () => {
  it('deletes the spot and its permission record; afterwards 404', async () => {
    const spot = await createSpot(owner.client, { isShared: true, ...permissionBody });
    const res = await owner.client.del(`/api/locations/${spot.uid}?userId=999`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, id: spot.id });
    expect(errorOf(await owner.client.get(`/api/locations/${spot.id}`))).toEqual([404, m.notFound]);
    expect(errorOf(await owner.client.del(`/api/locations/${spot.id}`))).toEqual([404, m.notFound]);
  });
});

describe('GET /api/locations paging and filters', () => {
  it('newest first, paged with X-Next-Cursor; userId narrows to one member', async () => {
    const member = await signedIn(t, 'pager');
    for (let i = 0; i < 5; i++)
      await createSpot(member.client, { name: `Paged spot ${i}`, isShared: i % 2 === 0 });
    const first = await member.client.get(`/api/locations?userId=${member.user.id}&limit=3`);
    expect((first.json as Location[]).map((r) => r.name)).toEqual([
      'Paged spot 4',
      'Paged spot 3',
      'Paged spot 2',
    ]);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await member.client.get(
      `/api/locations?userId=${member.user.id}&limit=3&cursor=${cursor}`,
    );
    expect((second.json as Location[]).map((r) => r.name)).toEqual(['Paged spot 1', 'Paged spot 0']);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    const theirs = (await other.client.get(`/api/locations?userId=${member.user.id}`)).json as Location[];
    expect(theirs.map((r) => r.name)).toEqual(['Paged spot 4', 'Paged spot 2', 'Paged spot 0']);
  });

  it('q matches part of a name, ignoring case; % and _ are literal', async () => {
    const member = await signedIn(t, 'searcher');
    await createSpot(member.client, { name: 'Old Roman Road' });
    await createSpot(member.client, { name: '100% pasture' });
    const names = async (q: string) =>
      (
        (await member.client.get(`/api/locations?userId=${member.user.id}&q=${encodeURIComponent(q)}`))
          .json as Location[]
      ).map((r) => r.name);
    expect(await names('roman')).toEqual(['Old Roman Road']);
    expect(await names('%')).toEqual(['100% pasture']);
    expect(await names('_')).toEqual([]);
  });

  it('bad query values are 400s, never 500s', async () => {
    for (const query of [
      'userId=abc',
      'cursor=!!',
      'near=north',
      'near=95,0',
      'near=51,0&radiusKm=0',
      'near=51,0&radiusKm=101',
      'radiusKm=5',
      'limit=0',
    ])
      expect((await anon.get(`/api/locations?${query}`)).status, query).toBe(400);
    expect(errorOf(await anon.get('/api/locations?near=51,0&radiusKm=500'))).toEqual([400, m.invalidRadius]);
    expect(errorOf(await anon.get('/api/locations?near=here'))).toEqual([400, m.invalidNear]);
    expect((await anon.get('/api/locations/not-an-id')).status).toBe(400);
    expect((await anon.get('/api/locations/99999999999')).status).toBe(404);
  });
});
