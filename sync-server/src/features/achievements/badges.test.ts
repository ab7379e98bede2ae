/** 'Top Poster' (docs/product/achievements.md "Badges"): the three most active forum posters of the last 30 days. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '@schema/db/tables';
import type { BadgeHolders } from '@schema/contracts/achievements';
import { createTestApp, type TestApp } from '../../test/harness';
import { signedIn } from '../../sync/test-fixtures';
import { makePost } from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/badges', () => {
  it('names the three members with the most posts in the last 30 days; older posts and names do not count', async () => {
    const [a, b, c, d, questy] = await Promise.all(
      ['poster-a', 'poster-b', 'poster-c', 'poster-d', 'bigquester'].map((name) => signedIn(t, name)),
    );
    if (!a || !b || !c || !d || !questy) throw new Error('members');
    for (const [member, n] of [
      [b, 2],
      [a, 3],
      [c, 1],
      // A name with 'quest' earns nothing by it; a tie goes to whoever reached the count first (c).
      [questy, 1],
    ] as const)
      for (let i = 0; i < n; i++) await makePost('rest', member.client, i);
    // d wrote the most, but 40 days ago.
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await t.db.insert(posts).values(
      Array.from({ length: 5 }, (_, i) => ({
        uid: crypto.randomUUID(),
        title: `Old post ${i}`,
        content: 'Written long ago.',
        userId: d.user.id,
        categoryId: 1,
        createdAt: old,
      })),
    );
    const res = await t.client().get('/api/badges');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      founder: 1,
      topPosters: [a.user.id, b.user.id, c.user.id],
    } satisfies BadgeHolders);
  });
});
