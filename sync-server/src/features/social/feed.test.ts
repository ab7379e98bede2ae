/**
 * The Activity Feed (docs/product/social.md "The feed"): what the people a member follows, and the member,
 * did — finds, posts, events, stories — newest first and keyset-paged; a stranger's activity never; a
 * find's coordinates never. Tried by a signed-out visitor, a stranger, a follower and the member followed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialMessages, type FeedItem } from '@schema/contracts/social';
import { createTestApp, type TestApp } from '../../test/harness';
import { signedIn, type TestClient } from '../../sync/test-fixtures';
import { errorOf, followAs } from './test-fixtures';

type Member = { client: TestClient; user: { id: number } };
let t: TestApp;
let member: Member;
let follower: Member;
let stranger: Member;

const at = (minute: number) => `2026-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

beforeAll(async () => {
  t = await createTestApp();
  member = await signedIn(t, 'member');
  follower = await signedIn(t, 'follower');
  stranger = await signedIn(t, 'stranger');
  await followAs(follower.client, member.user.id);
  const m = member.user.id;
  await t.sql(
    `INSERT INTO finds (uid, title, user_id, image_url, latitude, longitude, created_at)
     VALUES ('find-1', 'Roman brooch', ?, '/a.jpg', '51.5', '-1.8', ?)`,
    m,
    at(1),
  );
  await t.sql(
    "INSERT INTO posts (uid, title, content, user_id, category_id, created_at) VALUES ('post-1', 'Best coil?', 'Which one', ?, 1, ?)",
    m,
    at(2),
  );
  await t.sql(
    "INSERT INTO events (uid, title, event_date, user_id, created_at) VALUES ('event-1', 'Club dig', '2026-06-01', ?, ?)",
    m,
    at(3),
  );
  await t.sql(
    "INSERT INTO stories (uid, content, user_id, created_at) VALUES ('story-1', 'A quiet morning in the field.', ?, ?)",
    m,
    at(3),
  );
  await t.sql(
    "INSERT INTO stories (uid, content, user_id, created_at) VALUES ('story-2', 'My own first outing of the year.', ?, ?)",
    follower.user.id,
    at(4),
  );
  await t.sql(
    "INSERT INTO stories (uid, content, user_id, created_at) VALUES ('story-3', 'A stranger writes here.', ?, ?)",
    stranger.user.id,
    at(5),
  );
});
afterAll(() => t.close());

const feed = async (client: TestClient, query = '') => {
  const res = await client.get(`/api/social/feed${query}`);
  return { status: res.status, items: res.json as FeedItem[], next: res.headers.get('x-next-cursor') };
};

describe('GET /api/social/feed', () => {
  it('anonymous: 401 with the sign-in text', async () => {
    expect(errorOf(await t.client().get('/api/social/feed'))).toEqual([401, socialMessages.authRequired]);
  });

  it('the follower: the followed member’s finds, posts, events and stories and their own, newest first', async () => {
    const { items } = await feed(follower.client);
    expect(items.map((i) => i.id)).toEqual([
      expect.stringMatching(/^story:/),
      expect.stringMatching(/^event:/),
      expect.stringMatching(/^story:/),
      expect.stringMatching(/^post:/),
      expect.stringMatching(/^find:/),
    ]);
    expect(items.map((i) => i.content)).toEqual([
      'My own first outing of the year.',
      'Club dig',
      'A quiet morning in the field.',
      'Best coil?',
      'Roman brooch',
    ]);
    expect(items[4]).toMatchObject({ userId: member.user.id, username: 'member', created_at: at(1) });
    expect(JSON.stringify(items)).not.toMatch(/latitude|longitude|51\.5|@example\.com/);
  });

  it('keyset pages: two at a time, the same items in the same order, no repeats', async () => {
    const all = (await feed(follower.client)).items.map((i) => i.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof feed>> = await feed(
        follower.client,
        `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('the member followed: only their own; a stranger: only theirs', async () => {
    expect((await feed(member.client)).items.map((i) => i.userId)).toEqual(Array(4).fill(member.user.id));
    expect((await feed(stranger.client)).items.map((i) => i.content)).toEqual(['A stranger writes here.']);
  });

  it('a bad cursor is a 400', async () => {
    expect((await feed(follower.client, '?cursor=bm9wZQ')).status).toBe(400);
  });
});
