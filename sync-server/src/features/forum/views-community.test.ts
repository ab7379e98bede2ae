/** Post views (once per visitor per post per UTC day) and the Home page's online members. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postViews, postViewSalts, posts, sessions } from '@schema/db/tables';
import type { Post } from '@schema/contracts/forum';
import { maskEmailLike } from '@schema/contracts/users-display';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { newUid, signedIn, type TestClient } from '../../sync/test-fixtures';
import { createPost, errorOf } from './test-fixtures';

let t: TestApp;
let alice: { client: TestClient; user: { id: number } };
let bob: { client: TestClient; user: { id: number } };
let anon: TestClient;
let post: Post;

beforeEach(async () => {
  // Only Date is faked (docs/testing.md#pitfalls): the sessions below are made at this fake time and stay
  // valid.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-03-01T22:00:00.000Z'));
  t = await createTestApp();
  alice = await signedIn(t, 'alice');
  bob = await signedIn(t, 'bob');
  anon = t.client();
  post = await createPost(alice.client);
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

const view = (client: TestClient, ref: number | string = post.id, userAgent = 'Firefox') =>
  client.request('POST', `/api/posts/${ref}/view`, undefined, { 'user-agent': userAgent });

/** A signed-out view as if from the socket `address` (app.request passes the third argument as c.env). */
async function viewFrom(
  address: string,
  headers: Record<string, string> = {},
  on: { app: TestApp; postId: number } = { app: t, postId: post.id },
) {
  const res = await on.app.app.request(
    `/api/posts/${on.postId}/view`,
    { method: 'POST', headers: { 'user-agent': 'Firefox', ...headers } },
    { incoming: { socket: { remoteAddress: address } } },
  );
  return (await res.json()) as { views: number; counted: boolean };
}

describe('POST /api/posts/{id}/view', () => {
  it('counts a member once per post per day, however often they reload', async () => {
    expect((await view(bob.client)).json).toEqual({ views: 1, counted: true });
    expect((await view(bob.client, post.uid)).json).toEqual({ views: 1, counted: false });
    expect((await view(alice.client)).json).toEqual({ views: 2, counted: true });
    expect((await anon.get(`/api/posts/${post.id}`)).json.views).toBe(2);
  });

  it('counts a visitor once per day by a salted hash of their address, whatever their user agent, storing neither', async () => {
    expect(await viewFrom('198.51.100.7', { 'user-agent': 'Firefox' })).toEqual({ views: 1, counted: true });
    expect(await viewFrom('198.51.100.7', { 'user-agent': 'Safari' })).toEqual({ views: 1, counted: false });
    expect((await view(anon, post.id, 'Curl')).json).toEqual({ views: 2, counted: true });
    expect((await view(t.client(), post.id, 'Wget')).json).toEqual({ views: 2, counted: false });
    expect(await viewFrom('198.51.100.8')).toEqual({ views: 3, counted: true });
    const stored = JSON.stringify(await t.db.select().from(postViews));
    expect(stored).not.toMatch(/Firefox|Safari|Curl|unknown|198\.51/);
    expect((await t.db.select().from(postViews)).map((v) => v.visitorKey)).toEqual([
      expect.stringMatching(/^v:/),
      expect.stringMatching(/^v:/),
      expect.stringMatching(/^v:/),
    ]);
  });

  it('counts an IPv6 visitor by their /64: a fresh address in the same /64 is the same visitor', async () => {
    expect(await viewFrom('2001:db8:1:2::10')).toEqual({ views: 1, counted: true });
    expect(await viewFrom('2001:db8:1:2:ffff::1')).toEqual({ views: 1, counted: false });
    expect(await viewFrom('2001:db8:1:3::10')).toEqual({ views: 2, counted: true });
  });

  it('without TRUST_PROXY, a forged X-Forwarded-For makes no new visitor; behind a trusted proxy each client counts', async () => {
    for (const forged of ['203.0.113.1', '203.0.113.2', '10.0.0.9, 203.0.113.3'])
      await viewFrom('198.51.100.7', { 'x-forwarded-for': forged });
    expect(await viewFrom('198.51.100.7')).toEqual({ views: 1, counted: false });

    const proxied = await createTestApp({ TRUST_PROXY: 'loopback' });
    try {
      const author = await signedIn(proxied, 'alice');
      const on = { app: proxied, postId: (await createPost(author.client)).id };
      const viaProxy = (client: string) => viewFrom('127.0.0.1', { 'x-forwarded-for': client }, on);
      expect(await viaProxy('203.0.113.1')).toEqual({ views: 1, counted: true });
      expect(await viaProxy('203.0.113.2')).toEqual({ views: 2, counted: true });
      expect(await viaProxy('203.0.113.1')).toEqual({ views: 2, counted: false });
    } finally {
      await proxied.close();
    }
  });

  it('counts again on the next UTC day, and forgets the previous day (rows and salt)', async () => {
    await view(bob.client);
    await view(anon);
    vi.setSystemTime(new Date('2030-03-02T01:00:00.000Z'));
    expect((await view(bob.client)).json).toEqual({ views: 3, counted: true });
    expect((await view(anon)).json).toEqual({ views: 4, counted: true });
    expect((await t.db.select().from(postViews)).every((v) => v.day === '2030-03-02')).toBe(true);
    expect((await t.db.select().from(postViewSalts)).map((s) => s.day)).toEqual(['2030-03-02']);
  });

  it('answers Post not found for a missing post, and counts nothing for a bad id', async () => {
    expect(errorOf(await view(bob.client, 999))).toEqual([404, 'Post not found']);
    expect((await view(bob.client, 'nope')).status).toBe(400);
  });

  it('drops a deleted post’s view rows with it', async () => {
    await view(bob.client);
    await alice.client.del(`/api/posts/${post.id}`);
    expect(await t.db.select().from(postViews)).toEqual([]);
  });
});

