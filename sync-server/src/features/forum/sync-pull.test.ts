/**
 * Forum reads through the scoped POST /api/sync/pull (PROTOCOL.md S11–S15, S19–S24, S30), every scope a
 * device asks for, on the real app and a real database.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Change } from '@schema/contracts/sync';
import { changeLog, posts } from '@schema/db/tables';
import { createTestApp, type TestApp } from '../../test/harness';
import { defaultSyncHandlers } from '../../sync/entities';
import { pullEpoch } from '../../sync/pull';
import { usersHandler } from '../../sync/users';
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
import { seedDemo } from '../../seed/demo';
import { DEMO_POSTS } from '../../seed/demo-data/content';
import { createLogger } from '../../lib/logger';
import { FORUM_CATEGORIES } from '../../seed/initial';
import { insertedRow } from '../../lib/query';

let t: TestApp;
let alice: { client: TestClient; user: { id: number } };
let bob: { client: TestClient; user: { id: number } };
let anon: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  alice = await signedIn(t, 'alice');
  bob = await signedIn(t, 'bob');
  anon = t.client();
});
afterEach(() => t.close());

const of = (changes: Change[], entity: string) => changes.filter((c) => c.entity === entity);
const postPayload = (extra: Record<string, unknown> = {}) => ({
  title: 'Written in a field',
  content: 'No signal out here, posting later.',
  categoryId: 3,
  ...extra,
});

async function alicePost() {
  const uid = newUid();
  const { results } = await push(alice.client, [mutation('posts', 'create', uid, postPayload())]);
  return { uid, id: results[0]?.id ?? 0 };
}

describe('pull: forum', () => {
  it('S21: an anonymous first pull holds every category with its count, the posts, their comments and their authors', async () => {
    const post = await alicePost();
    const commentUid = newUid();
    await push(bob.client, [
      mutation('comments', 'create', commentUid, { postUid: post.uid, content: 'Welcome!' }),
    ]);
    // The visitor's device opened the post: its comments come with the pin (S28).
    const { changes } = await pullAll(anon, { pins: [{ entity: 'posts', uid: post.uid }] });
    const categories = of(changes, 'categories');
    expect(categories).toHaveLength(FORUM_CATEGORIES.length);
    expect(categories.find((c) => c.id === 3)).toMatchObject({
      uid: null,
      op: 'upsert',
      data: { id: 3, slug: 'detectors-equipment', count: 1 },
    });
    expect(of(changes, 'posts')).toEqual([
      expect.objectContaining({
        uid: post.uid,
        id: post.id,
        op: 'upsert',
        data: expect.objectContaining({
          username: 'alice',
          categoryName: 'Detectors & Equipment',
          comments: 1,
        }),
      }),
    ]);
    expect(of(changes, 'comments')).toEqual([
      expect.objectContaining({
        uid: commentUid,
        data: expect.objectContaining({ postUid: post.uid, username: 'bob' }),
      }),
    ]);
    expect(
      of(changes, 'users')
        .map((c) => c.id)
        .sort(),
    ).toEqual([alice.user.id, bob.user.id].sort());
    expect(JSON.stringify(changes)).not.toContain('@example.com');
  });

  it('S11: the forum handlers changed the epoch, so a cursor from before restarts and finds posts logged meanwhile', async () => {
    // The epoch hashes only the entity names a server can shape: the set before the forum synced.
    const before = new Map(
      ['finds', 'find_comments', 'find_likes', 'users'].map((entity) => [entity, usersHandler]),
    );
    const oldEpoch = pullEpoch(before);
    expect(pullEpoch(defaultSyncHandlers())).not.toBe(oldEpoch);
    // A post logged the way the demo seed logs them, while the server could not shape posts yet.
    const row = await insertedRow(
      t.db
        .insert(posts)
        .values({
          uid: newUid(),
          title: 'Seeded post',
          content: 'Logged before the forum synced',
          userId: alice.user.id,
          categoryId: 1,
        })
        .returning(),
    );
    await t.db.insert(changeLog).values({ entity: 'posts', entityId: row.id, uid: row.uid, op: 'upsert' });
    const lastSeq = Math.max(
      ...(await t.db.select({ seq: changeLog.seq }).from(changeLog)).map((r) => r.seq),
    );
    const { changes, cursors } = await pullScopes(anon, { 'recent:posts': `${oldEpoch}.${lastSeq}` });
    expect(of(changes, 'posts').map((c) => c.uid)).toEqual([row.uid]);
    expect(cursors['recent:posts']?.startsWith(`${pullEpoch(defaultSyncHandlers())}.`)).toBe(true);
  });

  it('S13: a deleted post tombstones its comments, the liker’s promotion and itself; its category count follows', async () => {
    const post = await alicePost();
    const commentUid = newUid();
    await push(bob.client, [
      mutation('comments', 'create', commentUid, { postUid: post.uid, content: 'Nice one' }),
      mutation('post_likes', 'create', post.uid),
    ]);
    const start = (await pullAll(bob.client)).cursors;
    const visitor = (await pullAll(anon, { pins: [{ entity: 'posts', uid: post.uid }] })).cursors;
    await push(alice.client, [mutation('posts', 'delete', post.uid)]);
    const { changes } = await pullAll(bob.client, { cursors: start });
    expect(changes.map((c) => [c.entity, c.uid, c.op])).toEqual([
      ['comments', commentUid, 'delete'],
      ['post_likes', post.uid, 'delete'],
      ['categories', null, 'upsert'],
      ['posts', post.uid, 'delete'],
    ]);
    expect(of(changes, 'categories')[0]?.data).toMatchObject({ id: 3, count: 0 });
    const pins = [{ entity: 'posts' as const, uid: post.uid }];
    expect(of((await pullAll(anon, { cursors: visitor, pins })).changes, 'post_likes')).toEqual([]);
  });

  it('S22: a promotion reaches only the member who promoted; everyone sees the count', async () => {
    const post = await alicePost();
    const startOf = new Map<TestClient, ScopeCursors>();
    for (const client of [anon, alice.client, bob.client])
      startOf.set(client, (await pullAll(client)).cursors);
    const from = (client: TestClient) => pullAll(client, { cursors: startOf.get(client) });
    await push(bob.client, [mutation('post_likes', 'create', post.uid)]);
    expect(of((await from(bob.client)).changes, 'post_likes')).toEqual([
      expect.objectContaining({
        uid: post.uid,
        id: bob.user.id,
        op: 'upsert',
        data: expect.objectContaining({ uid: post.uid, postId: post.id, userId: bob.user.id }),
      }),
    ]);
    for (const other of [anon, alice.client]) {
      const { changes } = await from(other);
      expect(of(changes, 'post_likes')).toEqual([]);
      // As the post's counts (S30).
      expect(of(changes, 'post_counts')[0]?.data).toMatchObject({ likes: 1 });
    }
  });

  it('S24 S30: counted views and comment counts reach every device as the post’s counts, not the post', async () => {
    const post = await alicePost();
    const start = (await pullAll(anon)).cursors;
    await bob.client.post(`/api/posts/${post.id}/view`);
    await bob.client.post('/api/comments', { postId: post.id, content: 'Seen it' });
    const { changes } = await pullAll(anon, { cursors: start });
    const pulled = of(changes, 'post_counts');
    expect(pulled).toHaveLength(1);
    expect(pulled[0]?.data).toMatchObject({ uid: post.uid, views: 1, comments: 1 });
    expect(of(changes, 'posts')).toEqual([]);
  });

  it('S21: an account deletion moves category counts, and pulls carry them', async () => {
    await push(bob.client, [mutation('posts', 'create', newUid(), postPayload())]);
    const start = (await pullAll(anon)).cursors;
    await deleteOwnAccount(bob.client, bob.user.id);
    expect(of((await pullAll(anon, { cursors: start })).changes, 'categories')).toEqual([
      expect.objectContaining({ id: 3, data: expect.objectContaining({ count: 0 }) }),
    ]);
  });

  it('S13: an account deletion tombstones the member’s posts, comments and promotions, and refreshes the posts they fed', async () => {
    const own = await alicePost();
    const bobsUid = newUid();
    await push(bob.client, [mutation('posts', 'create', bobsUid, postPayload())]);
    const onOwn = newUid();
    const byAlice = newUid();
    await push(bob.client, [
      mutation('comments', 'create', onOwn, { postUid: own.uid, content: 'On Alice’s post' }),
      mutation('post_likes', 'create', own.uid),
    ]);
    await push(alice.client, [
      mutation('comments', 'create', byAlice, { postUid: bobsUid, content: 'On Bob’s post' }),
      mutation('post_likes', 'create', bobsUid),
    ]);
    const start = (await pullAll(bob.client)).cursors;
    expect((await deleteOwnAccount(alice.client, alice.user.id)).status).toBe(200);
    const { changes } = await pullAll(bob.client, { cursors: start });
    expect(changes.filter((c) => c.op === 'delete').map((c) => [c.entity, c.uid ?? c.id])).toEqual(
      expect.arrayContaining([
        ['comments', onOwn],
        ['comments', byAlice],
        ['post_likes', own.uid],
        ['posts', own.uid],
        ['users', alice.user.id],
      ]),
    );
    // Bob's post, which Alice fed, gets its counts back (S30).
    expect(of(changes, 'post_counts').find((c) => c.uid === bobsUid)?.data).toMatchObject({
      likes: 0,
      comments: 0,
    });
  });

  it('S11: nothing the demo seed logged is lost: its posts, comments and counts arrive in a first pull', async () => {
    const seeded = await seedDemo(
      { db: t.db, config: t.config, logger: createLogger('silent'), mailer: { send: async () => undefined } },
      { password: 'demo-password' },
    );
    expect(seeded?.posts).toBe(DEMO_POSTS.length);
    const { changes } = await pullAll(anon, { limit: 2000 });
    const pulledPosts = of(changes, 'posts');
    expect(pulledPosts).toHaveLength(DEMO_POSTS.length);
    // Comments come with the posts a device pins (S28): here, every one of them.
    const pins = pulledPosts.map((post) => ({ entity: 'posts' as const, uid: post.uid ?? '' }));
    const pinned = await pullScopes(anon, { pinned: '' }, { pins, limit: 2000 });
    expect(of(pinned.changes, 'comments')).toHaveLength(seeded?.comments ?? -1);
    const counts = new Map(of(changes, 'categories').map((c) => [c.id, c.data?.count]));
    for (const post of pulledPosts) expect(counts.get(Number(post.data?.categoryId))).toBeGreaterThan(0);
    const total = [...counts.values()].reduce<number>((sum, n) => sum + Number(n), 0);
    expect(total).toBe(DEMO_POSTS.length);
    expect((await anon.get('/api/posts?q=permission')).json.length).toBeGreaterThan(0);
  });
});
