/**
 * Groups on the device (docs/product/social.md "Groups", "Offline"; PROTOCOL.md entities table): the
 * groups, the member's own memberships and the group discussion.
 *
 * Scopes (web/src/sync/README.md C14–C16): a group is its creator's, so the creator's devices pull it with
 * `own`. A membership is its member's (`own`) and is declared here as a child of its group
 * (`groupUid`): the engine pins the group of every membership the device holds ('engaged', C15), so a
 * member's devices pull the groups they joined — and, through the pin, their discussion and counters. When
 * the member leaves (or is removed from) a private group, the next pull brings the membership's and the
 * group's tombstones, and a parent's tombstone takes its comments with it (apply.ts, C9).
 *
 * Offline: creating, editing and deleting a group, joining (a membership create naming the group's uid)
 * and leaving (its delete) are queued writes. On conflict the server decides as online: the last edit wins
 * per field (S17), a delete wins, and a refused write (not the creator, a group gone) lands in Not synced.
 * Private groups and memberships are shaped per viewer: they all leave the device when the viewer changes
 * (C11) and come back with the next member's pull.
 */
import type { LocalGroup, LocalGroupComment, LocalGroupMembership } from '../social-types';
import { childOf, defineEntity, quoted, verbFor } from '../entity-descriptor';
import { hasShape, isRow, numberOrNull, text, textList } from '../entity-fields';
import { discussionEntity } from './engagement';

export const groupHref = (uid: string) => `/groups/${encodeURIComponent(uid)}`;

const isLocalGroup = hasShape<LocalGroup>({
  uid: 'string',
  userId: 'number',
  creatorId: 'number',
  name: 'string',
  memberCount: 'number',
  commentCount: 'number',
});

const isLocalMembership = hasShape<LocalGroupMembership>({
  uid: 'string',
  groupUid: 'string',
  userId: 'number',
  status: 'string',
  role: 'string',
});

const nullableText = (value: unknown): string | null => text(value) ?? null;

function myMembershipOf(value: unknown): LocalGroup['membership'] {
  if (!isRow(value)) return null;
  const { status, role } = value;
  return typeof status === 'string' && typeof role === 'string' ? { status, role } : null;
}

export const groupsEntity = defineEntity<LocalGroup, 'groups'>({
  entity: 'groups',
  label: 'Groups',
  scope: {
    kind: 'owned',
    counts: { entity: 'group_counts', fields: ['commentCount'] },
    rest: { record: (ref) => `/api/groups/${encodeURIComponent(ref)}`, list: '/api/social/groups' },
  },
  is: isLocalGroup,
  fold: {
    name: 'text',
    description: 'text',
    location: 'text',
    isPrivate: 'boolean',
    avatarUrl: 'text',
    coverImageUrl: 'text-or-null',
    tags: 'text-list',
    rules: 'text-or-null',
  },
  fromServer(data) {
    const { id, uid, creatorId, name } = data;
    if (typeof id !== 'number' || typeof uid !== 'string') return null;
    if (typeof creatorId !== 'number' || typeof name !== 'string') return null;
    return {
      id,
      uid,
      userId: creatorId,
      creatorId,
      creatorName: text(data.creatorName) ?? '',
      name,
      description: nullableText(data.description),
      location: nullableText(data.location),
      isPrivate: data.isPrivate === true,
      avatarUrl: nullableText(data.avatarUrl),
      coverImageUrl: nullableText(data.coverImageUrl),
      tags: textList(data.tags),
      rules: nullableText(data.rules),
      memberCount: typeof data.memberCount === 'number' ? data.memberCount : 0,
      commentCount: typeof data.commentCount === 'number' ? data.commentCount : 0,
      created_at: text(data.created_at) ?? '',
      membership: myMembershipOf(data.membership),
    } satisfies LocalGroup;
  },
  describe(m, known) {
    return {
      label: `${verbFor(m, ['New group', 'Edited group', 'Deleted group'])}${quoted(text(m.payload.name) ?? known?.name)}`,
      editHref: m.op === 'delete' ? null : groupHref(m.uid),
    };
  },
  // Each copy carries the viewer's membership, and private ones are members-only (C11): only the new
  // viewer's own groups stay (whatever they wrote before the engine noticed the change included).
  forgetOnViewerChange: (rows, viewerId) => rows.filter((g) => g.creatorId !== viewerId).delete(),
});

export const groupMembershipsEntity = defineEntity<LocalGroupMembership, 'group_memberships'>({
  entity: 'group_memberships',
  label: 'Group memberships',
  scope: { kind: 'child', parent: 'groups', parentKey: 'groupUid' },
  is: isLocalMembership,
  // Joined or left, never edited (the server refuses updates: membershipNotEditable).
  fold: {},
  fromServer(data) {
    const { id, uid, groupUid, userId } = data;
    if (typeof id !== 'number' || typeof uid !== 'string') return null;
    if (typeof groupUid !== 'string' || typeof userId !== 'number') return null;
    const joinedAt = text(data.joinedAt) ?? '';
    return {
      id,
      uid,
      groupId: numberOrNull(data.groupId),
      groupUid,
      userId,
      username: text(data.username) ?? '',
      role: text(data.role) ?? 'member',
      status: text(data.status) ?? 'pending',
      joinedAt,
      created_at: joinedAt,
    } satisfies LocalGroupMembership;
  },
  // Joining a group that is itself still a queued create waits for it (C2, C8).
  dependsOn: childOf('groups', 'groupUid'),
  describe(m, known) {
    const groupUid = text(m.payload.groupUid) ?? known?.groupUid;
    return {
      label: m.op === 'delete' ? 'Leaving a group' : 'Joining a group',
      editHref: groupUid && m.op !== 'delete' ? groupHref(groupUid) : null,
    };
  },
  forgetOnViewerChange: (rows, viewerId) => rows.filter((m) => m.userId !== viewerId).delete(),
});

export const groupCommentsEntity = discussionEntity<LocalGroupComment>()({
  parent: { entity: 'groups', key: 'groupUid', idKey: 'groupId', href: groupHref },
  comments: {
    entity: 'group_comments',
    verbs: ['New comment', 'Edited comment', 'Deleted comment'],
    label: 'Group discussions',
    viewerShaped: true,
  },
});
