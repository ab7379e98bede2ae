/**
 * Blocks (docs/product/social.md "Blocking"): a member blocks another, who can then neither message nor
 * follow them. Messages already exchanged stay where they are (each side keeps its history); an existing
 * follow by the blocked member is removed in the same transaction, with its tombstone for their devices.
 * Blocking and unblocking are idempotent. Blocks are the blocker's own business: nobody else reads them,
 * and the blocked member only learns of one when a message or follow is refused.
 */
import { and, desc, eq, or } from 'drizzle-orm';
import { userBlocks, userConnections, users } from '@schema/db/tables';
import { blockMessages, type BlockedMember } from '@schema/contracts/messages';
import { socialMessages } from '@schema/contracts/social-constants';
import type { UserRow } from '../../lib/auth/user-row';
import { badRequest, notFound } from '../../lib/errors';
import { first } from '../../lib/query';
import { idEquals } from '../../lib/sql';
import { recordChange } from '../../sync/changelog';
import type { Store } from '../../sync/registry';
import { shownMember } from './shown';

const pair = (blockerId: number, blockedId: number) =>
  and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId));

/** Whether either member blocked the other: messages and follows between them are refused. */
export async function eitherBlocked(store: Store, a: number, b: number): Promise<boolean> {
  const row = await first(
    store
      .select({ id: userBlocks.id })
      .from(userBlocks)
      .where(or(pair(a, b), pair(b, a))),
  );
  return row !== undefined;
}

/** Whether `blockerId` blocked `blockedId` (the profile page's Block / Unblock). */
export async function hasBlocked(store: Store, blockerId: number, blockedId: number): Promise<boolean> {
  return (
    (await first(store.select({ id: userBlocks.id }).from(userBlocks).where(pair(blockerId, blockedId)))) !==
    undefined
  );
}

async function requireOther(store: Store, user: UserRow, targetId: number): Promise<void> {
  if (targetId === user.id) throw badRequest(blockMessages.blockSelf);
  const target = await first(store.select({ id: users.id }).from(users).where(idEquals(users.id, targetId)));
  if (!target) throw notFound(socialMessages.userNotFound);
}

/** POST /api/users/{id}/block: idempotent; the blocked member's follow of the blocker goes with it. */
export async function block(store: Store, user: UserRow, targetId: number): Promise<void> {
  await store.transaction(async (tx) => {
    await requireOther(tx, user, targetId);
    if (await hasBlocked(tx, user.id, targetId)) return;
    await tx.insert(userBlocks).values({ blockerId: user.id, blockedId: targetId });
    const follow = await first(
      tx
        .select()
        .from(userConnections)
        .where(and(eq(userConnections.followerId, targetId), eq(userConnections.followingId, user.id))),
    );
    if (!follow) return;
    await tx.delete(userConnections).where(eq(userConnections.id, follow.id));
    await recordChange(tx, 'user_connections', follow.id, follow.uid, 'delete', { ownerId: targetId });
  });
}

/** DELETE /api/users/{id}/block: idempotent; nothing is restored (the follow stays removed). */
export async function unblock(store: Store, user: UserRow, targetId: number): Promise<void> {
  await requireOther(store, user, targetId);
  await store.delete(userBlocks).where(pair(user.id, targetId));
}

/** The members I blocked, newest first (the Profile Settings dialog). */
export async function blockedBy(store: Store, userId: number): Promise<BlockedMember[]> {
  const rows = await store
    .select({
      id: users.id,
      username: users.username,
      avatarUrl: users.avatarUrl,
      blockedAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, userId))
    .orderBy(desc(userBlocks.id))
    // A list nobody scrolls far: the newest 200 blocks.
    .limit(200);
  return rows.map((r) => shownMember(r));
}