describe('GET /api/community/members', () => {
  const insertPost = async (userId: number, createdAt: string) =>
    await t.db.insert(posts).values({
      uid: newUid(),
      title: 'Old news here',
      content: 'Posted some time ago',
      userId,
      categoryId: 1,
      createdAt,
    });

  it('lists members who posted in the last 24 hours, latest first, with the total', async () => {
    const carol = await signedIn(t, 'carol');
    const dave = await signedIn(t, 'dave');
    await insertPost(carol.user.id, '2030-03-01T10:00:00.000Z');
    await insertPost(dave.user.id, '2030-02-27T10:00:00.000Z'); // three days ago: not online
    const res = await anon.get('/api/community/members?online=1');
    expect(res.json.map((m: { username: string }) => m.username)).toEqual(['alice', 'carol']);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(res.json[0]).toEqual({
      id: alice.user.id,
      username: 'alice',
      avatarUrl: '/avatars/alice.svg',
      bio: null,
      created_at: expect.any(String),
      lastPostAt: post.created_at,
    });
    expect(res.text).not.toContain('@example.com');
  });

  it('puts the signed-in caller first, online by definition, once', async () => {
    const asBob = await bob.client.get('/api/community/members');
    expect(
      asBob.json.map((m: { username: string; lastPostAt: string | null }) => [m.username, m.lastPostAt]),
    ).toEqual([
      ['bob', null],
      ['alice', post.created_at],
    ]);
    expect(asBob.headers.get('x-total-count')).toBe('2');
    // Bob's visit made him active (his session was seen just now): online for Alice too, after herself.
    const asAlice = await alice.client.get('/api/community/members?online=1');
    expect(asAlice.json.map((m: { username: string }) => m.username)).toEqual(['alice', 'bob']);
    expect(asAlice.headers.get('x-total-count')).toBe('2');
  });

  it('counts a member active in the last 24 hours without posting, and masks an e-mail-like name for others', async () => {
    const mailer = await signedIn(t, 'digger@example.org');
    // Seen 23 hours ago (system time is 2030-03-01T22:00Z): online; a session seen 25 hours ago is not.
    await t.db
      .update(sessions)
      .set({ lastSeenAt: '2030-02-28T23:00:00.000Z' })
      .where(eq(sessions.userId, mailer.user.id));
    const seen = (await anon.get('/api/community/members?online=1')).json as {
      id: number;
      username: string;
    }[];
    const shown = seen.find((m) => m.id === mailer.user.id);
    expect(shown?.username).not.toBe('digger@example.org');
    expect(shown?.username).toBe(maskEmailLike('digger@example.org'));
    await t.db
      .update(sessions)
      .set({ lastSeenAt: '2030-02-28T21:00:00.000Z' })
      .where(eq(sessions.userId, mailer.user.id));
    const later = (await anon.get('/api/community/members?online=1')).json as { id: number }[];
    expect(later.map((m) => m.id)).not.toContain(mailer.user.id);
  });

  it('shows each active member their own last post, older than a day, or none', async () => {
    const carol = await signedIn(t, 'carol');
    const dave = await signedIn(t, 'dave');
    const erin = await signedIn(t, 'erin');
    // Posted days ago, active just now (a request on their session): online, with their own last post;
    // Erin has never posted.
    await insertPost(carol.user.id, '2030-02-20T09:00:00.000Z');
    await insertPost(carol.user.id, '2030-02-25T09:00:00.000Z');
    await insertPost(dave.user.id, '2030-02-10T08:00:00.000Z');
    for (const member of [carol, dave, erin]) await member.client.get('/api/auth/user');
    const res = await anon.get('/api/community/members?online=1');
    const lastPostOf = new Map(
      (res.json as { id: number; lastPostAt: string | null }[]).map((m) => [m.id, m.lastPostAt]),
    );
    expect([carol, dave, erin, alice].map((m) => lastPostOf.get(m.user.id))).toEqual([
      '2030-02-25T09:00:00.000Z',
      '2030-02-10T08:00:00.000Z',
      null,
      post.created_at,
    ]);
  });

  it('forgets a poster after 24 hours', async () => {
    vi.setSystemTime(new Date('2030-03-02T22:00:01.000Z'));
    expect((await anon.get('/api/community/members?online=1')).json).toEqual([]);
  });

  it('refuses anything but the online list (everyone is GET /api/users)', async () => {
    expect((await anon.get('/api/community/members?online=0')).status).toBe(400);
  });
});
