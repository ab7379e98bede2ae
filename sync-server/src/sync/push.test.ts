/** POST /api/sync/push (PROTOCOL.md S2–S8, S10, S17–S18), on the real app and a real SQLite file. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { findComments, finds, syncMutations } from '@schema/db/tables';
import type { PushResponse } from '@schema/contracts/sync';
import { findMessages } from '@schema/contracts/finds';
import { createTestApp, OFFICIAL_PASSWORD, type TestApp } from '../test/harness';
import { createLogger } from '../lib/logger';
import type { Deps } from '../deps';
import type { AppEnv } from '../env';
import { defaultSyncHandlers } from './entities';
import { applyMutations, INTERNAL_REJECTION_MESSAGE } from './push';
import type { SyncEntityHandler } from './registry';
import { syncRoutes } from './routes';
import {
  findPayload,
  jpegBytes,
  mutation,
  newUid,
  push,
  putBlob,
  sha256Of,
  signedIn,
  type TestClient,
} from './test-fixtures';

let t: TestApp;
let alice: { client: TestClient; user: { id: number } };
let bob: { client: TestClient; user: { id: number } };
let photo: string;

beforeEach(async () => {
  t = await createTestApp();
  alice = await signedIn(t, 'alice');
  bob = await signedIn(t, 'bob');
  const bytes = await jpegBytes(3);
  photo = sha256Of(bytes);
  expect((await putBlob(t, alice.client, bytes)).status).toBe(201);
});
afterEach(() => t.close());

const findCount = async () => (await t.db.select().from(finds)).length;

describe('push', () => {
  it('S18: needs a session; the queue pauses instead of failing', async () => {
    const res = await t
      .client()
      .post('/api/sync/push', { mutations: [mutation('finds', 'create', newUid(), findPayload(photo))] });
    expect([res.status, res.json.message]).toEqual([401, 'Sign in to sync']);
    expect(await findCount()).toBe(0);
  });

  it('refuses a malformed batch as a whole (400)', async () => {
    expect((await alice.client.post('/api/sync/push', { mutations: [] })).status).toBe(400);
    expect((await alice.client.post('/api/sync/push', { mutations: [{ entity: 'finds' }] })).status).toBe(
      400,
    );
  });

  it('S2: applies mutations in order, through the finds rules, with server counters', async () => {
    const findUid = newUid();
    const commentUid = newUid();
    const batch = [
      mutation('finds', 'create', findUid, findPayload(photo, { latitude: 51.1, longitude: -1.8 })),
      mutation('find_comments', 'create', commentUid, { findUid, content: 'Found it by the hedge' }),
      mutation('find_likes', 'create', findUid),
      mutation('finds', 'update', findUid, { title: 'Bronze Age palstave' }),
    ];
    const { status, results } = await push(alice.client, batch);
    expect(status).toBe(200);
    expect(results.map((r) => [r.mutationId, r.status])).toEqual(batch.map((m) => [m.mutationId, 'applied']));
    expect(results[0]?.id).toEqual(expect.any(Number));
    const find = (await alice.client.get(`/api/finds/${findUid}`)).json;
    expect(find).toMatchObject({
      id: results[0]?.id,
      title: 'Bronze Age palstave',
      userId: alice.user.id,
      likes: 1,
      commentCount: 1,
      latitude: 51.1,
    });
    expect(find.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
  });

  it('S1: uids match in lower case, and a pushed find is addressable by its uid', async () => {
    const findUid = newUid();
    await push(alice.client, [mutation('finds', 'create', findUid.toUpperCase(), findPayload(photo))]);
    const again = await push(alice.client, [mutation('finds', 'create', findUid, findPayload(photo))]);
    expect(again.results[0]?.status).toBe('duplicate');
    expect((await t.client().get(`/api/finds/${findUid.toUpperCase()}`)).json.uid).toBe(findUid);
  });

  it('S3: a replayed batch answers duplicate and creates nothing', async () => {
    const findUid = newUid();
    const batch = [
      mutation('finds', 'create', findUid, findPayload(photo)),
      mutation('find_likes', 'create', findUid),
      mutation('find_comments', 'create', newUid(), { findUid, content: 'Nice one' }),
    ];
    await push(alice.client, batch);
    const again = await push(alice.client, batch);
    expect(again.results.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(await findCount()).toBe(1);
    expect((await alice.client.get(`/api/finds/${findUid}`)).json).toMatchObject({
      likes: 1,
      commentCount: 1,
    });
    // A mutation id is its sender's: another member replaying it is refused.
    const stolen = await push(bob.client, [batch[1]!]);
    expect(stolen.results[0]).toMatchObject({ status: 'rejected', code: 'mutation-conflict' });
  });

  it('S4: the same uid created twice under different mutation ids is one find', async () => {
    const findUid = newUid();
    const first = await push(alice.client, [mutation('finds', 'create', findUid, findPayload(photo))]);
    const second = await push(alice.client, [mutation('finds', 'create', findUid, findPayload(photo))]);
    expect(second.results[0]).toMatchObject({ status: 'duplicate', id: first.results[0]?.id });
    expect(await findCount()).toBe(1);
    const foreign = await push(bob.client, [mutation('finds', 'create', findUid, findPayload(photo))]);
    expect(foreign.results[0]).toMatchObject({
      status: 'rejected',
      code: 'conflict',
      message: findMessages.uidTaken,
    });
  });

  it('S5: rejects with the REST message, stores nothing, and accepts the edited mutation under the same id', async () => {
    const bad = mutation('finds', 'create', newUid(), findPayload(photo, { title: 'ab' }));
    expect((await push(alice.client, [bad])).results[0]).toEqual({
      mutationId: bad.mutationId,
      status: 'rejected',
      code: 'validation-failed',
      message: 'Title must be at least 3 characters',
    });
    expect(await t.db.select().from(syncMutations)).toHaveLength(0);
    const fixed = { ...bad, payload: findPayload(photo, { title: 'Abc' }) };
    expect((await push(alice.client, [fixed])).results[0]?.status).toBe('applied');
  });

  it('S5: permission errors read like the REST route', async () => {
    const findUid = newUid();
    await push(alice.client, [mutation('finds', 'create', findUid, findPayload(photo))]);
    const commentUid = newUid();
    await push(alice.client, [
      mutation('find_comments', 'create', commentUid, { findUid, content: 'My own find' }),
    ]);
    const { results } = await push(bob.client, [
      mutation('finds', 'update', findUid, { title: 'Mine now' }),
      mutation('finds', 'delete', findUid),
      mutation('find_comments', 'update', commentUid, { content: 'Edited by bob' }),
      mutation('find_comments', 'delete', commentUid),
    ]);
    expect(results.map((r) => [r.code, r.message])).toEqual([
      ['forbidden', 'You can only edit your own finds.'],
      ['forbidden', findMessages.notOwnerDelete],
      ['forbidden', findMessages.notCommentOwnerEdit],
      ['forbidden', findMessages.notCommentOwnerDelete],
    ]);
    expect((await alice.client.get(`/api/finds/${findUid}`)).json.title).toBe('Bronze axe head');
  });

  it('S6: an unexpected error rejects only its mutation as internal, rolled back; even a batch that fails entirely answers per mutation', async () => {
    const stories = defaultSyncHandlers().get('stories')!;
    // Writes through the real stories service, then fails: the write must not survive.
    const boom: SyncEntityHandler = {
      ...stories,
      apply: async (ctx) => {
        await stories.apply!(ctx);
        throw new Error('boom');
      },
    };
    const handlers = new Map(defaultSyncHandlers()).set('stories', boom);
    const deps: Deps = {
      db: t.db,
      config: t.config,
      logger: createLogger('silent'),
      mailer: { send: async () => {} },
    };
    const user = { ...(await signedIn(t, 'carol')).user };
    const storyUid = newUid();
    const story = { content: 'A story about a field and a quiet morning' };
    const outcome = await applyMutations(
      deps,
      user,
      [
        mutation('stories', 'create', storyUid, story),
        mutation('finds', 'create', newUid(), findPayload(photo)),
      ],
      handlers,
    );
    expect(outcome.results.map((r) => r.status)).toEqual(['rejected', 'applied']);
    expect(outcome.results[0]).toMatchObject({ code: 'internal', message: INTERNAL_REJECTION_MESSAGE });
    expect((await t.client().get(`/api/stories/${storyUid}`)).status).toBe(404);
    expect(await findCount()).toBe(1);

    // Over HTTP, a batch whose every mutation fails is still answered per mutation, never a 500.
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('user', user);
        await next();
      })
      .route('/api', syncRoutes(deps, handlers));
    const batch = [
      mutation('stories', 'create', newUid(), story),
      mutation('stories', 'create', newUid(), story),
    ];
    const res = await app.request('/api/sync/push', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mutations: batch }),
    });
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as PushResponse;
    expect(results.map((r) => [r.mutationId, r.status])).toEqual(
      batch.map((m) => [m.mutationId, 'rejected']),
    );
    expect((await t.client().get('/api/stories')).json).toEqual([]);
  });

  it('S7: an entity of syncEntities without a registered handler is rejected as unsupported-entity', async () => {
    // Every entity of syncEntities has a handler today: a registry without the stories' one stands in for
    // an entity whose feature has not registered its descriptor yet.
    const handlers = new Map(defaultSyncHandlers());
    expect(handlers.has('stories')).toBe(true);
    handlers.delete('stories');
    const deps: Deps = {
      db: t.db,
      config: t.config,
      logger: createLogger('silent'),
      mailer: { send: async () => {} },
    };
    const user = { ...(await signedIn(t, 'dora')).user };
    const storyUid = newUid();
    const outcome = await applyMutations(
      deps,
      user,
      [
        mutation('stories', 'create', storyUid, { content: 'A story about a field and a quiet morning' }),
        mutation('finds', 'create', newUid(), findPayload(photo)),
      ],
      handlers,
    );
    expect(outcome.results[0]).toMatchObject({ status: 'rejected', code: 'unsupported-entity' });
    expect(outcome.results[1]).toMatchObject({ status: 'applied' });
    // With the real registry the same mutation is applied.
    const { results } = await push(alice.client, [
      mutation('stories', 'create', storyUid, { content: 'A story about a field and a quiet morning' }),
    ]);
    expect(results[0]).toMatchObject({ status: 'applied' });
  });

  it('S8: writes under a missing find are parent-missing; deletes of gone records are applied', async () => {
    const rejectedFind = mutation('finds', 'create', newUid(), findPayload(photo, { location: '' }));
    const { results } = await push(alice.client, [
      rejectedFind,
      mutation('find_comments', 'create', newUid(), {
        findUid: rejectedFind.uid,
        content: 'Depends on the find',
      }),
      mutation('find_likes', 'create', rejectedFind.uid),
      mutation('find_likes', 'delete', rejectedFind.uid),
      mutation('finds', 'delete', rejectedFind.uid),
      mutation('find_comments', 'delete', newUid()),
    ]);
    expect(results.map((r) => [r.status, r.code ?? null, r.message ?? null])).toEqual([
      ['rejected', 'validation-failed', 'Location is required'],
      ['rejected', 'parent-missing', 'Find Not Found'],
      ['rejected', 'parent-missing', 'Find Not Found'],
      ['applied', null, null],
      ['applied', null, null],
      ['applied', null, null],
    ]);
    expect(await t.db.select().from(findComments)).toHaveLength(0);
  });

  it('S17: an update of a deleted find is rejected not-found (a delete wins)', async () => {
    const findUid = newUid();
    await push(alice.client, [
      mutation('finds', 'create', findUid, findPayload(photo)),
      mutation('finds', 'delete', findUid),
    ]);
    const { results } = await push(alice.client, [
      mutation('finds', 'update', findUid, { title: 'Too late' }),
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', code: 'not-found', message: 'Find Not Found' });
  });

  it('S10: a find naming a photo not uploaded yet is photo-missing until the photo arrives', async () => {
    const bytes = await jpegBytes(42);
    const create = mutation('finds', 'create', newUid(), findPayload(sha256Of(bytes)));
    expect((await push(alice.client, [create])).results[0]).toMatchObject({
      status: 'rejected',
      code: 'photo-missing',
      message: findMessages.imageRequired,
    });
    await putBlob(t, alice.client, bytes);
    expect((await push(alice.client, [create])).results[0]?.status).toBe('applied');
  });

  it('S17: an update changes only the fields it carries', async () => {
    const findUid = newUid();
    await push(alice.client, [mutation('finds', 'create', findUid, findPayload(photo))]);
    await push(alice.client, [
      mutation('finds', 'update', findUid, { title: 'Edited on the phone' }),
      mutation('finds', 'update', findUid, { location: 'Edited on the laptop' }),
    ]);
    expect((await alice.client.get(`/api/finds/${findUid}`)).json).toMatchObject({
      title: 'Edited on the phone',
      location: 'Edited on the laptop',
      description: 'Palstave',
    });
  });

  it('S2: the official account may delete any find as moderator, as over REST', async () => {
    const findUid = newUid();
    await push(alice.client, [mutation('finds', 'create', findUid, findPayload(photo))]);
    const official = t.client();
    await official.post('/api/users/login', { username: 'DigQuestor', password: OFFICIAL_PASSWORD });
    expect((await push(official, [mutation('finds', 'delete', findUid)])).results[0]?.status).toBe('applied');
    expect(await findCount()).toBe(0);
  });
});
