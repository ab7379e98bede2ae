/**
 * Post comments and promotions over REST (docs/product/forum.md#rules-and-messages, #api-calls): counters
 * are the server's.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forumMessages, type Post } from '@schema/contracts/forum';
import { createTestApp, type TestApp } from '../../test/harness';
import { newUid, signedIn, type TestClient } from '../../sync/test-fixtures';
import { createPost, errorOf, official } from './test-fixtures';

let t: TestApp;
let alice: { client: TestClient; user: { id: number } };
let bob: { client: TestClient; user: { id: number } };
let anon: TestClient;
let post: Post;

beforeEach(async () => {
  t = await createTestApp();
  alice = await signedIn(t, 'alice');
  bob = await signedIn(t, 'bob');
  anon = t.client();
  post = await createPost(alice.client);
});
afterEach(() => t.close());

const commentsOf = async (ref: number | string = post.id) =>
  (await anon.get(`/api/posts/${ref}/comments`)).json;

describe('promotions (post likes)', () => {
  it('visitors see the count, cannot promote', async () => {
    expect((await anon.get(`/api/posts/${post.id}/like-status`)).json).toEqual({ isLiked: false, likes: 0 });
    expect(errorOf(await anon.post(`/api/posts/${post.id}/like`))).toEqual([
      401,
      forumMessages.loginRequired,
    ]);
    expect(errorOf(await anon.del(`/api/posts/${post.id}/like`))).toEqual([401, forumMessages.loginRequired]);
  });

  it('are idempotent per member and counted by the server', async () => {
    expect((await bob.client.post(`/api/posts/${post.id}/like`)).json).toEqual({ isLiked: true, likes: 1 });
    expect((await bob.client.post(`/api/posts/${post.uid}/like`)).json).toEqual({ isLiked: true, likes: 1 });
    expect((await alice.client.post(`/api/posts/${post.id}/like`)).json).toEqual({ isLiked: true, likes: 2 });
    expect((await bob.client.get(`/api/posts/${post.id}/like-status`)).json).toEqual({
      isLiked: true,
      likes: 2,
    });
    expect((await bob.client.del(`/api/posts/${post.id}/like`)).json).toEqual({ isLiked: false, likes: 1 });
    expect((await bob.client.del(`/api/posts/${post.id}/like`)).json).toEqual({ isLiked: false, likes: 1 });
    expect((await anon.get(`/api/posts/${post.id}`)).json.likes).toBe(1);
  });

  it('answer Post not found for a missing post', async () => {
    expect(errorOf(await bob.client.post('/api/posts/999/like'))).toEqual([404, 'Post not found']);
    expect(errorOf(await anon.get('/api/posts/999/like-status'))).toEqual([404, 'Post not found']);
  });
});

describe('comments', () => {
  it('visitors can read but not write', async () => {
    expect(await commentsOf()).toEqual([]);
    expect(errorOf(await anon.post('/api/comments', { postId: post.id, content: 'Lovely find' }))).toEqual([
      401,
      forumMessages.loginRequired,
    ]);
  });

  it('are added by the session member whatever userId says, oldest first, and counted on the post', async () => {
    const first = await bob.client.post('/api/comments', {
      postId: post.id,
      userId: alice.user.id,
      content: '  Great find!  ',
    });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      postId: post.id,
      postUid: post.uid,
      userId: bob.user.id,
      username: 'bob',
      content: 'Great find!',
    });
    expect(Object.keys(first.json).sort()).toEqual(
      ['id', 'uid', 'postId', 'postUid', 'userId', 'username', 'content', 'created_at'].sort(),
    );
    await alice.client.post('/api/comments', { postId: post.uid, content: 'Thanks!' });
    expect((await commentsOf(post.uid)).map((c: { content: string }) => c.content)).toEqual([
      'Great find!',
      'Thanks!',
    ]);
    expect((await anon.get(`/api/posts/${post.id}`)).json.comments).toBe(2);
  });

  it('refuse empty content and unknown posts', async () => {
    expect(errorOf(await bob.client.post('/api/comments', { postId: post.id, content: '   ' }))).toEqual([
      400,
      forumMessages.commentRequired,
    ]);
    expect(errorOf(await bob.client.post('/api/comments', { postId: 999, content: 'Hello' }))).toEqual([
      404,
      'Post not found',
    ]);
    expect(errorOf(await bob.client.post('/api/comments', { content: 'Hello' }))).toEqual([
      400,
      'Post not found',
    ]);
  });

  it('page oldest first with X-Next-Cursor; a missing post answers JSON 404', async () => {
    for (let i = 0; i < 3; i += 1)
      await bob.client.post('/api/comments', { postId: post.id, content: `Comment ${i}` });
    const first = await anon.get(`/api/posts/${post.id}/comments?limit=2`);
    expect(first.json.map((c: { content: string }) => c.content)).toEqual(['Comment 0', 'Comment 1']);
    const second = await anon.get(
      `/api/posts/${post.id}/comments?limit=2&cursor=${first.headers.get('x-next-cursor')}`,
    );
    expect(second.json.map((c: { content: string }) => c.content)).toEqual(['Comment 2']);
    const missing = await anon.get('/api/posts/999/comments');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/json/);
    expect(missing.json).toMatchObject({ error: 'Post not found', code: 'not-found' });
  });

  it('S4: a retried create with the same uid is one comment', async () => {
    const uid = newUid();
    const first = await bob.client.post('/api/comments', { postId: post.id, content: 'Once', uid });
    const again = await bob.client.post('/api/comments', { postId: post.id, content: 'Once', uid });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(await commentsOf()).toHaveLength(1);
    expect((await anon.get(`/api/posts/${post.id}`)).json.comments).toBe(1);
    expect((await alice.client.post('/api/comments', { postId: post.id, content: 'Mine', uid })).status).toBe(
      409,
    );
  });

  it('are edited only by their writer', async () => {
    const comment = (await bob.client.post('/api/comments', { postId: post.id, content: 'Frist' })).json;
    expect(errorOf(await anon.put(`/api/comments/${comment.id}`, { content: 'Hacked' }))).toEqual([
      401,
      forumMessages.loginRequired,
    ]);
    expect(errorOf(await alice.client.put(`/api/comments/${comment.id}`, { content: 'Hacked' }))).toEqual([
      403,
      'You can only edit your own comments.',
    ]);
    expect(
      errorOf(await (await official(t)).put(`/api/comments/${comment.id}`, { content: 'Hacked' })),
    ).toEqual([403, 'You can only edit your own comments.']);
    expect(errorOf(await bob.client.put(`/api/comments/${comment.id}`, { content: '' }))).toEqual([
      400,
      forumMessages.commentRequired,
    ]);
    expect(errorOf(await bob.client.put('/api/comments/999', { content: 'First' }))).toEqual([
      404,
      'Comment not found',
    ]);
    const edited = await bob.client.put(`/api/comments/${comment.uid}`, { content: 'First' });
    expect(edited.json).toMatchObject({ id: comment.id, content: 'First', userId: bob.user.id });
  });

  it('are deleted by their writer or the moderator, and the post count follows', async () => {
    const one = (await bob.client.post('/api/comments', { postId: post.id, content: 'One' })).json;
    const two = (await bob.client.post('/api/comments', { postId: post.id, content: 'Two' })).json;
    expect(errorOf(await anon.del(`/api/comments/${one.id}`))).toEqual([401, forumMessages.loginRequired]);
    // The post's author is not the comment's owner.
    expect(errorOf(await alice.client.del(`/api/comments/${one.id}`))).toEqual([
      403,
      'You can only delete your own comments.',
    ]);
    expect((await bob.client.del(`/api/comments/${one.id}`)).json).toEqual({ success: true, id: one.id });
    expect((await (await official(t)).del(`/api/comments/${two.uid}`)).status).toBe(200);
    expect(await commentsOf()).toEqual([]);
    expect((await anon.get(`/api/posts/${post.id}`)).json.comments).toBe(0);
    expect(errorOf(await bob.client.del(`/api/comments/${one.id}`))).toEqual([404, 'Comment not found']);
  });
});
