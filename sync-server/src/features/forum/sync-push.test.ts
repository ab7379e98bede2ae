/** Forum writes through POST /api/sync/push (PROTOCOL.md S2–S8, S19–S24), on the real app and a real SQLite file. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { comments, postLikes, posts } from '@schema/db/tables';
import { forumMessages } from '@schema/contracts/forum';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  jpegBytes,
  mutation,
  newUid,
  push,
  putBlob,
  sha256Of,
  signedIn,
  type TestClient,
} from '../../sync/test-fixtures';
import { categoryCount, official } from './test-fixtures';

let t: TestApp;
let alice: { client: TestClient; user: { id: number } };
let bob: { client: TestClient; user: { id: number } };

beforeEach(async () => {
  t = await createTestApp();
  alice = await signedIn(t, 'alice');
  bob = await signedIn(t, 'bob');
});
afterEach(() => t.close());

const postPayload = (extra: Record<string, unknown> = {}) => ({
  title: 'Written in a field',
  content: 'No signal out here, posting later.',
  categoryId: 1,
  ...extra,
});
const postCount = async () => (await t.db.select().from(posts)).length;

describe('push: posts', () => {
  it('S19: a queued post is created as the session member, counted in its category, addressable by uid', async () => {
    const uid = newUid();
    const { results } = await push(alice.client, [
      mutation('posts', 'create', uid.toUpperCase(), postPayload({ userId: bob.user.id })),
    ]);
    expect(results[0]).toMatchObject({ status: 'applied', id: expect.any(Number) });
    const post = (await t.client().get(`/api/posts/${uid}`)).json;
    expect(post).toMatchObject({
      id: results[0]?.id,
      uid,
      userId: alice.user.id,
      title: 'Written in a field',
      categoryName: 'General Discussion',
    });
    expect(await categoryCount(t, 1)).toBe(1);
  });

  it('S3/S4: a replayed batch or a re-sent create answers duplicate and creates nothing', async () => {
    const create = mutation('posts', 'create', newUid(), postPayload());
    const first = await push(alice.client, [create]);
    const replay = await push(alice.client, [create]);
    const resent = await push(alice.client, [{ ...create, mutationId: newUid() }]);
    expect([first.results[0]?.status, replay.results[0]?.status, resent.results[0]?.status]).toEqual([
      'applied',
      'duplicate',
      'duplicate',
    ]);
    expect(resent.results[0]?.id).toBe(first.results[0]?.id);
    expect(await postCount()).toBe(1);
    expect(await categoryCount(t, 1)).toBe(1);
    expect((await push(bob.client, [{ ...create, mutationId: newUid() }])).results[0]).toMatchObject({
      status: 'rejected',
      code: 'conflict',
    });
  });

  it('S20: a post whose category was removed is rejected with the server message; its comment is parent-missing; the edit is accepted', async () => {
    const uid = newUid();
    const create = mutation('posts', 'create', uid, postPayload({ categoryId: 999 }));
    const comment = mutation('comments', 'create', newUid(), { postUid: uid, content: 'First!' });
    const { results } = await push(alice.client, [create, comment]);
    expect(results).toEqual([
      {
        mutationId: create.mutationId,
        status: 'rejected',
        code: 'validation-failed',
        message: 'Please select a category',
      },
      {
        mutationId: comment.mutationId,
        status: 'rejected',
        code: 'parent-missing',
        message: 'Post not found',
      },
    ]);
    expect(await postCount()).toBe(0);
    // S5: the member picks another category in "Not synced"; the same mutation id is then applied.
    const edited = await push(alice.client, [
      { ...create, payload: postPayload({ categoryId: 2 }) },
      comment,
    ]);
    expect(edited.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(await categoryCount(t, 2)).toBe(1);
  });

  it('S5: validation rejections carry the form messages', async () => {
    const { results } = await push(alice.client, [
      mutation('posts', 'create', newUid(), postPayload({ title: 'abcd' })),
      mutation('posts', 'create', newUid(), postPayload({ content: 'short' })),
    ]);
    expect(results.map((r) => [r.code, r.message])).toEqual([
      ['validation-failed', 'Title must be at least 5 characters'],
      ['validation-failed', 'Content must be at least 10 characters'],
    ]);
  });

  it('S19: published posts cannot be edited; deletes are the author’s or the moderator’s; deleting a gone post is applied', async () => {
    const uid = newUid();
    await push(alice.client, [mutation('posts', 'create', uid, postPayload())]);
    expect(
      (await push(alice.client, [mutation('posts', 'update', uid, { title: 'Changed title' })])).results[0],
    ).toMatchObject({
      status: 'rejected',
      code: 'forbidden',
      message: forumMessages.postNotEditable,
    });
    expect((await push(bob.client, [mutation('posts', 'delete', uid)])).results[0]).toMatchObject({
      status: 'rejected',
      code: 'forbidden',
      message: 'You can only delete your own posts.',
    });
    expect((await push(alice.client, [mutation('posts', 'delete', uid)])).results[0]).toMatchObject({
      status: 'applied',
    });
    expect((await push(alice.client, [mutation('posts', 'delete', uid)])).results[0]).toMatchObject({
      status: 'applied',
    });
    expect(await categoryCount(t, 1)).toBe(0);
    const other = newUid();
    await push(bob.client, [mutation('posts', 'create', other, postPayload())]);
    expect((await push(await official(t), [mutation('posts', 'delete', other)])).results[0]?.status).toBe(
      'applied',
    );
    expect(await postCount()).toBe(0);
  });

  it('S23: a picture is pushed as a blob first; until then the post waits as photo-missing', async () => {
    const bytes = await jpegBytes(11);
    const sha = sha256Of(bytes);
    const create = mutation('posts', 'create', newUid(), postPayload({ imageSha256: sha }));
    expect((await push(alice.client, [create])).results[0]).toMatchObject({
      status: 'rejected',
      code: 'photo-missing',
      message: forumMessages.photoMissing,
    });
    expect((await putBlob(t, alice.client, bytes)).status).toBe(201);
    expect((await push(alice.client, [create])).results[0]?.status).toBe('applied');
    expect((await t.client().get(`/api/posts/${create.uid}`)).json.imageUrl).toMatch(
      /^\/uploads\/[0-9a-f]{64}\.webp$/,
    );
  });

  it('S23: or names the picture POST /api/upload-image stored; any other URL is refused', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await jpegBytes(12))], { type: 'image/jpeg' }), 'p.jpg');
    const { imageUrl } = (await alice.client.post('/api/upload-image', form)).json;
    const unknown = `/uploads/${'e'.repeat(64)}.webp`;
    const { results } = await push(alice.client, [
      mutation('posts', 'create', newUid(), postPayload({ imageUrl })),
      mutation('posts', 'create', newUid(), postPayload({ imageUrl: unknown })),
    ]);
    expect(results.map((r) => [r.status, r.message])).toEqual([
      ['applied', undefined],
      ['rejected', forumMessages.invalidImageUrl],
    ]);
    expect((await t.db.select().from(posts))[0]?.imageUrl).toBe(imageUrl);
  });
});

describe('push: comments and promotions', () => {
  let postUid: string;
  beforeEach(async () => {
    postUid = newUid();
    await push(alice.client, [mutation('posts', 'create', postUid, postPayload())]);
  });

  it('S19: comments are created, edited by their writer only, deleted by writer or moderator', async () => {
    const uid = newUid();
    const create = mutation('comments', 'create', uid, { postUid, content: 'Great find!' });
    expect((await push(bob.client, [create, create])).results.map((r) => r.status)).toEqual([
      'applied',
      'duplicate',
    ]);
    expect((await t.client().get(`/api/posts/${postUid}`)).json.comments).toBe(1);
    expect(
      (await push(alice.client, [mutation('comments', 'update', uid, { content: 'Hijacked' })])).results[0],
    ).toMatchObject({ code: 'forbidden', message: 'You can only edit your own comments.' });
    expect(
      (await push(bob.client, [mutation('comments', 'update', uid, { content: '  ' })])).results[0],
    ).toMatchObject({ code: 'validation-failed', message: forumMessages.commentRequired });
    expect(
      (await push(bob.client, [mutation('comments', 'update', uid, { content: 'Great find, well done!' })]))
        .results[0]?.status,
    ).toBe('applied');
    expect((await t.db.select().from(comments))[0]?.content).toBe('Great find, well done!');
    expect((await push(alice.client, [mutation('comments', 'delete', uid)])).results[0]).toMatchObject({
      code: 'forbidden',
      message: 'You can only delete your own comments.',
    });
    expect((await push(await official(t), [mutation('comments', 'delete', uid)])).results[0]?.status).toBe(
      'applied',
    );
    expect((await push(bob.client, [mutation('comments', 'delete', uid)])).results[0]?.status).toBe(
      'applied',
    );
    expect((await t.client().get(`/api/posts/${postUid}`)).json.comments).toBe(0);
  });

  it('S22: promotions are idempotent and counted by the server; update is meaningless', async () => {
    const like = mutation('post_likes', 'create', postUid);
    const { results } = await push(bob.client, [
      like,
      { ...like, mutationId: newUid() },
      mutation('post_likes', 'create', postUid),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await t.db.select().from(postLikes)).toHaveLength(1);
    await push(alice.client, [mutation('post_likes', 'create', postUid)]);
    expect((await t.client().get(`/api/posts/${postUid}`)).json.likes).toBe(2);
    await push(bob.client, [
      mutation('post_likes', 'delete', postUid),
      mutation('post_likes', 'delete', postUid),
    ]);
    expect((await bob.client.get(`/api/posts/${postUid}/like-status`)).json).toEqual({
      isLiked: false,
      likes: 1,
    });
    expect((await push(bob.client, [mutation('post_likes', 'update', postUid)])).results[0]).toMatchObject({
      code: 'unsupported-operation',
    });
  });

  it('S8: writes under a deleted post are parent-missing; undoing a promotion of a gone post is applied', async () => {
    await push(alice.client, [mutation('posts', 'delete', postUid)]);
    const { results } = await push(bob.client, [
      mutation('comments', 'create', newUid(), { postUid, content: 'Too late' }),
      mutation('post_likes', 'create', postUid),
      mutation('post_likes', 'delete', postUid),
    ]);
    expect(results.map((r) => [r.status, r.code, r.message])).toEqual([
      ['rejected', 'parent-missing', 'Post not found'],
      ['rejected', 'parent-missing', 'Post not found'],
      ['applied', undefined, undefined],
    ]);
  });
});
