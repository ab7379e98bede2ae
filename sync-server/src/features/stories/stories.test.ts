/**
 * Stories REST (docs/product/stories.md "API calls", "Permissions"): every path tried by a signed-out
 * visitor, another member, the author and the moderator (the official account), on the engine the run
 * names (DB_ENGINE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyMessages } from '@schema/contracts/stories';
import { createTestApp, type TestApp } from '../../test/harness';
import { newUid, signedIn, type TestClient } from '../../sync/test-fixtures';
import { errorOf, official, shareStory, storyBody } from './test-fixtures';

let t: TestApp;
let author: { client: TestClient; user: { id: number; username: string } };
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

const STORY_KEYS = [
  'avatarUrl',
  'commentCount',
  'content',
  'created_at',
  'id',
  'likeCount',
  'uid',
  'userId',
  'username',
  'yearsDetecting',
];

describe('POST /api/stories', () => {
  it('anonymous: 401 with the sign-in message, nothing stored', async () => {
    expect(errorOf(await anon.post('/api/stories', storyBody()))).toEqual([401, storyMessages.loginToShare]);
    expect(await t.sql('SELECT * FROM stories')).toEqual([]);
  });

  it('a member (author, another member, the moderator alike) shares a story owned by the session, whatever userId says', async () => {
    for (const [client, id] of [
      [author.client, author.user.id],
      [other.client, other.user.id],
      [moderator, 1],
    ] as const) {
      const res = await client.post(
        '/api/stories',
        storyBody({ userId: 999, content: `  ${storyBody().content}  ` }),
      );
      expect(res.status).toBe(201);
      expect(Object.keys(res.json).sort()).toEqual(STORY_KEYS);
      expect(res.json).toMatchObject({
        userId: id,
        content: storyBody().content,
        yearsDetecting: 4,
        likeCount: 0,
        commentCount: 0,
      });
      expect(res.json.avatarUrl).toMatch(/^\/avatars\/.+\.svg$/);
    }
  });

  it('years detecting is optional (null) and may be 0', async () => {
    expect(
      (await author.client.post('/api/stories', storyBody({ yearsDetecting: null }))).json.yearsDetecting,
    ).toBeNull();
    expect(
      (await author.client.post('/api/stories', { content: storyBody().content })).json.yearsDetecting,
    ).toBeNull();
    expect(
      (await author.client.post('/api/stories', storyBody({ yearsDetecting: 0 }))).json.yearsDetecting,
    ).toBe(0);
  });

  it.each([
    [{ content: 'Too short to count' }, storyMessages.contentTooShort],
    [{ content: undefined }, storyMessages.contentTooShort],
    [{ content: 'x'.repeat(5001) }, storyMessages.contentTooLong],
    [{ yearsDetecting: -1 }, storyMessages.yearsTooLow],
    [{ yearsDetecting: 1.5 }, storyMessages.yearsWhole],
    [{ yearsDetecting: 101 }, storyMessages.yearsTooHigh],
  ])('refuses %j with its message and field', async (fields, message) => {
    const res = await author.client.post('/api/stories', storyBody(fields));
    expect(errorOf(res)).toEqual([400, message]);
    expect(Object.values(res.json.fields ?? {})).toContain(message);
  });

  it('S4: the same uid again answers the same story (200); another member’s uid is a 409', async () => {
    const uid = newUid();
    const first = await author.client.post('/api/stories', storyBody({ uid }));
    expect(first.status).toBe(201);
    const again = await author.client.post(
      '/api/stories',
      storyBody({ uid, content: 'Something else entirely, twenty+' }),
    );
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(errorOf(await other.client.post('/api/stories', storyBody({ uid })))).toEqual([
      409,
      storyMessages.uidTaken,
    ]);
  });

  it('malformed JSON is a 400, not a 500', async () => {
    expect((await author.client.request('POST', '/api/stories', '{"content":')).status).toBe(400);
    expect((await author.client.request('POST', '/api/stories', '[1]')).status).toBe(400);
  });
});

describe('GET /api/stories', () => {
  it('every caller reads the stories newest first, with the author’s public fields and counts, paged', async () => {
    const older = await shareStory(other.client);
    const newer = await shareStory(author.client, {
      content: 'A newer story about a sunrise over the river.',
    });
    await other.client.post(`/api/stories/${newer.id}/like`);
    await other.client.post(`/api/stories/${newer.id}/comments`, { content: 'Lovely to read' });
    for (const client of [anon, other.client, author.client, moderator]) {
      const res = await client.get('/api/stories?limit=2');
      expect(res.status).toBe(200);
      expect(res.json.map((s: { id: number }) => s.id)).toEqual([newer.id, older.id]);
      expect(res.json[0]).toMatchObject({
        username: author.user.username,
        likeCount: 1,
        commentCount: 1,
      });
      expect(res.text).not.toContain('@example.com');
    }
    const first = await anon.get('/api/stories?limit=1');
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await anon.get(`/api/stories?limit=1&cursor=${cursor}`);
    expect(second.json.map((s: { id: number }) => s.id)).toEqual([older.id]);
    expect((await anon.get('/api/stories?cursor=nonsense')).status).toBe(400);
    expect((await anon.get('/api/stories?limit=0')).status).toBe(400);
  });
});

describe('GET /api/stories/{id}', () => {
  it('every caller reads a story by id or uid; a missing one is the 404', async () => {
    const story = await shareStory(author.client);
    for (const client of [anon, other.client, author.client, moderator]) {
      expect((await client.get(`/api/stories/${story.id}`)).json).toEqual(story);
      expect((await client.get(`/api/stories/${story.uid.toUpperCase()}`)).json).toEqual(story);
    }
    expect(errorOf(await anon.get('/api/stories/999999'))).toEqual([404, storyMessages.notFound]);
    expect(errorOf(await anon.get(`/api/stories/${newUid()}`))).toEqual([404, storyMessages.notFound]);
    expect((await anon.get('/api/stories/not-an-id')).status).toBe(400);
  });
});

describe('PUT /api/stories/{id}', () => {
  it('anonymous 401, another member 403, the moderator 403 (editing is the author’s), missing 404', async () => {
    const story = await shareStory(author.client);
    const body = { content: 'Changed by someone who is not the author.' };
    expect(errorOf(await anon.put(`/api/stories/${story.id}`, body))).toEqual([
      401,
      storyMessages.loginToEdit,
    ]);
    expect(errorOf(await other.client.put(`/api/stories/${story.id}`, body))).toEqual([
      403,
      storyMessages.notOwner,
    ]);
    expect(errorOf(await moderator.put(`/api/stories/${story.id}`, body))).toEqual([
      403,
      storyMessages.notOwner,
    ]);
    expect(errorOf(await author.client.put('/api/stories/999999', body))).toEqual([
      404,
      storyMessages.notFound,
    ]);
    expect((await anon.get(`/api/stories/${story.id}`)).json.content).toBe(story.content);
  });

  it('the author edits the whole story or one field; the rules and messages are the create’s', async () => {
    const story = await shareStory(author.client);
    const full = await author.client.put(`/api/stories/${story.uid}`, {
      content: 'Rewritten: the field, the larks and a Roman coin.',
      yearsDetecting: 5,
      userId: other.user.id,
    });
    expect(full.status).toBe(200);
    expect(full.json).toMatchObject({
      id: story.id,
      userId: author.user.id,
      content: 'Rewritten: the field, the larks and a Roman coin.',
      yearsDetecting: 5,
    });
    const partial = await author.client.put(`/api/stories/${story.id}`, { yearsDetecting: null });
    expect(partial.json).toMatchObject({ content: full.json.content, yearsDetecting: null });
    expect(errorOf(await author.client.put(`/api/stories/${story.id}`, { content: 'short' }))).toEqual([
      400,
      storyMessages.contentTooShort,
    ]);
    expect(errorOf(await author.client.put(`/api/stories/${story.id}`, { yearsDetecting: -4 }))).toEqual([
      400,
      storyMessages.yearsTooLow,
    ]);
  });
});

describe('DELETE /api/stories/{id}', () => {
  it('anonymous 401, another member 403, missing 404; the author deletes', async () => {
    const story = await shareStory(author.client);
    expect(errorOf(await anon.del(`/api/stories/${story.id}`))).toEqual([401, storyMessages.loginToDelete]);
    expect(errorOf(await other.client.del(`/api/stories/${story.id}`))).toEqual([
      403,
      storyMessages.notOwnerDelete,
    ]);
    expect(errorOf(await author.client.del('/api/stories/999999'))).toEqual([404, storyMessages.notFound]);
    expect((await author.client.del(`/api/stories/${story.uid}`)).json).toEqual({
      success: true,
      id: story.id,
    });
    expect((await anon.get(`/api/stories/${story.id}`)).status).toBe(404);
  });

  it('the moderator removes any story, with its comments and likes', async () => {
    const story = await shareStory(author.client);
    await other.client.post(`/api/stories/${story.id}/like`);
    await other.client.post(`/api/stories/${story.id}/comments`, { content: 'Thank you for this' });
    expect((await moderator.del(`/api/stories/${story.id}`)).status).toBe(200);
    expect((await anon.get(`/api/stories/${story.id}`)).status).toBe(404);
    expect(await t.sql('SELECT * FROM story_likes WHERE story_id = ?', story.id)).toEqual([]);
    expect(await t.sql('SELECT * FROM story_comments WHERE story_id = ?', story.id)).toEqual([]);
  });
});
