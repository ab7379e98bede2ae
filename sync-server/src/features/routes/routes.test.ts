/**
 * Routes REST (docs/product/ar-routes.md "API calls"; docs/privacy.md): every path tried by a signed-out
 * visitor, the owner and another member, for a private route and a public one — on the engine the run
 * names (DB_ENGINE). Also the sync pull: a private route never reaches another member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeMessages as m, type Route, type RouteCompletion } from '@schema/contracts/ar-routes';
import { createTestApp, type TestApp } from '../../test/harness';
import { mutation, newUid, pullScopes, push, signedIn, type TestClient } from '../../sync/test-fixtures';

let t: TestApp;
let owner: { client: TestClient; user: { id: number } };
let other: { client: TestClient; user: { id: number } };
let anon: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedIn(t, 'walker');
  other = await signedIn(t, 'stranger');
  anon = t.client();
});
afterAll(() => t.close());

const body = (extra: Record<string, unknown> = {}) => ({
  name: 'Roman road to the ford',
  description: 'Along the agger, past the villa field.',
  startLat: 52.6,
  startLng: 1.28,
  endLat: 52.61,
  endLng: 1.3,
  waypoints: [{ lat: 52.605, lng: 1.29, name: 'Villa field' }],
  estimatedDuration: 90,
  difficulty: 'moderate',
  terrainType: 'Farmland',
  historicalPeriods: ['Roman'],
  ...extra,
});
const errorOf = (res: { status: number; json: { message?: string } | undefined }) =>
  [res.status, res.json?.message] as const;

async function create(client: TestClient, extra: Record<string, unknown> = {}): Promise<Route> {
  const res = await client.post('/api/routes', body(extra));
  if (res.status !== 201) throw new Error(`create route: ${res.status} ${res.text}`);
  return res.json as Route;
}
const ids = (rows: unknown) => (rows as Route[]).map((r) => r.id);

describe('POST /api/routes', () => {
  it('anonymous: 401', async () => {
    expect(errorOf(await anon.post('/api/routes', body()))).toEqual([401, m.loginToCreate]);
  });

  it('a member creates a private route by default, owned by the session', async () => {
    const route = await create(other.client, { userId: owner.user.id });
    expect(route).toMatchObject({
      userId: other.user.id,
      isPublic: false,
      difficulty: 'moderate',
      waypoints: [{ lat: 52.605, lng: 1.29, name: 'Villa field' }],
      historicalPeriods: ['Roman'],
      completedCount: 0,
      rating: null,
    });
  });

  it('validation uses the product messages; a replayed uid answers the same route', async () => {
    expect(errorOf(await owner.client.post('/api/routes', body({ name: 'ab' })))).toEqual([
      400,
      m.nameTooShort,
    ]);
    expect(errorOf(await owner.client.post('/api/routes', body({ difficulty: 'hard' })))).toEqual([
      400,
      m.difficultyRequired,
    ]);
    expect(errorOf(await owner.client.post('/api/routes', body({ endLat: undefined })))).toEqual([
      400,
      m.pointsRequired,
    ]);
    const uid = newUid();
    const first = await owner.client.post('/api/routes', body({ uid }));
    const again = await owner.client.post('/api/routes', body({ uid, name: 'Changed' }));
    expect([first.status, again.status]).toEqual([201, 200]);
    expect((again.json as Route).id).toBe((first.json as Route).id);
    expect(errorOf(await other.client.post('/api/routes', body({ uid })))).toEqual([409, m.uidTaken]);
  });
});

describe('a private route does not exist for anyone else', () => {
  let hidden: Route;
  let open: Route;
  beforeAll(async () => {
    hidden = await create(owner.client, { name: 'Secret hedge line', startLat: 10, endLat: 10.01 });
    open = await create(owner.client, {
      name: 'Open heath loop',
      isPublic: true,
      startLat: 10.001,
      endLat: 10.01,
    });
  });

  it('GET /api/routes/{id}: the owner reads both; others get 404 for the private one', async () => {
    for (const ref of [hidden.id, hidden.uid])
      expect((await owner.client.get(`/api/routes/${ref}`)).status).toBe(200);
    for (const client of [other.client, anon]) {
      expect(errorOf(await client.get(`/api/routes/${hidden.id}`))).toEqual([404, m.notFound]);
      expect(errorOf(await client.get(`/api/routes/${hidden.uid}`))).toEqual([404, m.notFound]);
      expect((await client.get(`/api/routes/${open.id}`)).status).toBe(200);
    }
  });

  it('GET /api/routes and ?near=: public ones and the caller’s own, nearest first', async () => {
    const near = '/api/routes?near=10,1.28&radiusKm=5';
    expect(ids((await owner.client.get(near)).json)).toEqual([hidden.id, open.id]);
    for (const client of [other.client, anon]) {
      expect(ids((await client.get(near)).json)).toEqual([open.id]);
      expect(ids((await client.get('/api/routes?limit=200')).json)).not.toContain(hidden.id);
    }
    const rows = (await anon.get(near)).json as Route[];
    expect(rows[0]?.distanceKm).toBeGreaterThan(0);
    expect(errorOf(await anon.get('/api/routes?near=abc'))).toEqual([400, m.invalidNear]);
    expect(errorOf(await anon.get('/api/routes?near=10,1&radiusKm=999'))).toEqual([400, m.invalidRadius]);
  });

  it('lists are paged with X-Next-Cursor', async () => {
    const firstPage = await owner.client.get('/api/routes?near=10,1.28&radiusKm=5&limit=1');
    expect(ids(firstPage.json)).toEqual([hidden.id]);
    const cursor = firstPage.headers.get('X-Next-Cursor');
    expect(cursor).toBeTruthy();
    const next = await owner.client.get(`/api/routes?near=10,1.28&radiusKm=5&limit=1&cursor=${cursor}`);
    expect(ids(next.json)).toEqual([open.id]);
  });

  it('PUT and DELETE: 401 signed out, 404 on another’s private route, 403 on another’s public one', async () => {
    expect(errorOf(await anon.put(`/api/routes/${open.id}`, { name: 'Mine now' }))).toEqual([
      401,
      m.loginToEdit,
    ]);
    expect(errorOf(await other.client.put(`/api/routes/${hidden.id}`, { name: 'Mine now' }))).toEqual([
      404,
      m.notFound,
    ]);
    expect(errorOf(await other.client.put(`/api/routes/${open.id}`, { name: 'Mine now' }))).toEqual([
      403,
      m.notOwner,
    ]);
    expect(errorOf(await anon.del(`/api/routes/${open.id}`))).toEqual([401, m.loginToDelete]);
    expect(errorOf(await other.client.del(`/api/routes/${hidden.id}`))).toEqual([404, m.notFound]);
    expect(errorOf(await other.client.del(`/api/routes/${open.id}`))).toEqual([403, m.notOwnerDelete]);
    const edited = await owner.client.put(`/api/routes/${open.id}`, { name: 'Open heath circuit' });
    expect(edited.json).toMatchObject({ name: 'Open heath circuit', isPublic: true });
  });

  it('complete and rate: 401 signed out, 404 on another’s private route', async () => {
    expect(errorOf(await anon.post(`/api/routes/${open.id}/complete`, {}))).toEqual([401, m.loginToComplete]);
    expect(errorOf(await other.client.post(`/api/routes/${hidden.id}/complete`, {}))).toEqual([
      404,
      m.notFound,
    ]);
    expect(errorOf(await anon.post(`/api/routes/${open.id}/rating`, { rating: 4 }))).toEqual([
      401,
      m.loginToRate,
    ]);
    expect(errorOf(await other.client.post(`/api/routes/${hidden.id}/rating`, { rating: 4 }))).toEqual([
      404,
      m.notFound,
    ]);
  });

  it('pull: the owner holds the private route in own; another member pinning its uid hears nothing', async () => {
    const own = await pullScopes(owner.client, { own: '' });
    expect(own.changes.map((c) => c.uid)).toContain(hidden.uid);
    const pins = [hidden.uid, open.uid].map((uid) => ({ entity: 'routes' as const, uid }));
    for (const client of [other.client, anon]) {
      const { changes } = await pullScopes(
        client,
        client === anon ? { pinned: '' } : { pinned: '', own: '' },
        { pins },
      );
      const uids = changes.map((c) => c.uid);
      expect(uids).not.toContain(hidden.uid);
      expect(uids).toContain(open.uid);
    }
  });

  it('turning a public route private makes it 404 for others, and the owner deletes it', async () => {
    const turned = await create(owner.client, { isPublic: true });
    await owner.client.put(`/api/routes/${turned.id}`, { isPublic: false });
    expect((await other.client.get(`/api/routes/${turned.id}`)).status).toBe(404);
    expect((await owner.client.del(`/api/routes/${turned.id}`)).status).toBe(200);
    expect((await owner.client.get(`/api/routes/${turned.id}`)).status).toBe(404);
  });
});

describe('completing and rating', () => {
  it('one completion per walk; rating only after completing, one per member, changeable', async () => {
    const route = await create(owner.client, { isPublic: true });
    expect(errorOf(await other.client.post(`/api/routes/${route.id}/rating`, { rating: 5 }))).toEqual([
      403,
      m.rateAfterCompleting,
    ]);
    const done = await other.client.post(`/api/routes/${route.uid}/complete`, {});
    expect(done.status).toBe(201);
    expect(done.json).toMatchObject({
      routeId: route.id,
      routeUid: route.uid,
      userId: other.user.id,
      rating: null,
    });
    await other.client.post(`/api/routes/${route.id}/complete`, {});
    expect(errorOf(await other.client.post(`/api/routes/${route.id}/rating`, { rating: 6 }))).toEqual([
      400,
      m.ratingInvalid,
    ]);
    await other.client.post(`/api/routes/${route.id}/rating`, { rating: 2 });
    const rated = await other.client.post(`/api/routes/${route.id}/rating`, { rating: 4 });
    expect(rated.json).toMatchObject({ completedCount: 2, rating: 4, ratingCount: 1 });
    await owner.client.post(`/api/routes/${route.id}/complete`, { rating: 5 });
    expect((await anon.get(`/api/routes/${route.id}`)).json).toMatchObject({
      completedCount: 3,
      rating: 4.5,
      ratingCount: 2,
    });
  });

  it('a completion queued offline is applied once, carries its rating, and only its member pulls it', async () => {
    const route = await create(owner.client, { isPublic: true });
    const walk = mutation('route_completions', 'create', newUid(), { routeUid: route.uid, rating: 3 });
    expect((await push(other.client, [walk])).results[0]).toMatchObject({ status: 'applied' });
    expect((await push(other.client, [walk])).results[0]).toMatchObject({ status: 'duplicate' });
    const mine = await pullScopes(other.client, { own: '' });
    const row = mine.changes.find((c) => c.uid === walk.uid);
    expect(row?.data as RouteCompletion | undefined).toMatchObject({ routeUid: route.uid, rating: 3 });
    const theirs = await pullScopes(owner.client, { own: '' });
    expect(theirs.changes.map((c) => c.uid)).not.toContain(walk.uid);
    const rerate = mutation('route_completions', 'update', walk.uid, { rating: 5 });
    expect((await push(other.client, [rerate])).results[0]).toMatchObject({ status: 'applied' });
    expect((await anon.get(`/api/routes/${route.id}`)).json).toMatchObject({ completedCount: 1, rating: 5 });
  });
});

describe('GET/PUT /api/preferences', () => {
  it('members only; fields sent replace, absent ones stay', async () => {
    expect(errorOf(await anon.get('/api/preferences'))).toEqual([401, m.loginForPreferences]);
    expect(errorOf(await anon.put('/api/preferences', {}))).toEqual([401, m.loginForPreferences]);
    expect((await owner.client.get('/api/preferences')).json).toEqual({
      preferredTerrain: null,
      preferredDifficulty: null,
      maxDistance: null,
      historicalInterests: [],
    });
    await owner.client.put('/api/preferences', { preferredDifficulty: 'easy', maxDistance: 20 });
    const res = await owner.client.put('/api/preferences', { historicalInterests: ['Roman', 'Medieval'] });
    expect(res.json).toEqual({
      preferredTerrain: null,
      preferredDifficulty: 'easy',
      maxDistance: 20,
      historicalInterests: ['Roman', 'Medieval'],
    });
    expect((await other.client.get('/api/preferences')).json).toMatchObject({ preferredDifficulty: null });
    expect(errorOf(await owner.client.put('/api/preferences', { maxDistance: 0 }))).toEqual([
      400,
      m.maxDistanceInvalid,
    ]);
  });
});
