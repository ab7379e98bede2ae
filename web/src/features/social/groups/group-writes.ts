/**
 * Group writes through the outbox (docs/product/social.md "Groups", "Offline"; web/src/sync/README.md
 * C1, C2): Create Group, Edit, Delete, Join and Leave are local writes, shown at once and pushed by the
 * sync engine (right away when online). The server's push accepts each of them (sync-server
 * features/groups/sync.ts) and decides as online: a private group's join stays a `pending` request until
 * its creator approves; a refused write (the creator leaving, a group deleted meanwhile) lands in Not
 * synced with the server's message. Approving a request stays a REST call (api.ts): push has no such op.
 */
import { uuidv7 } from 'uuidv7';
import type { SelfUser } from '@schema/contracts/users';
import { db, type LocalGroup, type LocalGroupMembership } from '@web/db/database';
import { openRecord, syncNow, writeLocal } from '@web/sync';
import { leaveGroup } from './api';

export interface GroupInput {
  name: string;
  description: string;
  location: string;
  isPrivate: boolean;
  avatarUrl?: string | null;
  coverImageUrl?: string | null;
  tags?: string[];
  rules?: string;
}

/** The member's own membership row of a group, if the device holds one. */
export const ownMembership = (userId: number, groupUid: string) =>
  db.group_memberships
    .where('groupUid')
    .equals(groupUid)
    .filter((m) => m.userId === userId)
    .first();

/** Queues a new group; its creator's membership is the server's to make (it comes with the next pull). */
export async function writeCreateGroup(user: SelfUser, input: GroupInput): Promise<LocalGroup> {
  const uid = uuidv7();
  const payload = { ...input, avatarUrl: input.avatarUrl ?? null };
  const record: LocalGroup = {
    id: null,
    uid,
    userId: user.id,
    creatorId: user.id,
    creatorName: user.username,
    name: input.name,
    description: input.description || null,
    location: input.location || null,
    isPrivate: input.isPrivate,
    avatarUrl: payload.avatarUrl,
    coverImageUrl: input.coverImageUrl ?? null,
    tags: input.tags ?? [],
    rules: input.rules || null,
    memberCount: 1,
    commentCount: 0,
    created_at: new Date().toISOString(),
    membership: { status: 'active', role: 'creator' },
  };
  await writeLocal(db, { entity: 'groups', op: 'create', uid, userId: user.id, payload, record });
  syncNow();
  return record;
}

/** Edit Group: only the fields given change (S17); folded into an unsent create (C2). */
export async function writeUpdateGroup(user: SelfUser, uid: string, input: Partial<GroupInput>) {
  await writeLocal(db, { entity: 'groups', op: 'update', uid, userId: user.id, payload: { ...input } });
  syncNow();
}

/** Delete Group: an unsent group simply leaves the queue with what was queued on it (C2). */
export async function writeDeleteGroup(user: SelfUser, uid: string) {
  await writeLocal(db, { entity: 'groups', op: 'delete', uid, userId: user.id });
  syncNow();
}

/**
 * Join: a membership create naming the group's uid. Shown at once (a public group's membership is active
 * at once on the server; a private one's is a request) and the group is stored and pinned so its card and
 * page read from the device (C15).
 */
export async function writeJoinGroup(
  user: SelfUser,
  group: { uid: string; isPrivate: boolean },
): Promise<void> {
  if (await ownMembership(user.id, group.uid)) return;
  const uid = uuidv7();
  const now = new Date().toISOString();
  const record: LocalGroupMembership = {
    id: null,
    uid,
    groupId: null,
    groupUid: group.uid,
    userId: user.id,
    username: user.username,
    role: 'member',
    status: group.isPrivate ? 'pending' : 'active',
    joinedAt: now,
    created_at: now,
  };
  const payload = { groupUid: group.uid };
  await writeLocal(db, { entity: 'group_memberships', op: 'create', uid, userId: user.id, payload, record });
  // The join is saved: the member hears so at once. Keeping the group on the device (pinned, fetched when
  // it is not held yet) and sending the join follow without holding the answer up on the network.
  void openRecord('groups', group.uid).catch(() => undefined);
  syncNow();
}

/**
 * Leave: the membership's delete, queued. A membership the device does not hold (joined elsewhere, not
 * yet pulled) is left over REST, which needs the network. A private group then leaves the device with its
 * discussion at the next pull (its tombstones; apply.ts).
 */
export async function writeLeaveGroup(user: SelfUser, groupUid: string, fallback: string): Promise<void> {
  const held = await ownMembership(user.id, groupUid);
  if (!held) {
    await leaveGroup(groupUid, fallback);
    syncNow();
    return;
  }
  await writeLocal(db, { entity: 'group_memberships', op: 'delete', uid: held.uid, userId: user.id });
  syncNow();
}
