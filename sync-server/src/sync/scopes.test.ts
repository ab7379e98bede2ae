/**
 * POST /api/sync/pull by scopes (PROTOCOL.md S25–S28, S31, S16), on the real app and a real SQLite file,
 * with a window of 5 (SYNC_WINDOW) so that a few dozen finds make a community larger than the window.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PULL_LIMIT, type Change } from '@schema/contracts/sync';
import { createPost } from '../features/forum/test-fixtures';
import { FORUM_CATEGORIES } from '../seed/initial';
import { createTestApp, type TestApp } from '../test/harness';
import {
  findPayload,
  insertFinds,
  jpegBytes,
  mutation,
  newUid,
  pullScopes,
  push,
  putBlob,
  sha256Of,
  signedIn,
  type TestClient,
} from './test-fixtures';

const WINDOW = 5;
let t: TestApp;
let alice: { client: TestClient; user: { id: number } };
let bob: { client: TestClient; user: { id: number } };
let anon: TestClient;
let photo: string;

beforeEach(async () => {
  t = await createTestApp({ SYNC_WINDOW: String(WINDOW) });
  alice = await signedIn(t, 'alice');
  bob = await signedIn(t, 'bob');
  anon = t.client();
  const bytes = await jpegBytes(3);
  photo = sha256Of(bytes);
  await putBlob(t, alice.client, bytes);
});
afterEach(() => t.close());

const of = (changes: Change[], entity: string) => changes.filter((c) => c.entity === entity);
const uids = (changes: Change[], entity: string) => of(changes, entity).map((c) => c.uid);

async function pushFind(client: TestClient, extra: Record<string, unknown> = {}) {
  const uid = newUid();
  const { results } = await push(client, [mutation('finds', 'create', uid, findPayload(photo, extra))]);
  expect(results[0]?.status).toBe('applied');
  return { uid, id: results[0]?.id ?? 0 };
}

describe('scoped pull: requests', () => {
  it('S25: an unknown scope, a scope named twice, a malformed cursor or a bad limit is a 400', async () => {
    const bad = [
      { scopes: [{ scope: 'everything', cursor: '' }] },
      { scopes: [] },
      {
        scopes: [
          { scope: 'reference', cursor: '' },
          { scope: 'reference', cursor: '' },
        ],
      },
      { scopes: [{ scope: 'reference', cursor: 'abc' }] },
      { scopes: [{ scope: 'reference', cursor: '' }], limit: 0 },
    ];
    for (const body of bad) expect((await anon.post('/api/sync/pull', body)).status).toBe(400);
    const capped = await anon.post('/api/sync/pull', {
      scopes: [{ scope: 'reference', cursor: '' }],
      limit: MAX_PULL_LIMIT * 10,
    });
    expect(capped.status).toBe(200);
    expect(capped.headers.get('cache-control')).toBe('private, no-store');
  });

  it('S25: each scope pages on its own cursor until its hasMore is false', async () => {
    await insertFinds(t, alice.user.id, 7);
    await insertFinds(t, bob.user.id, 3);
    const { changes, requests, cursors } = await pullScopes(
      alice.client,
      { own: '', 'recent:finds': '' },
      { limit: 2 },
    );
    expect(requests).toBeGreaterThanOrEqual(4);
    expect(new Set(uids(changes, 'finds')).size).toBe(7 + 3);
    const again = await alice.client.post('/api/sync/pull', {
      scopes: Object.entries(cursors).map(([scope, cursor]) => ({ scope, cursor })),
    });
    expect(again.json).toEqual({
      changes: [],
      scopes: [
        { scope: 'own', cursor: cursors.own, hasMore: false },
        // S27: a window says its size, SYNC_WINDOW.
        { scope: 'recent:finds', cursor: cursors['recent:finds'], hasMore: false, window: WINDOW },
      ],
    });
  });

  it('S25: a cursor from another epoch starts that scope over (S11)', async () => {
    const [find] = await insertFinds(t, bob.user.id, 1);
    const { cursors } = await pullScopes(anon, { 'recent:finds': '' });
    const stale = cursors['recent:finds']?.replace(/^[0-9a-f]{8}/, '00000000') ?? '';
    expect(uids((await pullScopes(anon, { 'recent:finds': stale })).changes, 'finds')).toEqual([find?.uid]);
  });
});

describe('scoped pull: own (S26)', () => {
  it('S26: anonymous callers never get own: 401 Sign in to sync', async () => {
    const res = await anon.post('/api/sync/pull', { scopes: [{ scope: 'own', cursor: '' }] });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe('Sign in to sync');
  });

  it('S26: a member’s own records are complete from an empty cursor, however large the community', async () => {
    const mine = await insertFinds(t, alice.user.id, 12);
    const theirs = await insertFinds(t, bob.user.id, 40);
    const [bobsFind, mineFirst] = [theirs[0]?.uid ?? '', mine[0]?.uid ?? ''];
    const [aliceComment, bobComment] = [newUid(), newUid()];
    await push(alice.client, [
      mutation('find_comments', 'create', aliceComment, { findUid: bobsFind, content: 'Lovely patina' }),
      mutation('find_likes', 'create', bobsFind),
    ]);
    await push(bob.client, [
      mutation('find_comments', 'create', bobComment, { findUid: mineFirst, content: 'Where was it?' }),
      mutation('find_likes', 'create', mineFirst),
    ]);
    const { changes } = await pullScopes(alice.client, { own: '' }, { limit: 3 });
    expect(new Set(uids(changes, 'finds'))).toEqual(new Set(mine.map((f) => f.uid)));
    expect(new Set(uids(changes, 'find_comments'))).toEqual(new Set([aliceComment, bobComment]));
    // Her own like, keyed by the liked find; bob's like of her find is his alone (S14).
    expect(of(changes, 'find_likes')).toEqual([
      expect.objectContaining({ uid: bobsFind, id: alice.user.id, op: 'upsert' }),
    ]);
    expect(of(changes, 'users').map((c) => c.id)).toContain(alice.user.id);
    const bobs = (await pullScopes(bob.client, { own: '' })).changes;
    expect(uids(bobs, 'finds').some((uid) => mine.some((f) => f.uid === uid))).toBe(false);
  });
});

describe('scoped pull: recent windows (S27)', () => {
  it('S27: from an empty cursor, a snapshot of the newest N finds with their finders first, nothing else', async () => {
    const rows = await insertFinds(t, bob.user.id, 8);
    const { changes } = await pullScopes(anon, { 'recent:finds': '' });
    expect(uids(changes, 'finds')).toEqual(
      rows
        .slice(-WINDOW)
        .reverse()
        .map((r) => r.uid),
    );
    expect(changes[0]).toMatchObject({ entity: 'users', id: bob.user.id, op: 'upsert' });
    expect(new Set(changes.map((c) => c.entity))).toEqual(new Set(['users', 'finds']));
  });

  it('S27: a new find pushes an old one out of the window: no tombstone for it; its finder keeps it in own', async () => {
    const [old] = await insertFinds(t, alice.user.id, 1);
    await insertFinds(t, bob.user.id, WINDOW - 1);
    const first = await pullScopes(alice.client, { own: '', 'recent:finds': '' });
    expect(uids(first.changes, 'finds')).toContain(old?.uid);
    const newer = await pushFind(bob.client);
    const next = await pullScopes(alice.client, first.cursors);
    expect(next.changes.filter((c) => c.entity !== 'users')).toEqual([
      expect.objectContaining({ entity: 'finds', uid: newer.uid, op: 'upsert' }),
    ]);
    expect(uids((await pullScopes(alice.client, { own: '' })).changes, 'finds')).toEqual([old?.uid]);
  });

  it('S27: inside the window changes and counters arrive; below it only tombstones', async () => {
    const [below, deletedBelow] = await insertFinds(t, alice.user.id, 2);
    const recent = await insertFinds(t, bob.user.id, WINDOW);
    const { cursors } = await pullScopes(anon, { 'recent:finds': '' });
    await push(alice.client, [
      mutation('finds', 'update', below?.uid ?? '', { title: 'Renamed below the window' }),
      mutation('finds', 'delete', deletedBelow?.uid ?? ''),
      mutation('find_likes', 'create', recent[0]?.uid ?? ''),
    ]);
    const { changes } = await pullScopes(anon, cursors);
    expect(changes.filter((c) => c.entity !== 'users').map((c) => [c.entity, c.uid, c.op])).toEqual([
      ['finds', deletedBelow?.uid, 'delete'],
      ['find_counts', recent[0]?.uid, 'upsert'],
    ]);
  });

  it('S27: when deletes pull the window down, the finds entering it are sent', async () => {
    const rows = await insertFinds(t, bob.user.id, WINDOW + 2);
    const { cursors } = await pullScopes(anon, { 'recent:finds': '' });
    const newest = rows[rows.length - 1]?.uid ?? '';
    await push(bob.client, [mutation('finds', 'delete', newest)]);
    const { changes } = await pullScopes(anon, cursors);
    const entering = rows[rows.length - 1 - WINDOW]?.uid;
    expect(changes.map((c) => [c.entity, c.uid, c.op])).toEqual(
      expect.arrayContaining([
        ['finds', newest, 'delete'],
        ['finds', entering, 'upsert'],
      ]),
    );
    expect(of(changes, 'finds')).toHaveLength(2);
  });
});

describe('scoped pull: pinned (S28)', () => {
  it('S28: a pinned record brings its changes, comments and counters; other members’ likes and unpinned records stay out', async () => {
    const [pinned, other] = await insertFinds(t, bob.user.id, 2);
    await insertFinds(t, bob.user.id, WINDOW);
    const pins = [{ entity: 'finds' as const, uid: pinned?.uid ?? '' }];
    const first = await pullScopes(anon, { pinned: '' }, { pins });
    expect(uids(first.changes, 'finds')).toEqual([pinned?.uid]);
    const comment = newUid();
    await push(alice.client, [
      mutation('find_comments', 'create', comment, { findUid: pinned?.uid, content: 'Pinned and commented' }),
      mutation('find_likes', 'create', pinned?.uid ?? ''),
      mutation('finds', 'update', other?.uid ?? '', { title: 'Not pinned' }),
    ]);
    await push(bob.client, [mutation('finds', 'update', other?.uid ?? '', { title: 'Not pinned' })]);
    const next = await pullScopes(anon, first.cursors, { pins });
    expect(next.changes.filter((c) => c.entity !== 'users').map((c) => [c.entity, c.uid])).toEqual([
      ['find_comments', comment],
      ['find_counts', pinned?.uid],
    ]);
    expect(of(next.changes, 'find_counts')[0]?.data).toEqual({
      uid: pinned?.uid,
      id: pinned?.id,
      likes: 1,
      commentCount: 1,
    });
    await push(alice.client, [mutation('find_comments', 'delete', comment)]);
    const removed = await pullScopes(anon, next.cursors, { pins });
    expect(of(removed.changes, 'find_comments')).toEqual([
      expect.objectContaining({ uid: comment, op: 'delete' }),
    ]);
  });
});

describe('scoped pull: reference (S31)', () => {
  it('S31: every category from an empty cursor, then category and profile changes', async () => {
    await insertFinds(t, bob.user.id, 3);
    const first = await pullScopes(anon, { reference: '' });
    expect(of(first.changes, 'categories')).toHaveLength(FORUM_CATEGORIES.length);
    expect(first.changes.every((c) => c.entity === 'categories')).toBe(true);
    await createPost(bob.client, { categoryId: 2 });
    expect((await bob.client.put(`/api/users/${bob.user.id}`, { bio: 'Beaches mostly' })).status).toBe(200);
    const { changes } = await pullScopes(anon, first.cursors);
    expect(changes.map((c) => [c.entity, c.id])).toEqual([
      ['categories', 2],
      ['users', bob.user.id],
    ]);
    expect(of(changes, 'users')[0]?.data).toMatchObject({ bio: 'Beaches mostly' });
  });
});

describe('scoped pull: visibility (S16)', () => {
  it('S16: in every scope, exact coordinates reach only the finder', async () => {
    const find = await pushFind(alice.client, { latitude: 52.63, longitude: 1.29 });
    const pins = [{ entity: 'finds' as const, uid: find.uid }];
    const all = { 'recent:finds': '', pinned: '' };
    const own = (await pullScopes(alice.client, { own: '', ...all }, { pins })).changes;
    expect(of(own, 'finds')[0]?.data).toMatchObject({ latitude: 52.63, longitude: 1.29 });
    for (const scope of ['own', 'recent:finds', 'pinned'] as const) {
      const alone = (await pullScopes(alice.client, { [scope]: '' }, { pins })).changes;
      expect(of(alone, 'finds')[0]?.data).toMatchObject({ latitude: 52.63 });
    }
    for (const reader of [bob.client, anon]) {
      const { changes } = await pullScopes(reader, all, { pins });
      expect(of(changes, 'finds').length).toBeGreaterThan(0);
      expect(JSON.stringify(changes)).not.toContain('52.63');
    }
  });
});
