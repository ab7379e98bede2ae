/**
 * Per-member limits on new messages, comments (every kind) and forum posts, and on pushed changes
 * (lib/write-limits.ts, sync/push-limits.ts): the REST route and the sync push count against one limit,
 * on every app server; over it, a 429 with Retry-After, or the mutation's `rate-limited` rejection.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anotherServer, createTestApp, type TestApp } from '../test/harness';
import { createFind, mutation, newUid, push, signedIn } from '../sync/test-fixtures';
import { syncedEntities } from '../sync/entities';
import { TOO_MANY_CHANGES_MESSAGE } from '../sync/push-limits';
import { LIMITED_SYNC_CREATES, WRITE_LIMIT_MESSAGES } from './write-limits';

const apps: TestApp[] = [];
afterEach(async () => {
  vi.useRealTimers();
  // Another server is closed before the app whose database it shares.
  for (const app of apps.splice(0).reverse()) await app.close();
});

/**
 * These tests are about the normal limits, and their members are minutes old: the new-account limits
 * (docs/moderation.md "New accounts", moderation/new-accounts.test.ts) are set to the same numbers.
 */
const withNewAccountLimits = (env: Record<string, string>) => ({
  ...Object.fromEntries(
    Object.entries(env)
      .filter(([name]) => /^(MESSAGE|COMMENT|POST)_RATE_LIMIT$/.test(name))
      .map(([name, value]) => [`NEW_ACCOUNT_${name}`, value]),
  ),
  ...env,
});

async function app(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp(withNewAccountLimits(env));
  apps.push(t);
  return t;
}

const expectRefused = (res: { status: number; json: unknown; headers: Headers }, message: string) => {
  expect(res.status).toBe(429);
  expect(res.json).toMatchObject({ code: 'rate-limited', message });
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(600);
};

const count = async (t: TestApp, sql: string, ...params: unknown[]) =>
  Number((await t.sql(sql, ...params))[0]?.n);

describe('messages (MESSAGE_RATE_LIMIT per member per 10 minutes)', () => {
  it('counts REST and pushed messages together, on every server, then answers 429 or rate-limited', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2030-03-01T10:00:00Z'));
    const t = await app({ MESSAGE_RATE_LIMIT: '3' });
    const other = await anotherServer(t, { MESSAGE_RATE_LIMIT: '3' });
    apps.push(other);
    const sender = await signedIn(t, 'chatty');
    const receiver = await signedIn(t, 'listener');
    const onOther = other.client();
    onOther.cookie = sender.client.cookie;
    const message = (content: string) => ({ receiverId: receiver.user.id, content });

    expect((await sender.client.post('/api/social/messages', message('one'))).status).toBe(201);
    expect((await sender.client.post('/api/social/messages', message('two'))).status).toBe(201);
    const pushed = await push(onOther, [mutation('messages', 'create', newUid(), message('three'))]);
    expect(pushed.results[0]?.status).toBe('applied');

    expectRefused(
      await sender.client.post('/api/social/messages', message('four')),
      WRITE_LIMIT_MESSAGES.messages,
    );
    const overPushed = await push(sender.client, [mutation('messages', 'create', newUid(), message('five'))]);
    expect(overPushed.results[0]).toMatchObject({
      status: 'rejected',
      code: 'rate-limited',
      message: WRITE_LIMIT_MESSAGES.messages,
    });
    expect(await count(t, 'SELECT count(*) AS n FROM messages WHERE sender_id = ?', sender.user.id)).toBe(3);

    // Another member is not affected; and after the window, the sender writes again.
    const calm = await signedIn(t, 'calm');
    expect((await calm.client.post('/api/social/messages', message('hello'))).status).toBe(201);
    vi.setSystemTime(Date.parse('2030-03-01T10:10:01Z'));
    expect((await sender.client.post('/api/social/messages', message('later'))).status).toBe(201);
  });
});

