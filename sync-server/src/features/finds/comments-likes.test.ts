/**
 * Find likes and comments over REST (docs/product/finds.md#rules-and-messages, #api-calls): counters are
 * the server's.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findMessages } from '@schema/contracts/finds';
import { createTestApp, type TestApp } from '../../test/harness';
import { createFind, signedIn, type TestClient } from '../../sync/test-fixtures';

let t: TestApp;
let alice: { client: TestClient; user: { id: number } };
let bob: { client: TestClient; user: { id: number } };
let anon: TestClient;
let find: { id: number; uid: string };

beforeEach(async () => {
  t = await createTestApp();
  alice = await signedIn(t, 'alice');
  bob = await signedIn(t, 'bob');
  anon = t.client();
  find = await createFind(alice.client);
});
afterEach(() => t.close());

const errorOf = (res: { status: number; json: { message?: string } }) => [res.status, res.json?.message];

describe('likes', () => {
  it('visitors see the count, cannot like', async () => {
    expect((await anon.get(`/api/finds/${find.id}/like-status`)).json).toEqual({ isLiked: false, likes: 0 });
    expect(errorOf(await anon.post(`/api/finds/${find.id}/like`))).toEqual([401, findMessages.loginToLike]);
    expect(errorOf(await anon.del(`/api/finds/${find.id}/like`))).toEqual([401, findMessages.loginToLike]);
  });

  it('are idempotent per member and counted by the server', async () => {
    expect((await bob.client.post(`/api/finds/${find.id}/like`)).json).toEqual({ isLiked: true, likes: 1 });
    expect((await bob.client.post(`/api/finds/${find.uid}/like`)).json).toEqual({ isLiked: true, likes: 1 });
    expect((await alice.client.post(`/api/finds/${find.id}/like`)).json).toEqual({ isLiked: true, likes: 2 });
    expect((await bob.client.get(`/api/finds/${find.id}/like-status`)).json).toEqual({
      isLiked: true,
      likes: 2,
    });
    expect((await bob.client.del(`/api/finds/${find.id}/like`)).json).toEqual({ isLiked: false, likes: 1 });
    expect((await bob.client.del(`/api/finds/${find.id}/like`)).json).toEqual({ isLiked: false, likes: 1 });
    expect((await anon.get(`/api/finds/${find.id}`)).json.likes).toBe(1);
  });

  it('answer Find Not Found for a missing find', async () => {
    expect(errorOf(await bob.client.post('/api/finds/999/like'))).toEqual([404, 'Find Not Found']);
    expect(errorOf(await anon.get('/api/finds/999/like-status'))).toEqual([404, 'Find Not Found']);
  });
});

describe('comments', () => {
  it('visitors can read but not write', async () => {
    expect((await anon.get(`/api/finds/${find.id}/comments`)).json).toEqual([]);
    expect(errorOf(await anon.post(`/api/finds/${find.id}/comments`, { content: 'Lovely find' }))).toEqual([
      401,
      findMessages.loginToComment,
    ]);
  });

  it('validate 3 to 1000 characters with the spec messages', async () => {
    expect(errorOf(await bob.client.post(`/api/finds/${find.id}/comments`, { content: 'ab' }))).toEqual([
      400,
      'Comment must be at least 3 characters.',
    ]);
    expect(
      errorOf(await bob.client.post(`/api/finds/${find.id}/comments`, { content: 'x'.repeat(1001) })),
    ).toEqual([400, 'Comment cannot be longer than 1000 characters.']);
    expect(errorOf(await bob.client.post('/api/finds/999/comments', { content: 'Lovely find' }))).toEqual([
      404,
      'Find Not Found',
    ]);
  });

  it('belong to the session member (a body userId is ignored) and keep commentCount', async () => {
    const res = await bob.client.post(`/api/finds/${find.uid}/comments`, {
      content: 'Lovely find',
      userId: alice.user.id,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      findId: find.id,
      findUid: find.uid,
      userId: bob.user.id,
      username: 'bob',
      content: 'Lovely find',
    });
    expect(res.text).not.toContain('@example.com');
    await alice.client.post(`/api/finds/${find.id}/comments`, { content: 'Thanks!' });
    expect((await anon.get(`/api/finds/${find.id}`)).json.commentCount).toBe(2);
  });

  it('list oldest first, paged', async () => {
    for (const content of ['first', 'second', 'third'])
      await bob.client.post(`/api/finds/${find.id}/comments`, { content });
    const page = await anon.get(`/api/finds/${find.id}/comments?limit=2`);
    expect(page.json.map((c: { content: string }) => c.content)).toEqual(['first', 'second']);
    const next = await anon.get(
      `/api/finds/${find.id}/comments?limit=2&cursor=${page.headers.get('x-next-cursor')}`,
    );
    expect(next.json.map((c: { content: string }) => c.content)).toEqual(['third']);
    expect(errorOf(await anon.get('/api/finds/999/comments'))).toEqual([404, 'Find Not Found']);
  });

  it('are edited and deleted by their writer, not by another member (the finder included)', async () => {
    const comment = (await bob.client.post(`/api/finds/${find.id}/comments`, { content: 'Lovely find' }))
      .json;
    const url = `/api/find-comments/${comment.id}`;
    expect((await anon.put(url, { content: 'Changed' })).status).toBe(401);
    // The find's owner is not the comment's writer either.
    expect(errorOf(await alice.client.put(url, { content: 'Changed' }))).toEqual([
      403,
      findMessages.notCommentOwnerEdit,
    ]);
    expect(errorOf(await alice.client.del(url))).toEqual([403, findMessages.notCommentOwnerDelete]);
    expect(errorOf(await bob.client.put(url, { content: 'x' }))).toEqual([400, findMessages.commentTooShort]);
    expect(
      (await bob.client.put(`/api/find-comments/${comment.uid}`, { content: 'Really lovely' })).json.content,
    ).toBe('Really lovely');
    expect((await anon.del(url)).status).toBe(401);
    expect((await bob.client.del(url)).status).toBe(200);
    expect(errorOf(await bob.client.del(url))).toEqual([404, findMessages.commentNotFound]);
    expect(errorOf(await bob.client.put(url, { content: 'Again' }))).toEqual([
      404,
      findMessages.commentNotFound,
    ]);
    expect((await anon.get(`/api/finds/${find.id}`)).json.commentCount).toBe(0);
  });

  it('a retried comment with the same uid is stored once', async () => {
    const uid = '0192a0b4-7c3e-7d4f-8a9b-0c1d2e3f4a5b';
    const first = await bob.client.post(`/api/finds/${find.id}/comments`, { content: 'Lovely find', uid });
    const again = await bob.client.post(`/api/finds/${find.id}/comments`, { content: 'Lovely find', uid });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.json.id).toBe(first.json.id);
    expect((await anon.get(`/api/finds/${find.id}`)).json.commentCount).toBe(1);
  });
});
