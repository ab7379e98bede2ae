/**
 * DELETE /api/users/{id}. Foreign keys cascade the member's rows (sessions included); this file deals
 * with what a cascade cannot:
 * - the stored counters of other members' posts, finds and events that the member's likes, comments
 *   and attendances fed are recomputed, so no count includes vanished rows;
 * - follows of the member by others vanish with the account: each gets its tombstone for its follower's
 *   devices (docs/product/social.md); the member's own follows go with their devices' session;
 * - the groups the member created vanish with every membership in them, and the member's memberships of
 *   other groups too: each gets its tombstone, and those groups their recounted `memberCount`;
 * - messages to or from the member get tombstones for the other member's devices;
 * - AR routes: see deletion-routes.ts;
 * - every synced row that vanishes gets its tombstone in the change log (sync PROTOCOL.md S11, S13),
 *   and every parent whose counters moved an upsert, so other devices drop or refresh them.
 * Finds, posts and their comments and likes are the engagement module's: each registered engagement
 * reads what goes before the delete and logs it after (engagement/cascade.ts).
 * All in one transaction: a failure leaves the account and every count as they were.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  categories,
  eventAttendees,
  events,
  groupMemberships,
  groups,
  locations,
  messages,
  posts,
  userConnections,
  users,
} from '@schema/db/tables';
import { accountMessages, authMessages } from '@schema/contracts/auth';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import type { Deps } from '../../deps';
import type { UserRow } from '../../lib/auth/session';
import { forbidden } from '../../lib/errors';
import { recordChange } from '../../sync/changelog';
import { registeredEngagements } from '../../sync/entities';
import { prepareRoutesCascade } from './deletion-routes';
// IN lists in chunks: SQLite and PostgreSQL drivers bound the parameters of one statement.
import { chunked } from '../../sync/registry';

const distinct = (values: number[]) => [...new Set(values)];
const distinctBy = <T extends { id: number }>(rows: T[]) => [...new Map(rows.map((r) => [r.id, r])).values()];

/** Who may delete which account: checked before the route asks for the password, and again here. */
export function assertMayDeleteAccount(actor: UserRow, targetId: number): void {
  if (targetId === OFFICIAL_USER_ID) throw forbidden(authMessages.cannotDeleteDefault);
  if (actor.id !== targetId) throw forbidden(accountMessages.permissionDenied);
}

export async function deleteAccount(deps: Deps, actor: UserRow, targetId: number): Promise<void> {
  assertMayDeleteAccount(actor, targetId);
  const id = actor.id;

  await deps.db.transaction(async (tx) => {
    // What the cascade is about to remove, read first: afterwards it is gone. Finds, posts, their
    // comments and likes (PROTOCOL.md S13, S14, S22) are logged by each engagement once the member is gone.
    const logEngagementCascades: Array<() => Promise<void>> = [];
    for (const engagement of registeredEngagements)
      logEngagementCascades.push(await engagement.prepareMemberCascade(tx, id));
    const logRoutesCascade = await prepareRoutesCascade(tx, id);
    const touchedEventIds = distinct(
      (
        await tx
          .select({ id: eventAttendees.eventId })
          .from(eventAttendees)
          .where(eq(eventAttendees.userId, id))
      ).map((r) => r.id),
    );
    // The member's spots go with the account. Those shared once may be on other members' devices: their
    // tombstones remove them there. Private ones were never anyone else's (docs/privacy.md): no tombstone.
    const sharedSpots = await tx
      .select({ id: locations.id, uid: locations.uid })
      .from(locations)
      .where(and(eq(locations.userId, id), eq(locations.everShared, true)));
    const followsOfMember = await tx
      .select({ id: userConnections.id, uid: userConnections.uid, followerId: userConnections.followerId })
      .from(userConnections)
      .where(eq(userConnections.followingId, id));
    // Messages go with either member: the other one's devices drop them by their tombstones (social.md).
    const conversations = await tx
      .select({
        id: messages.id,
        uid: messages.uid,
        senderId: messages.senderId,
        receiverId: messages.receiverId,
      })
      .from(messages)
      .where(or(eq(messages.senderId, id), eq(messages.receiverId, id)));
    const touchedCategoryIds = distinct(
      (await tx.select({ id: posts.categoryId }).from(posts).where(eq(posts.userId, id))).map((r) => r.id),
    );

    const ownGroups = await tx
      .select({ id: groups.id, uid: groups.uid })
      .from(groups)
      .where(eq(groups.creatorId, id));
    const ownGroupIds = new Set(ownGroups.map((g) => g.id));
    const goneMemberships = await tx
      .select({
        id: groupMemberships.id,
        uid: groupMemberships.uid,
        userId: groupMemberships.userId,
        groupId: groupMemberships.groupId,
      })
      .from(groupMemberships)
      .where(eq(groupMemberships.userId, id));
    for (const part of chunked([...ownGroupIds]))
      goneMemberships.push(
        ...(await tx
          .select({
            id: groupMemberships.id,
            uid: groupMemberships.uid,
            userId: groupMemberships.userId,
            groupId: groupMemberships.groupId,
          })
          .from(groupMemberships)
          .where(inArray(groupMemberships.groupId, part))),
      );
    const touchedGroupIds = distinct(
      goneMemberships.map((m) => m.groupId).filter((groupId) => !ownGroupIds.has(groupId)),
    );

    await tx.delete(users).where(eq(users.id, id));

    for (const logCascade of logEngagementCascades) await logCascade();
    await logRoutesCascade();
    for (const spot of sharedSpots)
      await recordChange(tx, 'locations', spot.id, spot.uid, 'delete', { ownerId: id });
    for (const follow of followsOfMember)
      await recordChange(tx, 'user_connections', follow.id, follow.uid, 'delete', {
        ownerId: follow.followerId,
      });
    for (const group of ownGroups)
      await recordChange(tx, 'groups', group.id, group.uid, 'delete', { ownerId: id });
    for (const m of distinctBy(goneMemberships))
      await recordChange(tx, 'group_memberships', m.id, m.uid, 'delete', { ownerId: m.userId });
    for (const part of chunked(touchedGroupIds)) {
      const updated = await tx
        .update(groups)
        .set({
          memberCount: sql`(select count(*) from ${groupMemberships} where ${groupMemberships.groupId} = ${groups.id} and ${groupMemberships.status} = 'active')`,
        })
        .where(inArray(groups.id, part))
        .returning({ id: groups.id, uid: groups.uid, creatorId: groups.creatorId });
      for (const g of updated)
        await recordChange(tx, 'groups', g.id, g.uid, 'upsert', { ownerId: g.creatorId });
    }
    for (const m of conversations)
      await recordChange(tx, 'messages', m.id, m.uid, 'delete', {
        ownerId: m.senderId,
        parentOwnerId: m.receiverId,
      });
    for (const part of chunked(touchedEventIds)) {
      await tx
        .update(events)
        .set({
          attendeeCount: sql`(select count(*) from ${eventAttendees} where ${eventAttendees.eventId} = ${events.id})`,
        })
        .where(inArray(events.id, part));
    }
    for (const part of chunked(touchedCategoryIds)) {
      await tx
        .update(categories)
        .set({ count: sql`(select count(*) from ${posts} where ${posts.categoryId} = ${categories.id})` })
        .where(inArray(categories.id, part));
    }

    await recordChange(tx, 'users', id, null, 'delete', { ownerId: id });
  });
}
