/**
 * New accounts (docs/moderation.md "New accounts"): during the first 24 hours a post or comment with more
 * than NEW_ACCOUNT_MAX_LINKS links is stored but held for a moderator (a system report in the queue, hidden
 * from others, shown to its author with the notice, released by `restore`), and the write limits are
 * lower. An account is made older by moving its created_at back.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELD_FOR_MODERATOR, NEW_ACCOUNT_MS } from '@schema/contracts/moderation';
import { users } from '@schema/db/tables';
import { createTestApp, type TestApp } from '../../test/harness';
import { mutation, newUid, official, push, signedIn, type TestClient } from '../../sync/test-fixtures';

type Member = { client: TestClient; user: { id: number } };
type Item = {
  entity: string;
  id: number;
  reports: number;
  notes: { reporterId: number | null; note: string }[];
};

const LINKY = 'Better finds at https://example.com/a and https://example.com/b, see www.example.org/c too.';
const TWO_LINKS = 'Only https://example.com/a and https://example.com/b here, nothing more.';

/** Makes the member's account older than a new one. */
async function ageAccount(t: TestApp, id: number) {
  const createdAt = new Date(Date.now() - NEW_ACCOUNT_MS - 60_000).toISOString();
  await t.db.update(users).set({ createdAt }).where(eq(users.id, id));
}

const postBody = (content: string, title = 'Where to detect') => ({
  title,
  content,
  categoryId: 1,
  imageUrl: null,
});

describe('a new account’s post with many links', () => {
  let t: TestApp;
  let newbie: Member;
  let veteran: Member;
  let other: Member;
  let mod: TestClient;
  let anon: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    newbie = await signedIn(t, 'newbie');
    veteran = await signedIn(t, 'veteran');
    other = await signedIn(t, 'onlooker');
    mod = await official(t);
    anon = t.client();
    await ageAccount(t, veteran.user.id);
  });
  afterAll(() => t.close());

  const queue = async () => (await mod.get('/api/moderation/reports?limit=200')).json as Item[];
  const listed = async (client: TestClient, id: number) =>
    ((await client.get('/api/posts?limit=100')).json as { id: number }[]).some((p) => p.id === id);

  it('is held: a system report in the queue, gone for others, shown with the notice to its author', async () => {
    const res = await newbie.client.post('/api/posts', postBody(LINKY));
    expect(res.status, res.text).toBe(201);
    const post = res.json as { id: number; hiddenByModerator?: { reason: string } };
    expect(post.hiddenByModerator).toEqual({ reason: HELD_FOR_MODERATOR });

    expect((await other.client.get(`/api/posts/${post.id}`)).status).toBe(404);
    expect((await anon.get(`/api/posts/${post.id}`)).status).toBe(404);
    expect(await listed(other.client, post.id)).toBe(false);
    expect((await newbie.client.get(`/api/posts/${post.id}`)).json.hiddenByModerator).toEqual({
      reason: HELD_FOR_MODERATOR,
    });
    expect(await listed(newbie.client, post.id)).toBe(true);

    const item = (await queue()).find((i) => i.entity === 'posts' && i.id === post.id);
    expect(item).toMatchObject({ reports: 1, notes: [{ reporterId: null, note: HELD_FOR_MODERATOR }] });

    const released = await mod.post('/api/moderation/actions', {
      action: 'restore',
      entity: 'posts',
      id: post.id,
      reason: 'Links are fine',
    });
    expect(released.status, released.text).toBe(201);
    expect((await other.client.get(`/api/posts/${post.id}`)).status).toBe(200);
    expect(await listed(anon, post.id)).toBe(true);
    expect((await queue()).some((i) => i.entity === 'posts' && i.id === post.id)).toBe(false);
  });

  it('is held when pushed from a device too', async () => {
    const uid = newUid();
    const answer = await push(newbie.client, [
      mutation('posts', 'create', uid, { title: 'Pushed', content: LINKY, categoryId: 1 }),
    ]);
    expect(answer.results[0]?.status).toBe('applied');
    const held = (await queue()).find((i) => i.entity === 'posts' && i.notes[0]?.note === HELD_FOR_MODERATOR);
    expect(held).toBeDefined();
    expect((await other.client.get(`/api/posts/${uid}`)).status).toBe(404);
  });

  it('is published at once from an older account, and with two links from a new one', async () => {
    const older = await veteran.client.post('/api/posts', postBody(LINKY));
    expect([older.status, older.json.hiddenByModerator]).toEqual([201, undefined]);
    expect((await other.client.get(`/api/posts/${older.json.id}`)).status).toBe(200);
    const two = await newbie.client.post('/api/posts', postBody(TWO_LINKS));
    expect([two.status, two.json.hiddenByModerator]).toEqual([201, undefined]);
    expect((await other.client.get(`/api/posts/${two.json.id}`)).status).toBe(200);
  });

  it('holds a new account’s comment with many links the same way', async () => {
    const post = await veteran.client.post('/api/posts', postBody('A plain post about a find.'));
    const res = await newbie.client.post('/api/comments', { postId: post.json.id, content: LINKY });
    expect([res.status, res.json.hiddenByModerator]).toEqual([201, { reason: HELD_FOR_MODERATOR }]);
    const url = `/api/posts/${post.json.id}/comments`;
    const has = async (client: TestClient) =>
      ((await client.get(url)).json as { id: number }[]).some((c) => c.id === res.json.id);
    expect(await has(other.client)).toBe(false);
    expect(await has(newbie.client)).toBe(true);
    expect((await queue()).some((i) => i.entity === 'comments' && i.id === res.json.id)).toBe(true);
  });
});

describe('a new account’s write limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ POST_RATE_LIMIT: '4', COMMENT_RATE_LIMIT: '4', MESSAGE_RATE_LIMIT: '4' });
  });
  afterAll(() => t.close());

  it('are half the normal ones during the first 24 hours', async () => {
    const fresh = await signedIn(t, 'fresh-writer');
    const aged = await signedIn(t, 'aged-writer');
    await ageAccount(t, aged.user.id);
    const posts = async (client: TestClient) => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await client.post('/api/posts', postBody(`Post number ${i} of the day.`))).status);
      return statuses;
    };
    expect(await posts(fresh.client)).toEqual([201, 201, 429, 429, 429]);
    expect(await posts(aged.client)).toEqual([201, 201, 201, 201, 429]);

    const messages: number[] = [];
    for (let i = 0; i < 3; i++)
      messages.push(
        (await fresh.client.post('/api/social/messages', { receiverId: aged.user.id, content: `Hello ${i}` }))
          .status,
      );
    expect(messages).toEqual([201, 201, 429]);
  });
});
