/**
 * defineEngagement itself: what a descriptor can get wrong fails at start-up, and the policy hooks a later
 * parent needs (who may comment) are honoured. Finds' and posts' behaviour is tested through their REST
 * and sync tests (features/finds, features/forum) and the contract suite (sync/contract.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { findComments, findLikes, finds, posts, users } from '@schema/db/tables';
import { findCommentSchema, findCommentSyncCreatePayloadSchema, findMessages } from '@schema/contracts/finds';
import { HttpError } from '../lib/errors';
import { createTestApp, type TestApp } from '../test/harness';
import { createFind, signedIn } from '../sync/test-fixtures';
import { defineEngagement } from './define';

const parent = {
  table: finds,
  owner: finds.userId,
  entity: 'finds',
  counts: 'find_counts',
  notFound: findMessages.notFound,
  wire: { id: 'findId', uid: 'findUid' },
} as const;

const comments = {
  entity: 'find_comments',
  table: findComments,
  parentId: findComments.findId,
  counter: finds.commentCount,
  counterField: 'commentCount',
  schemas: { content: findCommentSchema, syncCreate: findCommentSyncCreatePayloadSchema },
  messages: findMessages,
} as const;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('defineEngagement', () => {
  it('refuses a counter that is not a column of the parent table, at definition', () => {
    expect(() =>
      defineEngagement({
        parent,
        likes: {
          entity: 'find_likes',
          table: findLikes,
          parentId: findLikes.findId,
          counter: posts.likes,
          counterField: 'likes',
          notEditable: 'A like can only be added or removed.',
        },
      }),
    ).toThrow(/not a column of table finds/);
  });

  it('asks the policy who may comment, and answers its refusal as a 403 that stores nothing', async () => {
    const closed = defineEngagement({
      parent,
      comments: {
        ...comments,
        policy: {
          deleteBy: 'writer',
          mayComment: async ({ user }) =>
            user.username === 'outsider' ? 'Only members may comment here.' : null,
        },
      },
    });
    const alice = await signedIn(t, 'alice');
    const outsider = await signedIn(t, 'outsider');
    const find = await createFind(alice.client);
    const attempt = async () =>
      closed.comments.add(t.db, await userRow(outsider.user.id), find, { content: 'Let me in' });
    await expect(attempt()).rejects.toThrow(HttpError);
    await expect(attempt()).rejects.toThrow('Only members may comment here.');
    expect(await t.db.select().from(findComments)).toEqual([]);
    const added = await closed.comments.add(
      t.db,
      await userRow(alice.user.id),
      { uid: find.uid },
      { content: 'Mine' },
    );
    expect(added.comment).toMatchObject({
      findId: find.id,
      findUid: find.uid,
      content: 'Mine',
      username: 'alice',
    });
  });
});

async function userRow(id: number) {
  const row = (await t.db.select().from(users).where(eq(users.id, id)))[0];
  if (!row) throw new Error(`no user ${id}`);
  return row;
}
