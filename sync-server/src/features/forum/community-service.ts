/**
 * The Home page's Community Members card (docs/product/home.md#rules-and-messages): a member is online when
 * they are the caller, or posted in the last 24 hours (ONLINE_WINDOW_MS). Only public user fields are
 * selected.
 * The View All dialog lists everyone through GET /api/users (features/users), with X-Total-Count.
 */
import { and, countDistinct, desc, eq, gte, max, sql } from 'drizzle-orm';
import { posts, users } from '@schema/db/tables';
import { ONLINE_WINDOW_MS } from '@schema/contracts/constants';
import { toPublicUser } from '@schema/contracts/users';
import type { OnlineMember } from '@schema/contracts/forum';
import { exists, first } from '../../lib/query';
import type { Store, Viewer } from '../../sync/registry';

const publicColumns = {
  id: users.id,
  username: users.username,
  avatarUrl: users.avatarUrl,
  bio: users.bio,
  createdAt: users.createdAt,
};

export interface OnlineMembers {
  /** The caller first (online by definition), then the most recent posters; at most `limit`. */
  members: OnlineMember[];
  /** Everyone online, however many were listed. */
  total: number;
}

export async function onlineMembers(
  store: Store,
  viewer: Viewer,
  limit: number,
  now = Date.now(),
): Promise<OnlineMembers> {
  // created_at is ISO-8601 UTC text, so the window is a range scan of the posts_created index.
  const recent = gte(posts.createdAt, new Date(now - ONLINE_WINDOW_MS).toISOString());
  const lastPostAt = max(posts.createdAt);
  const posters = (
    await store
      .select({ ...publicColumns, lastPostAt })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(recent)
      .groupBy(users.id)
      .orderBy(desc(lastPostAt), desc(users.id))
      .limit(limit)
  ).map((row): OnlineMember => ({ ...toPublicUser(row), lastPostAt: row.lastPostAt }));
  const posterCount =
    (
      await first(
        store
          .select({ n: countDistinct(posts.userId) })
          .from(posts)
          .where(recent),
      )
    )?.n ?? 0;
  if (viewer === null) return { members: posters, total: posterCount };

  const callerPosted = await exists(
    store
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.userId, viewer.id), recent)),
  );
  const self =
    posters.find((m) => m.id === viewer.id) ??
    (
      await store
        .select({
          ...publicColumns,
          lastPostAt: sql<
            string | null
          >`(select max(${posts.createdAt}) from ${posts} where ${posts.userId} = ${users.id})`,
        })
        .from(users)
        .where(eq(users.id, viewer.id))
    ).map((row): OnlineMember => ({ ...toPublicUser(row), lastPostAt: row.lastPostAt }))[0];
  if (!self) return { members: posters, total: posterCount };
  return {
    members: [self, ...posters.filter((m) => m.id !== viewer.id)].slice(0, limit),
    total: posterCount + (callerPosted ? 0 : 1),
  };
}
