/**
 * Likes and comments on stories (docs/product/stories.md "Permissions"; the engagement module): every path
 * tried by a signed-out visitor, another member, the author and the moderator, on the engine the run names
 * (DB_ENGINE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyMessages } from '@schema/contracts/stories';
import { createTestApp, type TestApp } from '../../test/harness';
import { newUid, signedIn, type TestClient } from '../../sync/test-fixtures';
import { errorOf, official, shareStory } from './test-fixtures';

let t: TestApp;
let author: { client: TestClient; user: { id: number } };
let other: { client: TestClient; user: { id: number } };
let anon: TestClient;
let moderator: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  author = await signedIn(t, 'author');
  other = await signedIn(t, 'other');
  anon = t.client();
  moderator = await official(t);
});
afterAll(() => t.close());

describe('likes on stories (the engagement module)', () => {
  it('anonymous 401; members like once (idempotent) and unlike; the count is the server’s', async () => {
    const story = await shareStory(author.client);
    expect(errorOf(await anon.post(`/api/stories/${story.id}/like`))).toEqual([
      401,
      storyMessages.loginToLike,
    ]);
    expect(errorOf(await anon.del(`/api/stories/${story.id}/like`))).toEqual([
      401,
      storyMessages.loginToLike,
    ]);
    expect((await other.client.post(`/api/stories/${story.id}/like`)).json).toEqual({
      isLiked: true,
      likes: 1,
    });
    expect((await other.client.post(`/api/stories/${story.uid}/like`)).json).toEqual({
      isLiked: true,
      likes: 1,
    });
    expect((await author.client.post(`/api/stories/${story.id}/like`)).json.likes).toBe(2);
    expect((await moderator.post(`/api/stories/${story.id}/like`)).json.likes).toBe(3);
    expect((await other.client.get(`/api/stories/${story.id}/like-status`)).json).toEqual({
      isLiked: true,
      likes: 3,
    });
    expect((await anon.get(`/api/stories/${story.id}/like-status`)).json).toEqual({
      isLiked: false,
      likes: 3,
    });
    expect((await other.client.del(`/api/stories/${story.id}/like`)).json).toEqual({
      isLiked: false,
      likes: 2,
    });
    expect((await anon.get(`/api/stories/${story.id}`)).json.likeCount).toBe(2);
    expect(errorOf(await other.client.post(`/api/stories/${newUid()}/like`))).toEqual([
      404,
      storyMessages.notFound,
    ]);
  });
});

describe('comments on stories (the engagement module)', () => {
  it('anonymous may read but not write; members comment; the writer edits; writer or moderator deletes', async () => {
    const story = await shareStory(author.client);
    expect(errorOf(await anon.post(`/api/stories/${story.id}/comments`, { content: 'Hello' }))).toEqual([
      401,
      storyMessages.loginToComment,
    ]);
    expect(errorOf(await other.client.post(`/api/stories/${story.id}/comments`, { content: 'ab' }))).toEqual([
      400,
      storyMessages.commentTooShort,
    ]);
    const posted = await other.client.post(`/api/stories/${story.id}/comments`, {
      content: 'This helped me',
    });
    expect(posted.status).toBe(201);
    expect(posted.json).toMatchObject({ storyId: story.id, storyUid: story.uid, userId: other.user.id });
    const second = await author.client.post(`/api/stories/${story.uid}/comments`, { content: 'Glad it did' });
    for (const client of [anon, other.client, author.client, moderator])
      expect((await client.get(`/api/stories/${story.id}/comments`)).json).toHaveLength(2);
    expect((await anon.get(`/api/stories/${story.id}`)).json.commentCount).toBe(2);

    const path = `/api/story-comments/${posted.json.id}`;
    expect(errorOf(await anon.put(path, { content: 'Not yours' }))).toEqual([
      401,
      storyMessages.loginToComment,
    ]);
    expect(errorOf(await author.client.put(path, { content: 'Not yours' }))).toEqual([
      403,
      storyMessages.notCommentOwnerEdit,
    ]);
    expect(errorOf(await moderator.put(path, { content: 'Not yours' }))).toEqual([
      403,
      storyMessages.notCommentOwnerEdit,
    ]);
    expect((await other.client.put(path, { content: 'This really helped me' })).json.content).toBe(
      'This really helped me',
    );
    expect(errorOf(await author.client.del(path))).toEqual([403, storyMessages.notCommentOwnerDelete]);
    expect((await moderator.del(path)).status).toBe(200);
    expect((await author.client.del(`/api/story-comments/${second.json.uid}`)).status).toBe(200);
    expect(errorOf(await author.client.del('/api/story-comments/999999'))).toEqual([
      404,
      storyMessages.commentNotFound,
    ]);
    expect((await anon.get(`/api/stories/${story.id}`)).json.commentCount).toBe(0);
  });
});
