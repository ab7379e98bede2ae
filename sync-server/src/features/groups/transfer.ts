/**
 * POST /api/groups/{id}/transfer { userId } (docs/product/social.md "Groups"): the creator hands the group
 * to one of its active members, who becomes its creator (role 'creator'); the former creator stays an
 * ordinary member and may then leave. The group and both memberships are logged, so every device holding
 * them gets the new roles (the group's rows are now owned by the new creator in the change log).
 */
import { and, eq } from 'drizzle-orm';
import { groupMemberships, groups } from '@schema/db/tables';
import { groupMessages, type Group } from '@schema/contracts/groups';
import type { UserRow } from '../../lib/auth/user-row';
import { badRequest, notFound } from '../../lib/errors';
import { first, returnedRow } from '../../lib/query';
import type { RecordRef, Store } from '../../sync/registry';
import { getGroup, logGroup, logMembership, requireCreator } from './service';

export async function transferGroup(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  memberId: number,
): Promise<Group> {
  const groupId = await store.transaction(async (tx) => {
    const group = await requireCreator(tx, user, ref);
    if (memberId === user.id) throw badRequest(groupMessages.transferToSelf);
    const target = await first(
      tx
        .select()
        .from(groupMemberships)
        .where(and(eq(groupMemberships.groupId, group.id), eq(groupMemberships.userId, memberId))),
    );
    if (target?.status !== 'active') throw notFound(groupMessages.transferNotMember);
    const now = new Date().toISOString();
    const updated = await returnedRow(
      tx
        .update(groups)
        .set({ creatorId: memberId, updatedAt: now })
        .where(eq(groups.id, group.id))
        .returning(),
    );
    if (!updated) throw notFound(groupMessages.notFound);
    for (const [userId, role] of [
      [memberId, 'creator'],
      [user.id, 'member'],
    ] as const) {
      const row = await returnedRow(
        tx
          .update(groupMemberships)
          .set({ role })
          .where(and(eq(groupMemberships.groupId, group.id), eq(groupMemberships.userId, userId)))
          .returning(),
      );
      if (row) await logMembership(tx, row);
    }
    await logGroup(tx, updated);
    return group.id;
  });
  return getGroup(store, { id: user.id }, { id: groupId });
}
