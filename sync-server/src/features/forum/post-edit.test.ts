/**
 * Editing a post (docs/moderation.md "Actions"), on the engine the run names: published posts are not
 * edited — except by their author while a moderator has the post hidden, over REST and sync push alike,
 * so the author can put it right and ask for a review. Others learn nothing of a hidden post.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumMessages } from '@schema/contracts/forum';
import { createTestApp, type TestApp } from '../../test/harness';
import { mutation, official, push, signedIn, type TestClient } from '../../sync/test-fixtures';

let t: TestApp;
let author: TestClient;
let other: TestClient;
let boss: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  author = (await signedIn(t, 'edit_author')).client;
  other = (await signedIn(t, 'edit_other')).client;
  boss = await official(t);
});
afterAll(() => t.close());

async function newPost() {
  const res = await author.post('/api/posts', {
    title: 'Great field behind the church',
    content: 'Gate code 4471, the farmer never checks on Sundays.',
    categoryId: 1,
    imageUrl: null,
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; uid: string };
}
const hide = async (id: number) =>
  expect(
    (
      await boss.post('/api/moderation/actions', {
        action: 'hide',
        entity: 'posts',
        id,
        reason: 'Gives away the site',
      })
    ).status,
  ).toBe(201);
const edit = {
  title: 'A good stubble field in Norfolk',
  content: 'Permission only; ask the farm office first.',
};

describe('PATCH /api/posts/{id}', () => {
  it('a published post is not edited, by its author or anyone else', async () => {
    const post = await newPost();
    const own = await author.patch(`/api/posts/${post.id}`, edit);
    expect([own.status, own.json?.message]).toEqual([403, forumMessages.postNotEditable]);
    const theirs = await other.patch(`/api/posts/${post.id}`, edit);
    expect([theirs.status, theirs.json?.message]).toEqual([403, forumMessages.notOwnerEdit]);
    expect((await t.client().patch(`/api/posts/${post.id}`, edit)).status).toBe(401);
  });

  it('its author edits it while hidden; it stays hidden, with the notice; others get 404', async () => {
    const post = await newPost();
    await hide(post.id);
    const res = await author.patch(`/api/posts/${post.id}`, edit);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ ...edit, hiddenByModerator: { reason: 'Gives away the site' } });
    expect((await other.patch(`/api/posts/${post.id}`, edit)).status).toBe(404);
    expect((await other.get(`/api/posts/${post.id}`)).status).toBe(404);
    const bad = await author.patch(`/api/posts/${post.id}`, { title: 'x', content: edit.content });
    expect([bad.status, bad.json?.fields?.title]).toEqual([400, forumMessages.titleTooShort]);
  });
});

describe('a pushed post update', () => {
  it('is applied for the author of a hidden post and refused with the message otherwise', async () => {
    const visible = await newPost();
    const hidden = await newPost();
    await hide(hidden.id);
    const { results } = await push(author, [
      mutation('posts', 'update', visible.uid, edit),
      mutation('posts', 'update', hidden.uid, edit),
    ]);
    expect(results.map((r) => [r.status, 'message' in r ? r.message : undefined])).toEqual([
      ['rejected', forumMessages.postNotEditable],
      ['applied', undefined],
    ]);
    expect((await author.get(`/api/posts/${hidden.id}`)).json).toMatchObject(edit);
  });
});
