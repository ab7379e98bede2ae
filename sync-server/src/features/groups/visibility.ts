/**
 * Who sees a group (docs/product/social.md "Groups"; docs/privacy.md): a public group every caller; a
 * private one only its members and the members its creator invited. For everyone else — signed out, a
 * stranger, a member whose request is still pending, a member who left — it does not exist: 404 on its
 * detail, absent from lists, feed and search, a tombstone in pulls. One rule, as SQL for lists and as a
 * predicate for rows already read, so REST and pull cannot disagree.
 */
import { and, eq, exists, inArray, or, type SQL } from 'drizzle-orm';
import type { MembershipStatus } from '@schema/contracts/groups';
import { groupMemberships, groups } from '@schema/db/tables';
import type { Store, Viewer } from '../../sync/registry';

/** Statuses that see a private group: members, and those invited (they need to see what they accept). */
export const SEES_PRIVATE: readonly MembershipStatus[] = ['active', 'invited'];

export function seesGroup(group: { isPrivate: boolean }, myStatus: string | undefined): boolean {
  return !group.isPrivate || SEES_PRIVATE.some((s) => s === myStatus);
}

/** An active member reads the members and the discussion of a private group. */
export function readsInside(group: { isPrivate: boolean }, myStatus: string | undefined): boolean {
  return !group.isPrivate || myStatus === 'active';
}

/** The groups the viewer sees, for WHERE clauses. */
export function visibleGroups(store: Store, viewer: Viewer): SQL {
  if (viewer === null) return eq(groups.isPrivate, false);
  const mine = store
    .select({ one: groupMemberships.id })
    .from(groupMemberships)
    .where(
      and(
        eq(groupMemberships.groupId, groups.id),
        eq(groupMemberships.userId, viewer.id),
        inArray(groupMemberships.status, [...SEES_PRIVATE]),
      ),
    );
  return or(eq(groups.isPrivate, false), exists(mine)) as SQL;
}

/** The viewer's memberships of the given groups, by group id (one query). */
export async function myMemberships(
  store: Store,
  viewer: Viewer,
  groupIds: readonly number[],
): Promise<Map<number, typeof groupMemberships.$inferSelect>> {
  if (viewer === null || groupIds.length === 0) return new Map();
  const rows = await store
    .select()
    .from(groupMemberships)
    .where(and(eq(groupMemberships.userId, viewer.id), inArray(groupMemberships.groupId, [...groupIds])));
  return new Map(rows.map((row) => [row.groupId, row]));
}

/**
 * Which of `groupIds` the viewer may read inside (members and discussion): one query for the groups and
 * one for the viewer's memberships. The engagement module asks this for the discussion (engagement.ts).
 */
export async function readableGroups(
  store: Store,
  viewer: Viewer,
  groupIds: readonly number[],
): Promise<ReadonlySet<number>> {
  if (groupIds.length === 0) return new Set();
  const rows = await store
    .select({ id: groups.id, isPrivate: groups.isPrivate })
    .from(groups)
    .where(inArray(groups.id, [...groupIds]));
  const mine = await myMemberships(store, viewer, groupIds);
  return new Set(rows.filter((row) => readsInside(row, mine.get(row.id)?.status)).map((row) => row.id));
}
