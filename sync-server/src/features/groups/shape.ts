/**
 * Row → wire for groups and memberships: the one place it happens, for REST answers and pull changes
 * alike (docs/product/social.md "Groups"). The creator's and members' public fields only — never an
 * e-mail address, and a name that looks like one masked for everyone but its member (nameFor,
 * docs/privacy.md). A group carries the caller's own membership, so each caller's copy is shaped for them.
 */
import type {
  Group,
  GroupMembership,
  MembershipRole,
  MembershipStatus,
  MyMembership,
} from '@schema/contracts/groups';
import { membershipRoles, membershipStatuses } from '@schema/contracts/groups';
import type { groupMemberships, groups } from '@schema/db/tables';
import type { Viewer } from '../../sync/registry';
import { memberFor, nameFor } from '../../sync/visibility';

export type GroupRow = typeof groups.$inferSelect;
export type MembershipRow = typeof groupMemberships.$inferSelect;

/** Stored values outside the known states read as the safest one (a pending request, a plain member). */
export const statusOf = (raw: string): MembershipStatus =>
  membershipStatuses.find((s) => s === raw) ?? 'pending';
export const roleOf = (raw: string): MembershipRole => membershipRoles.find((r) => r === raw) ?? 'member';

/** The stored JSON list of tags; anything else (an older row, null) reads as none. */
export const tagsOf = (raw: unknown): string[] =>
  Array.isArray(raw) ? raw.filter((t): t is string => typeof t === 'string') : [];

export function toMyMembership(row: Pick<MembershipRow, 'status' | 'role'> | undefined): MyMembership | null {
  return row ? { status: statusOf(row.status), role: roleOf(row.role) } : null;
}

export function toGroup(
  row: GroupRow,
  creatorName: string,
  membership: MyMembership | null,
  viewer: Viewer,
): Group {
  return {
    id: row.id,
    uid: row.uid,
    name: row.name,
    description: row.description,
    location: row.location,
    isPrivate: row.isPrivate,
    avatarUrl: row.avatarUrl,
    coverImageUrl: row.coverImageUrl,
    tags: tagsOf(row.tags),
    rules: row.rules,
    memberCount: row.memberCount,
    commentCount: row.commentCount,
    creatorId: row.creatorId,
    creatorName: nameFor(viewer, row.creatorId, creatorName),
    created_at: row.createdAt,
    membership,
  };
}

export function toMembership(
  row: MembershipRow,
  groupUid: string,
  member: { username: string; avatarUrl: string | null },
  viewer: Viewer,
): GroupMembership {
  const shown = memberFor(viewer, { id: row.userId, ...member });
  return {
    id: row.id,
    uid: row.uid,
    groupId: row.groupId,
    groupUid,
    userId: row.userId,
    username: shown.username,
    avatarUrl: shown.avatarUrl,
    role: roleOf(row.role),
    status: statusOf(row.status),
    joinedAt: row.joinedAt,
  };
}
