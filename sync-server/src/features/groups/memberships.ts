/**
 * Group memberships: join, leave, approve, invite and the member lists (docs/product/social.md "Groups").
 * REST and sync push call these same functions. A membership is logged under its member (`own`), so the
 * member's devices learn of an approval, and of their leaving — the membership's tombstone — at the next
 * pull; the group is logged again with every change (its `memberCount` moves), so a device that pinned a
 * private group it no longer belongs to pulls the group's tombstone too.
 *
 * States: joining a public group makes an active member at once; asking to join a private one leaves a
 * `pending` request the creator approves. A private group is addressed for joining by its uid only (the
 * link its creator shares): its numeric id, which anyone can guess, answers 404 like any group the caller
 * cannot see. The creator's invitation is `invited` until the member joins.
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { groupMemberships, groups, users } from '@schema/db/tables';
import { groupMessages, type GroupMembership, type MembershipStatus } from '@schema/contracts/groups';
import type { UserRow } from '../../lib/auth/user-row';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { first, insertedRow, returnedRow } from '../../lib/query';
import { integerBound } from '../../lib/sql';
import { loadRowsById, whereRef } from '../../sync/registry';
import type { EntityRef, LoadedRows, RecordRef, Store, Viewer } from '../../sync/registry';
import { groupJoinApproved, groupJoinRequested } from '../../notifications/acts';
import { groupRow, logMembership, refreshGroup, requireCreator, visibleGroupRow } from './service';
import { toMembership, type GroupRow, type MembershipRow } from './shape';
import { myMemberships, readsInside, seesGroup } from './visibility';

const pair = (userId: number, groupId: number) =>
  and(eq(groupMemberships.userId, userId), eq(groupMemberships.groupId, groupId));

async function membershipOf(store: Store, userId: number, groupId: number) {
  return first(store.select().from(groupMemberships).where(pair(userId, groupId)));
}

/** One membership as `viewer` (the member acting: joining, approving, inviting) is shown it. */
async function shapeOne(
  store: Store,
  row: MembershipRow,
  groupUid: string,
  viewer: Viewer,
): Promise<GroupMembership> {
  const member = await first(
    store
      .select({ username: users.username, avatarUrl: users.avatarUrl })
      .from(users)
      .where(eq(users.id, row.userId)),
  );
  return toMembership(row, groupUid, member ?? { username: `User ${row.userId}`, avatarUrl: null }, viewer);
}

/**
 * The group a join names. A private group the caller cannot see is found only by its uid (the shared
 * link); by numeric id it is a 404, exactly as a group that does not exist.
 */
async function joinableGroup(store: Store, user: UserRow, ref: RecordRef): Promise<GroupRow> {
  const row = await groupRow(store, ref);
  if (!row) throw notFound(groupMessages.notFound);
  const mine = await membershipOf(store, user.id, row.id);
  if (!seesGroup(row, mine?.status) && 'id' in ref) throw notFound(groupMessages.notFound);
  return row;
}

/**
 * POST /api/groups/{id}/join (and a queued membership create). Idempotent: joining again answers the
 * membership as it is. `uid`: the device's uid for a new membership (S4: a replay answers the stored one).
 */
export async function joinGroup(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  options: { uid?: string | undefined } = {},
): Promise<{ membership: GroupMembership; created: boolean }> {
  return store.transaction(async (tx) => {
    if (options.uid) {
      const replay = await first(
        tx.select().from(groupMemberships).where(eq(groupMemberships.uid, options.uid)),
      );
      if (replay && replay.userId !== user.id) throw conflict(groupMessages.uidTaken);
      const group = replay ? await groupRow(tx, { id: replay.groupId }) : undefined;
      if (replay && group) return { membership: await shapeOne(tx, replay, group.uid, user), created: false };
    }
    const group = await joinableGroup(tx, user, ref);
    const existing = await membershipOf(tx, user.id, group.id);
    if (existing && existing.status !== 'invited')
      return { membership: await shapeOne(tx, existing, group.uid, user), created: false };
    const status: MembershipStatus = existing || !group.isPrivate ? 'active' : 'pending';
    const row = existing
      ? await returnedRow(
          tx
            .update(groupMemberships)
            .set({ status, joinedAt: new Date().toISOString() })
            .where(eq(groupMemberships.id, existing.id))
            .returning(),
        )
      : await insertedRow(
          tx
            .insert(groupMemberships)
            .values({ uid: options.uid ?? uuidv7(), userId: user.id, groupId: group.id, status })
            .returning(),
        );
    if (!row) throw notFound(groupMessages.notFound);
    await logMembership(tx, row);
    await refreshGroup(tx, group.id);
    if (status === 'pending') await groupJoinRequested(tx, group.id, user.id);
    return { membership: await shapeOne(tx, row, group.uid, user), created: true };
  });
}

async function removeMembership(tx: Store, row: MembershipRow, group: GroupRow): Promise<void> {
  if (group.creatorId === row.userId) throw conflict(groupMessages.creatorCannotLeave);
  await tx.delete(groupMemberships).where(eq(groupMemberships.id, row.id));
  await logMembership(tx, row, 'delete');
  await refreshGroup(tx, group.id);
}

/**
 * POST /api/groups/{id}/leave: a member leaves, a pending request is withdrawn, an invitation declined.
 * The creator cannot leave (409): they delete the group instead.
 */
