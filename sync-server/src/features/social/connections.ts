/**
 * Follows (docs/product/social.md "Rules and messages"): every query and rule of
 * `user_connections`. REST routes and the sync push handler call these same functions, so a follow queued
 * offline obeys the rules of an online one. Every write runs in a transaction that appends to the change
 * log (docs/sync.md), so pulls see exactly the follows that happened.
 *
 * Idempotent: following someone already followed answers the existing connection; unfollowing someone not
 * followed changes nothing. Follows are public (docs/privacy.md "Follows"): the Followers count is on
 * every profile.
 */
import { and, count, desc, eq, inArray, lt } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { finds, posts, userConnections, users } from '@schema/db/tables';
import {
  socialMessages,
  type Connection,
  type ConnectionsAnswer,
  type SocialStats,
} from '@schema/contracts/social';
import { blockMessages } from '@schema/contracts/messages-constants';
import type { UserRow } from '../../lib/auth/user-row';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { first, insertedRow } from '../../lib/query';
import { idEquals, integerBound } from '../../lib/sql';
import { notHiddenFrom } from '../../lib/moderation';
import { recordChange } from '../../sync/changelog';
import { loadRowsById, whereRef } from '../../sync/registry';
import { followed } from '../../notifications/acts';
import { hasBlocked } from './blocks';
import { shownMember } from './shown';
import type { EntityRef, LoadedRows, RecordRef, Store, Viewer } from '../../sync/registry';

type ConnectionRow = typeof userConnections.$inferSelect;

export const toConnection = (row: ConnectionRow): Connection => ({
  id: row.id,
  uid: row.uid,
  followerId: row.followerId,
  followingId: row.followingId,
  status: row.status,
  connectionType: row.connectionType,
  created_at: row.createdAt,
});

const pair = (followerId: number, followingId: number) =>
  and(eq(userConnections.followerId, followerId), eq(userConnections.followingId, followingId));

const logConnection = (tx: Store, row: ConnectionRow, op: 'upsert' | 'delete') =>
  recordChange(tx, 'user_connections', row.id, row.uid, op, { ownerId: row.followerId });

async function requireTarget(store: Store, user: UserRow, targetId: number): Promise<void> {
  if (targetId === user.id) throw badRequest(socialMessages.followSelf);
  const target = await first(store.select({ id: users.id }).from(users).where(idEquals(users.id, targetId)));
  if (!target) throw notFound(socialMessages.userNotFound);
}

/** Follows `targetId` as the session's member; `uid` from a device (a queued follow, S4). */
export async function follow(
  store: Store,
  user: UserRow,
  targetId: number,
  options: { uid?: string | undefined } = {},
): Promise<{ connection: Connection; created: boolean }> {
  return store.transaction(async (tx) => {
    if (options.uid) {
      const byUid = await first(
        tx.select().from(userConnections).where(eq(userConnections.uid, options.uid)),
      );
      if (byUid && byUid.followerId !== user.id) throw conflict(socialMessages.uidTaken);
      if (byUid) return { connection: toConnection(byUid), created: false };
    }
    await requireTarget(tx, user, targetId);
    // A member who blocked the follower receives no follows from them (docs/product/social.md "Blocking").
    if (await hasBlocked(tx, targetId, user.id)) throw forbidden(blockMessages.followBlocked);
    const existing = await first(tx.select().from(userConnections).where(pair(user.id, targetId)));
    if (existing) return { connection: toConnection(existing), created: false };
    const row = await insertedRow(
      tx
        .insert(userConnections)
        .values({ uid: options.uid ?? uuidv7(), followerId: user.id, followingId: targetId })
        .returning(),
    );
    await logConnection(tx, row, 'upsert');
    await followed(tx, user.id, targetId);
    return { connection: toConnection(row), created: true };
  });
}

/** Unfollows `targetId`; not following them is not an error (the action is idempotent). */
export async function unfollow(store: Store, user: UserRow, targetId: number): Promise<void> {
  if (targetId === user.id) throw badRequest(socialMessages.followSelf);
  await store.transaction(async (tx) => {
    const existing = await first(tx.select().from(userConnections).where(pair(user.id, targetId)));
    if (!existing) return;
    await tx.delete(userConnections).where(eq(userConnections.id, existing.id));
    await logConnection(tx, existing, 'delete');
  });
}

