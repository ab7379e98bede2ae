/**
 * What members' acts notify beyond comments, likes and events (docs/notifications.md "What notifies"):
 * one function per act, each called by its feature in the act's transaction, so features share this
 * block rather than importing one another. The rules themselves (own acts, blocks, preferences, once per
 * act) are notify()'s.
 */
import { eq } from 'drizzle-orm';
import { groups } from '@schema/db/tables';
import type { Store } from '../sync/registry';
import { first } from '../lib/query';
import { notify } from './notify';
import { actorName, preview, quoted } from './texts';

/** A direct message: the title says who wrote; the body is the text (delivery decides what a lock screen shows). */
export async function messageSent(
  tx: Store,
  message: { id: number; senderId: number; receiverId: number; content: string },
): Promise<void> {
  const who = await actorName(tx, message.senderId, message.receiverId);
  await notify(tx, {
    recipientId: message.receiverId,
    kind: 'message',
    actorId: message.senderId,
    entity: 'messages',
    entityId: message.id,
    title: `New message from ${who}`,
    body: preview(message.content || 'Sent a photo'),
    url: `/social?tab=messages&with=${message.senderId}`,
    groupKey: `message:${message.id}`,
  });
}

/** A new follower. Once per follower: unfollowing and following again does not notify twice. */
export async function followed(tx: Store, followerId: number, followingId: number): Promise<void> {
  const who = await actorName(tx, followerId, followingId);
  await notify(tx, {
    recipientId: followingId,
    kind: 'follow',
    actorId: followerId,
    entity: 'users',
    entityId: followerId,
    title: `${who} started following you`,
    body: '',
    url: `/users/${followerId}`,
    groupKey: `follow:${followerId}`,
  });
}

async function groupOf(tx: Store, groupId: number) {
  return first(
    tx
      .select({ id: groups.id, name: groups.name, creatorId: groups.creatorId })
      .from(groups)
      .where(eq(groups.id, groupId)),
  );
}

/** A request to join a private group, to its creator. */
export async function groupJoinRequested(tx: Store, groupId: number, requesterId: number): Promise<void> {
  const group = await groupOf(tx, groupId);
  if (!group) return;
  const who = await actorName(tx, requesterId, group.creatorId);
  await notify(tx, {
    recipientId: group.creatorId,
    kind: 'group-request',
    actorId: requesterId,
    entity: 'groups',
    entityId: group.id,
    title: `${who} asked to join ${quoted(group.name)}`,
    body: '',
    url: `/groups/${group.id}`,
    groupKey: `group-request:${group.id}:${requesterId}`,
  });
}

/** The creator approved a request: the new member can now see the group. */
export async function groupJoinApproved(
  tx: Store,
  groupId: number,
  memberId: number,
  approverId: number,
): Promise<void> {
  const group = await groupOf(tx, groupId);
  if (!group) return;
  await notify(tx, {
    recipientId: memberId,
    kind: 'group-approved',
    actorId: approverId,
    entity: 'groups',
    entityId: group.id,
    title: `You’re now a member of ${quoted(group.name)}`,
    body: 'Your request to join was approved.',
    url: `/groups/${group.id}`,
    groupKey: `group-approved:${group.id}`,
  });
}

/** An achievement unlocked (the system's act: no actor). Once per achievement. */
export async function achievementUnlocked(
  tx: Store,
  userId: number,
  achievement: { id: string; name: string; description: string },
): Promise<void> {
  await notify(tx, {
    recipientId: userId,
    kind: 'achievement',
    actorId: null,
    entity: null,
    entityId: null,
    title: `Achievement unlocked: ${achievement.name}`,
    body: preview(achievement.description),
    url: '/achievements',
    groupKey: `achievement:${achievement.id}`,
  });
}