describe('comments of every kind (COMMENT_RATE_LIMIT)', () => {
  it('counts comments on finds, posts, events, stories and in groups, REST and pushed, against one limit', async () => {
    const t = await app({ COMMENT_RATE_LIMIT: '5' });
    const { client } = await signedIn(t, 'commenter');
    const find = await createFind(client);
    const post = (
      await client.post('/api/posts', { title: 'Buckle', content: 'Found today.', categoryId: 1 })
    ).json as { id: number; uid: string };
    const event = (
      await client.post('/api/events', {
        title: 'Group dig',
        location: 'Norfolk, UK',
        eventDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      })
    ).json as { id: number; uid: string };
    const story = (await client.post('/api/stories', { content: 'A quiet morning on the stubble field.' }))
      .json as { id: number; uid: string };
    const group = (await client.post('/api/groups', { name: 'Diggers' })).json as { id: number; uid: string };
    const content = 'Lovely, well done';

    const uid = newUid();
    expect((await client.post(`/api/finds/${find.id}/comments`, { content, uid })).status).toBe(201);
    // A replayed create (S4) makes nothing new and counts nothing.
    expect((await client.post(`/api/finds/${find.id}/comments`, { content, uid })).status).toBe(200);
    const pushed = await push(client, [
      mutation('comments', 'create', newUid(), { postUid: post.uid, content }),
      mutation('story_comments', 'create', newUid(), { storyUid: story.uid, content }),
    ]);
    expect(pushed.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect((await client.post(`/api/events/${event.id}/comments`, { content })).status).toBe(201);
    expect((await client.post(`/api/groups/${group.id}/comments`, { content })).status).toBe(201);

    expectRefused(
      await client.post('/api/comments', { postId: post.id, content }),
      WRITE_LIMIT_MESSAGES.comments,
    );
    const over = await push(client, [
      mutation('find_comments', 'create', newUid(), { findUid: find.uid, content }),
      mutation('group_comments', 'create', newUid(), { groupUid: group.uid, content }),
    ]);
    expect(over.results.map((r) => r.code)).toEqual(['rate-limited', 'rate-limited']);
    expect(over.results[0]?.message).toBe(WRITE_LIMIT_MESSAGES.comments);
  });

  it('covers every comments entity the server syncs', () => {
    const commentEntities = syncedEntities.map((e) => e.entity).filter((e) => /comments$/.test(e));
    expect(commentEntities.length).toBeGreaterThanOrEqual(5);
    for (const entity of commentEntities) expect(LIMITED_SYNC_CREATES[entity]).toBe('comments');
  });
});

describe('forum posts (POST_RATE_LIMIT)', () => {
  it('counts REST and pushed posts together', async () => {
    const t = await app({ POST_RATE_LIMIT: '2' });
    const { client } = await signedIn(t, 'poster');
    const body = (i: number) => ({
      title: `Post number ${i}`,
      content: 'Something found today.',
      categoryId: 1,
    });
    expect((await client.post('/api/posts', body(1))).status).toBe(201);
    expect((await push(client, [mutation('posts', 'create', newUid(), body(2))])).results[0]?.status).toBe(
      'applied',
    );
    expectRefused(await client.post('/api/posts', body(3)), WRITE_LIMIT_MESSAGES.posts);
    expect((await push(client, [mutation('posts', 'create', newUid(), body(4))])).results[0]?.code).toBe(
      'rate-limited',
    );
  });
});

describe('pushes (PUSH_RATE_LIMIT changes per member per 10 minutes)', () => {
  const spot = (i: number) =>
    mutation('locations', 'create', newUid(), {
      name: `Stubble field ${i}`,
      latitude: 52.6 + i / 1000,
      longitude: 1.28,
      type: 'Field',
      isShared: false,
    });

  it('applies a batch as far as the allowance goes and refuses the rest; then the whole push is a 429', async () => {
    const t = await app({ PUSH_RATE_LIMIT: '4' });
    const { client, user } = await signedIn(t, 'pusher');
    const { results } = await push(client, [1, 2, 3, 4, 5, 6].map(spot));
    expect(results.map((r) => r.status)).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
      'rejected',
      'rejected',
    ]);
    expect(results[5]).toMatchObject({ code: 'rate-limited', message: TOO_MANY_CHANGES_MESSAGE });
    expect(await count(t, 'SELECT count(*) AS n FROM locations WHERE user_id = ?', user.id)).toBe(4);

    const refused = await client.post('/api/sync/push', { mutations: [spot(7)] });
    expectRefused(refused, TOO_MANY_CHANGES_MESSAGE);
    // Another member has an allowance of their own.
    const other = await signedIn(t, 'other-pusher');
    expect((await push(other.client, [spot(8)])).results[0]?.status).toBe('applied');
  });

  it('refuses the rest of a batch after a write limit refuses one, in order, and writes none of them', async () => {
    const t = await app({ MESSAGE_RATE_LIMIT: '1', PUSH_RATE_LIMIT: '5' });
    const { client, user } = await signedIn(t, 'offline-writer');
    const friend = await signedIn(t, 'friend');
    const message = (content: string) =>
      mutation('messages', 'create', newUid(), { receiverId: friend.user.id, content });
    const { results } = await push(client, [message('one'), message('two'), spot(1)]);
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['applied', undefined],
      ['rejected', 'rate-limited'],
      ['rejected', 'rate-limited'],
    ]);
    expect(await count(t, 'SELECT count(*) AS n FROM messages WHERE sender_id = ?', user.id)).toBe(1);
    expect(await count(t, 'SELECT count(*) AS n FROM locations WHERE user_id = ?', user.id)).toBe(0);
    // The refused ones did not use up the push allowance: 1 of 5 is used.
    const spots = await push(client, [2, 3, 4, 5].map(spot));
    expect(spots.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
  });
});
