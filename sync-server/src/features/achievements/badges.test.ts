/**
 * 'Top Poster' (docs/product/accounts.md "Badges"): at most three members, the most forum posts in the last
 * 30 days, at least five of them; ties to whoever reached the count first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '@schema/db/tables';
import type { BadgeHolders } from '@schema/contracts/achievements';
import { createTestApp, type TestApp } from '../../test/harness';
import { signedIn } from '../../sync/test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** Writes `n` forum posts for a member, `daysAgo` days back, in this order (so with rising ids). */
async function write(userId: number, n: number, daysAgo = 0): Promise<void> {
  const createdAt = new Date(Date.now() - daysAgo * DAY).toISOString();
  for (let i = 0; i < n; i++)
    await t.db.insert(posts).values({
      uid: crypto.randomUUID(),
      title: `Post ${i} by ${userId}`,
      content: 'A post for the badge tests.',
      userId,
      categoryId: 1,
      createdAt,
    });
}

async function holders(): Promise<number[]> {
  const res = await t.client().get('/api/badges');
  expect(res.status).toBe(200);
  const body = res.json as BadgeHolders;
  expect(body.founder).toBe(1);
  return body.topPosters;
}

describe('GET /api/badges', () => {
  it('names at most three members with at least five posts in the last 30 days; ties to who got there first', async () => {
    const names = ['poster-a', 'poster-b', 'poster-c', 'poster-d', 'poster-e', 'bigquester'];
    const members = await Promise.all(names.map((name) => signedIn(t, name)));
    const ids = members.map((m) => {
      if (!m) throw new Error('member');
      return m.user.id;
    });
    const [a = 0, b = 0, c = 0, d = 0, e = 0, questy = 0] = ids;

    // A quiet month: six members posted, the most active twice. Nobody is a top poster, and a name
    // containing 'quest' earns nothing by it.
    for (const [id, n] of [
      [a, 2],
      [b, 1],
      [c, 1],
      [d, 1],
      [e, 1],
      [questy, 1],
    ] as const)
      await write(id, n);
    expect(await holders()).toEqual([]);

    // d wrote the most, but 40 days ago; questy has four recent posts, one short of the floor.
    await write(d, 9, 40);
    await write(questy, 3);
    expect(await holders()).toEqual([]);

    // a: 7 recent posts. b and c: 5 each, the tie going to whichever reached five first — the member with
    // the higher id, so that an order by id would pick the other. e: 6.
    const [first, second] = b > c ? [b, c] : [c, b];
    await write(a, 5);
    await write(first, 4);
    await write(second, 4);
    await write(e, 5);
    expect(await holders()).toEqual([a, e, first]);
  });
});
