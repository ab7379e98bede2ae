/**
 * Which logged changes the achievements listener acts on (docs/product/achievements.md "When an achievement
 * unlocks"): the engagement module names the counter behind each counts row it logs, and a post's views
 * and comments — logged on the same row as its promotions — no longer re-check community-leader.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onRecordedChange, type ChangeListener } from '../../sync/changelog';
import { createTestApp, type TestApp } from '../../test/harness';
import { signedIn, type TestClient } from '../../sync/test-fixtures';
import { achievementsMovedBy } from './listener';

type Change = Parameters<ChangeListener>[1];

describe('achievements listener', () => {
  let t: TestApp;
  let author: TestClient;
  let reader: TestClient;
  const logged: Change[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    author = (await signedIn(t, 'author')).client;
    reader = (await signedIn(t, 'reader')).client;
    // Sees every change as the achievements listener does (same transaction, same arguments).
    onRecordedChange(async (_tx, change) => {
      logged.push(change);
    });
  });
  afterAll(() => t.close());

  it('hears which counter moved a counts row: promotions, comments and views of a post', async () => {
    const created = await author.post('/api/posts', {
      title: 'Hammered penny on stubble',
      content: 'Found a cut half of an Edward I penny this morning.',
      categoryId: 1,
    });
    expect(created.status).toBe(201);
    const post = created.json as { id: number };
    const countsOf = async (act: () => Promise<{ status: number }>) => {
      logged.length = 0;
      const res = await act();
      expect(res.status, JSON.stringify(res)).toBeLessThan(300);
      return logged.filter((c) => c.entity === 'post_counts').map((c) => c.counter);
    };
    expect(await countsOf(() => reader.post(`/api/posts/${post.id}/view`, {}))).toEqual(['views']);
    expect(await countsOf(() => reader.post(`/api/posts/${post.id}/like`, {}))).toEqual(['likes']);
    expect(
      await countsOf(() => reader.post('/api/comments', { postId: post.id, content: 'Looks like a penny.' })),
    ).toEqual(['comments']);
  });

  it('re-checks community-leader for a like, never for a view or a comment; records move their own', () => {
    const owner = { ownerId: 7 };
    expect(achievementsMovedBy({ entity: 'post_counts', op: 'upsert', owner, counter: 'likes' })).toEqual([
      'community-leader',
    ]);
    for (const counter of ['views', 'comments'] as const)
      expect(achievementsMovedBy({ entity: 'post_counts', op: 'upsert', owner, counter }), counter).toEqual(
        [],
      );
    // A recount names no counter (a member's deletion refreshes every count): it may have moved any.
    expect(achievementsMovedBy({ entity: 'find_counts', op: 'upsert', owner })).toEqual(['community-leader']);
    expect(achievementsMovedBy({ entity: 'posts', op: 'upsert', owner })).toEqual([
      'first-post',
      'conversation-starter',
    ]);
    expect(achievementsMovedBy({ entity: 'posts', op: 'delete', owner })).toEqual([]);
    expect(achievementsMovedBy({ entity: 'posts', op: 'upsert', owner: { ownerId: null } })).toEqual([]);
  });
});