/** A queued unfollow (sync delete) by the connection's uid: its follower only; gone already is fine (S8). */
export async function deleteConnection(
  store: Store,
  user: UserRow,
  ref: RecordRef,
): Promise<number | undefined> {
  return store.transaction(async (tx) => {
    const row = await first(tx.select().from(userConnections).where(whereRef(userConnections, ref)));
    if (!row) return undefined;
    if (row.followerId !== user.id) throw forbidden(socialMessages.notOwner);
    await tx.delete(userConnections).where(eq(userConnections.id, row.id));
    await logConnection(tx, row, 'delete');
    return row.id;
  });
}

/** Pull loader: follows are public; both members travel with the row (S15). */
export async function loadConnectionsForPull(
  store: Store,
  _viewer: Viewer,
  refs: EntityRef[],
): Promise<LoadedRows> {
  return loadRowsById(refs, async (ids) => {
    const rows = await store.select().from(userConnections).where(inArray(userConnections.id, ids));
    return rows.map((row) => ({
      id: row.id,
      uid: row.uid,
      data: { ...toConnection(row) },
      userIds: [row.followerId, row.followingId],
    }));
  });
}

const memberColumns = { id: users.id, username: users.username, avatarUrl: users.avatarUrl, bio: users.bio };
// Others' names, masked when they look like e-mail addresses (shown.ts).
const toMember = (m: { id: number; username: string; avatarUrl: string | null; bio: string | null }) => {
  const shown = shownMember(m);
  return { id: m.id, username: shown.username, avatarUrl: shown.avatarUrl, bio: m.bio };
};

/** Who `userId` follows (newest first, with the connection to unfollow) and who follows them. */
export async function connectionsOf(store: Store, userId: number): Promise<ConnectionsAnswer> {
  const following = await store
    .select({ member: memberColumns, connectionId: userConnections.id, connectionUid: userConnections.uid })
    .from(userConnections)
    .innerJoin(users, eq(users.id, userConnections.followingId))
    .where(eq(userConnections.followerId, userId))
    .orderBy(desc(userConnections.id));
  const followers = await store
    .select({ member: memberColumns })
    .from(userConnections)
    .innerJoin(users, eq(users.id, userConnections.followerId))
    .where(eq(userConnections.followingId, userId))
    .orderBy(desc(userConnections.id));
  return {
    following: following.map((r) => ({
      ...toMember(r.member),
      connectionId: r.connectionId,
      connectionUid: r.connectionUid,
    })),
    followers: followers.map((r) => toMember(r.member)),
  };
}

const counted = async (query: PromiseLike<{ n: number }[]>) => (await query)[0]?.n ?? 0;

/** The four stat tiles, counted by the server (docs/product/social.md "Screens"). */
/**
 * A member's counts as `viewerId` sees them: finds and posts a moderator hid count for the member alone
 * (docs/moderation.md). Their own stats by default.
 */
export async function statsOf(
  store: Store,
  userId: number,
  viewerId: number | null = userId,
): Promise<SocialStats> {
  return {
    followers: await counted(
      store.select({ n: count() }).from(userConnections).where(eq(userConnections.followingId, userId)),
    ),
    following: await counted(
      store.select({ n: count() }).from(userConnections).where(eq(userConnections.followerId, userId)),
    ),
    posts: await counted(
      store
        .select({ n: count() })
        .from(posts)
        .where(and(eq(posts.userId, userId), notHiddenFrom('posts', posts.id, posts.userId, viewerId))),
    ),
    finds: await counted(
      store
        .select({ n: count() })
        .from(finds)
        .where(and(eq(finds.userId, userId), notHiddenFrom('finds', finds.id, finds.userId, viewerId))),
    ),
  };
}

/** Whether `followerId` follows `followingId`. */
export async function isFollowing(store: Store, followerId: number, followingId: number): Promise<boolean> {
  return (
    (await first(
      store.select({ id: userConnections.id }).from(userConnections).where(pair(followerId, followingId)),
    )) !== undefined
  );
}

/** One connection by id or uid (a device opening one it does not hold); follows are public. */
export async function getConnection(store: Store, ref: RecordRef): Promise<Connection> {
  const row = await first(store.select().from(userConnections).where(whereRef(userConnections, ref)));
  if (!row) throw notFound(socialMessages.connectionNotFound);
  return toConnection(row);
}

/** The caller's follows as records, newest first, keyset-paged by id (`limit + 1` rows). */
export async function followsOf(
  store: Store,
  userId: number,
  page: { before: number | null; limit: number },
): Promise<Connection[]> {
  const rows = await store
    .select()
    .from(userConnections)
    .where(
      and(
        eq(userConnections.followerId, userId),
        page.before === null ? undefined : lt(userConnections.id, integerBound(page.before)),
      ),
    )
    .orderBy(desc(userConnections.id))
    .limit(page.limit + 1);
  return rows.map(toConnection);
}