export async function leaveGroup(store: Store, user: UserRow, ref: RecordRef): Promise<void> {
  await store.transaction(async (tx) => {
    const group = await joinableGroup(tx, user, ref);
    const mine = await membershipOf(tx, user.id, group.id);
    if (!mine) throw notFound(groupMessages.notMember);
    await removeMembership(tx, mine, group);
  });
}

/** A queued leave (sync delete) by the membership's uid: its member only; gone already is fine (S8). */
export async function deleteMembership(
  store: Store,
  user: UserRow,
  ref: RecordRef,
): Promise<number | undefined> {
  return store.transaction(async (tx) => {
    const row = await first(tx.select().from(groupMemberships).where(whereRef(groupMemberships, ref)));
    if (!row) return undefined;
    if (row.userId !== user.id) throw forbidden(groupMessages.notMember);
    const group = await groupRow(tx, { id: row.groupId });
    if (!group) return undefined;
    await removeMembership(tx, row, group);
    return row.id;
  });
}

/** POST /api/groups/{id}/members/{userId}/approve: the creator turns a pending request into a member. */
export async function approveMember(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  memberId: number,
): Promise<GroupMembership> {
  return store.transaction(async (tx) => {
    const group = await requireCreator(tx, user, ref);
    const row = await membershipOf(tx, memberId, group.id);
    if (!row || row.status === 'invited') throw notFound(groupMessages.membershipNotFound);
    if (row.status === 'active') return shapeOne(tx, row, group.uid, user);
    const updated = await returnedRow(
      tx
        .update(groupMemberships)
        .set({ status: 'active', joinedAt: new Date().toISOString() })
        .where(eq(groupMemberships.id, row.id))
        .returning(),
    );
    if (!updated) throw notFound(groupMessages.membershipNotFound);
    await logMembership(tx, updated);
    await refreshGroup(tx, group.id);
    await groupJoinApproved(tx, group.id, memberId, user.id);
    return shapeOne(tx, updated, group.uid, user);
  });
}

/** POST /api/groups/{id}/invite { userId }: the creator invites a member, who joins to accept. */
export async function inviteMember(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  memberId: number,
): Promise<{ membership: GroupMembership; created: boolean }> {
  return store.transaction(async (tx) => {
    const group = await requireCreator(tx, user, ref);
    if (!(await first(tx.select({ id: users.id }).from(users).where(eq(users.id, memberId)))))
      throw notFound(groupMessages.userNotFound);
    const existing = await membershipOf(tx, memberId, group.id);
    if (existing?.status === 'active') throw conflict(groupMessages.alreadyMember);
    // A pending request the creator invites is simply approved.
    if (existing)
      return { membership: await approveMember(tx, user, { id: group.id }, memberId), created: false };
    const row = await insertedRow(
      tx
        .insert(groupMemberships)
        .values({ uid: uuidv7(), userId: memberId, groupId: group.id, status: 'invited' })
        .returning(),
    );
    await logMembership(tx, row);
    await refreshGroup(tx, group.id);
    return { membership: await shapeOne(tx, row, group.uid, user), created: true };
  });
}

/**
 * GET /api/groups/{id}/members (`status` 'active') and /requests (`pending`, the creator only): oldest
 * first, keyset-paged by membership id. A private group's members are read by its active members only.
 */
export async function listMemberships(
  store: Store,
  viewer: Viewer,
  ref: RecordRef,
  page: { status: 'active' | 'pending'; after: number | null; limit: number },
): Promise<GroupMembership[]> {
  const { row: group, mine } = await visibleGroupRow(store, viewer, ref);
  if (!readsInside(group, mine?.status)) throw notFound(groupMessages.notFound);
  if (page.status === 'pending' && viewer?.id !== group.creatorId) throw forbidden(groupMessages.notCreator);
  const rows = await store
    .select({ m: groupMemberships, username: users.username, avatarUrl: users.avatarUrl })
    .from(groupMemberships)
    .innerJoin(users, eq(users.id, groupMemberships.userId))
    .where(
      and(
        eq(groupMemberships.groupId, group.id),
        eq(groupMemberships.status, page.status),
        page.after === null ? undefined : gt(groupMemberships.id, integerBound(page.after)),
      ),
    )
    .orderBy(asc(groupMemberships.id))
    .limit(page.limit + 1);
  return rows.map((r) => toMembership(r.m, group.uid, r, viewer));
}

/**
 * Pull loader. A membership reaches its own member always; anyone else only while they may read inside
 * its group (a public group's, or a private group they are an active member of). Otherwise a tombstone.
 */
export async function loadMembershipsForPull(
  store: Store,
  viewer: Viewer,
  refs: EntityRef[],
): Promise<LoadedRows> {
  return loadRowsById(refs, async (ids) => {
    const rows = await store
      .select({ m: groupMemberships, group: groups, username: users.username, avatarUrl: users.avatarUrl })
      .from(groupMemberships)
      .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
      .innerJoin(users, eq(users.id, groupMemberships.userId))
      .where(inArray(groupMemberships.id, ids));
    const mine = await myMemberships(
      store,
      viewer,
      rows.map((r) => r.group.id),
    );
    return rows
      .filter((r) => r.m.userId === viewer?.id || readsInside(r.group, mine.get(r.group.id)?.status))
      .map((r) => ({
        id: r.m.id,
        uid: r.m.uid,
        data: { ...toMembership(r.m, r.group.uid, r, viewer) },
        userIds: [r.m.userId],
      }));
  });
}
