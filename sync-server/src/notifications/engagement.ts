/**
 * What comments and likes notify (docs/notifications.md "What notifies"), called by the engagement module
 * (sync-server/src/engagement) in the transaction of the comment or like, for every parent alike:
 * - a comment on a find, post, story or event notifies its owner (`comment`);
 * - a comment in a group's discussion notifies every earlier commenter there who may still read it
 *   (`reply`; a member who left a private group is no longer told);
 * - a like notifies the record's owner, batched: one row per record per hour that counts the likes;
 * - an event's "like" is attendance: it schedules (or, on leaving, cancels) the 24-hour reminder.
 * The parent and comment tables come from the engagement descriptor, so one code serves them all.
 */
import { and, eq, lt, ne } from 'drizzle-orm';
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Store, Viewer } from '../sync/registry';
import { cancelEventReminder, scheduleEventReminder } from './events';
import { notify } from './notify';
import { actorName, likedTitle, nounOf, pageOf, preview, quoted, recordTitle } from './texts';

type IntColumn = AnySQLiteColumn<{ data: number; notNull: true }>;

/** The parent as its engagement descriptor declares it (descriptor.ts EngagementParent). */
export interface EngagedParent {
  entity: string;
  table: SQLiteTable & { id: IntColumn };
  readableBy?: (store: Store, viewer: Viewer, parentIds: readonly number[]) => Promise<ReadonlySet<number>>;
}

/** Parents whose comments are a discussion among members rather than remarks to an owner. */
const DISCUSSIONS = new Set(['groups']);
/** Parents whose "like" is attendance, which schedules a reminder instead of notifying. */
const ATTENDED = new Set(['events']);

export interface CommentAct {
  parent: EngagedParent;
  comments: { table: SQLiteTable & { id: IntColumn; userId: IntColumn }; parentId: IntColumn };
  found: { id: number; ownerId: number };
  actorId: number;
  comment: { id: number; content: string };
}

/** A new comment (never an edit: its group key is the comment's, so it notifies once). */
export async function commentAdded(tx: Store, act: CommentAct): Promise<void> {
  const { parent, found, actorId, comment } = act;
  const title = await recordTitle(tx, parent.table, found.id);
  const base = {
    actorId,
    entity: parent.entity,
    entityId: found.id,
    body: preview(comment.content),
    url: pageOf(parent.entity, found.id),
  };
  if (!DISCUSSIONS.has(parent.entity)) {
    const who = await actorName(tx, actorId, found.ownerId);
    const on = `your ${nounOf(parent.entity)}${title ? ` ${quoted(title)}` : ''}`;
    await notify(tx, {
      ...base,
      recipientId: found.ownerId,
      kind: 'comment',
      title: `${who} commented on ${on}`,
      groupKey: `comment:${parent.entity}:${comment.id}`,
    });
    return;
  }
  const { table, parentId } = act.comments;
  const earlier = await tx
    .selectDistinct({ userId: table.userId })
    .from(table)
    .where(and(eq(parentId, found.id), lt(table.id, comment.id), ne(table.userId, actorId)));
  for (const { userId } of earlier) {
    // Never about what the member can no longer read (a private group they left).
    if (parent.readableBy && !(await parent.readableBy(tx, { id: userId }, [found.id])).has(found.id))
      continue;
    const who = await actorName(tx, actorId, userId);
    await notify(tx, {
      ...base,
      recipientId: userId,
      kind: 'reply',
      title: `${who} replied in ${quoted(title) || 'a group'}`,
      groupKey: `reply:${parent.entity}:${comment.id}`,
    });
  }
}

export interface LikeAct {
  parent: EngagedParent;
  found: { id: number; ownerId: number };
  actorId: number;
  liked: boolean;
}

/** One like added or taken away (only when a mark really appeared or disappeared). */
export async function likeChanged(tx: Store, act: LikeAct): Promise<void> {
  const { parent, found, actorId, liked } = act;
  if (ATTENDED.has(parent.entity)) {
    if (liked) await scheduleEventReminder(tx, found.id, actorId);
    else await cancelEventReminder(tx, found.id, actorId);
    return;
  }
  if (!liked) return;
  const title = await recordTitle(tx, parent.table, found.id);
  const who = await actorName(tx, actorId, found.ownerId);
  // One row per record per clock hour: the likes of that hour raise its count.
  const hour = new Date().toISOString().slice(0, 13);
  await notify(
    tx,
    {
      recipientId: found.ownerId,
      kind: 'likes',
      actorId,
      entity: parent.entity,
      entityId: found.id,
      title: likedTitle(who, 1, parent.entity, title),
      body: '',
      url: pageOf(parent.entity, found.id),
      groupKey: `likes:${parent.entity}:${found.id}:${hour}`,
    },
    { titleFor: (count) => likedTitle(who, count, parent.entity, title) },
  );
}
