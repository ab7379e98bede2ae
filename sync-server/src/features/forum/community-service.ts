/**
 * The Home page's Community Members card (docs/product/home.md#rules-and-messages): a member is online when
 * they are the caller, or posted or were active (a request on their session, lib/auth/session.ts) in the
 * last 24 hours (ONLINE_WINDOW_MS). Only public user fields are selected, and names that look like e-mail
 * addresses are masked for everyone but their owner.
 * The View All dialog lists everyone through GET /api/users (features/users), with X-Total-Count.
 */
import { desc, gte, inArray, max } from 'drizzle-orm';
import { posts, sessions, users } from '@schema/db/tables';
import { ONLINE_WINDOW_MS } from '@schema/contracts/constants';
import { toPublicUserFor } from '@schema/contracts/users';
import type { OnlineMember } from '@schema/contracts/forum';
import type { Store, Viewer } from '../../sync/registry';

export interface OnlineMembers {
  /** The caller first (online by definition), then the most recently active; at most `limit`. */
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
  // created_at and last_seen_at are ISO-8601 UTC text, so the window is a plain range.
  const since = new Date(now - ONLINE_WINDOW_MS).toISOString();
  const lastPostAt = max(posts.createdAt);
  const lastSeenAt = max(sessions.lastSeenAt);
  const [posted, seen] = await Promise.all([
    store
      .select({ id: posts.userId, at: lastPostAt })
      .from(posts)
      .where(gte(posts.createdAt, since))
      .groupBy(posts.userId)
      .orderBy(desc(lastPostAt)),
    store
      .select({ id: sessions.userId, at: lastSeenAt })
      .from(sessions)
      .where(gte(sessions.lastSeenAt, since))
      .groupBy(sessions.userId),
  ]);
  // Each online member once, with their latest activity; the caller is online by definition.
  const activeAt = new Map<number, string>();
  for (const row of [...posted, ...seen]) {
    const at = row.at ?? '';
    if (at > (activeAt.get(row.id) ?? '')) activeAt.set(row.id, at);
  }
  if (viewer !== null && !activeAt.has(viewer.id)) activeAt.set(viewer.id, new Date(now).toISOString());
  const order = [...activeAt.entries()]
    .sort(([aId, a], [bId, b]) =>
      viewer?.id === aId ? -1 : viewer?.id === bId ? 1 : b.localeCompare(a) || bId - aId,
    )
    .slice(0, limit)
    .map(([id]) => id);
  if (order.length === 0) return { members: [], total: 0 };

  // A member active but not posting lately still shows when they last posted: their own newest post,
  // whenever it was (one grouped query for the listed members; a correlated subquery in drizzle's
  // single-table select leaves its columns unqualified, so it once compared a post's user_id with its id).
  const [rows, lastPosts] = await Promise.all([
    store
      .select({
        id: users.id,
        username: users.username,
        avatarUrl: users.avatarUrl,
        bio: users.bio,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(inArray(users.id, order)),
    store
      .select({ id: posts.userId, at: lastPostAt })
      .from(posts)
      .where(inArray(posts.userId, order))
      .groupBy(posts.userId),
  ]);
  const lastPostById = new Map(lastPosts.map((row) => [row.id, row.at]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const members = order.flatMap((id): OnlineMember[] => {
    const row = byId.get(id);
    if (!row) return [];
    return [{ ...toPublicUserFor(row, viewer?.id), lastPostAt: lastPostById.get(id) ?? null }];
  });
  return { members, total: activeAt.size };
}
