/**
 * The records moderation acts on, by their sync names (docs/moderation.md): where each lives and who wrote
 * it, and each one as a given member sees it — read through the entity's own pull loader (handed over by
 * sync/entities.ts), so a report can only name what its reporter can see, and the queue shows a record
 * exactly as members other than its author do (never an exact find spot or a private spot).
 */
import { eq } from 'drizzle-orm';
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { ReportableEntity } from '@schema/contracts/moderation';
import {
  comments,
  eventComments,
  events,
  findComments,
  finds,
  groupComments,
  groups,
  locations,
  messages,
  posts,
  routes,
  stories,
  storyComments,
  users,
} from '@schema/db/tables';
import type { Store } from '../../lib/db';
import { first } from '../../lib/query';
import { refKey, type SyncEntityHandler, type Viewer } from '../../sync/registry';

interface Located {
  table: SQLiteTable;
  id: AnySQLiteColumn;
  uid: AnySQLiteColumn | null;
  author: AnySQLiteColumn;
  /** A message's other participant: they may report it too. */
  recipient?: AnySQLiteColumn;
}

const RECORDS: Record<ReportableEntity, Located> = {
  finds: { table: finds, id: finds.id, uid: finds.uid, author: finds.userId },
  find_comments: {
    table: findComments,
    id: findComments.id,
    uid: findComments.uid,
    author: findComments.userId,
  },
  posts: { table: posts, id: posts.id, uid: posts.uid, author: posts.userId },
  comments: { table: comments, id: comments.id, uid: comments.uid, author: comments.userId },
  events: { table: events, id: events.id, uid: events.uid, author: events.userId },
  event_comments: {
    table: eventComments,
    id: eventComments.id,
    uid: eventComments.uid,
    author: eventComments.userId,
  },
  stories: { table: stories, id: stories.id, uid: stories.uid, author: stories.userId },
  story_comments: {
    table: storyComments,
    id: storyComments.id,
    uid: storyComments.uid,
    author: storyComments.userId,
  },
  groups: { table: groups, id: groups.id, uid: groups.uid, author: groups.creatorId },
  group_comments: {
    table: groupComments,
    id: groupComments.id,
    uid: groupComments.uid,
    author: groupComments.userId,
  },
  locations: { table: locations, id: locations.id, uid: locations.uid, author: locations.userId },
  routes: { table: routes, id: routes.id, uid: routes.uid, author: routes.userId },
  messages: {
    table: messages,
    id: messages.id,
    uid: messages.uid,
    author: messages.senderId,
    recipient: messages.receiverId,
  },
  users: { table: users, id: users.id, uid: null, author: users.id },
};

export interface RecordRow {
  id: number;
  uid: string | null;
  authorId: number;
  recipientId: number | null;
}

let makeHandlers: (() => ReadonlyMap<string, SyncEntityHandler>) | undefined;
let handlers: ReadonlyMap<string, SyncEntityHandler> | undefined;

/**
 * The composition root (sync/entities.ts) hands its handlers over: importing it from here would be an
 * import cycle, as this feature's own `reports` entity is registered there. Built on first use.
 */
export function provideSyncHandlers(make: () => ReadonlyMap<string, SyncEntityHandler>): void {
  makeHandlers = make;
  handlers = undefined;
}

function handlerOf(entity: string): SyncEntityHandler | undefined {
  if (!makeHandlers) throw new Error('sync/entities.ts has not provided the sync handlers');
  return (handlers ??= makeHandlers()).get(entity);
}

/** The record's id, uid and author, or undefined when it does not exist. */
export async function recordRow(
  store: Store,
  entity: ReportableEntity,
  id: number,
): Promise<RecordRow | undefined> {
  const at = RECORDS[entity];
  const row = await first(
    store
      .select({
        id: at.id,
        uid: at.uid ?? at.id,
        authorId: at.author,
        recipientId: at.recipient ?? at.author,
      })
      .from(at.table)
      .where(eq(at.id, id)),
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    uid: at.uid ? String(row.uid) : null,
    authorId: Number(row.authorId),
    recipientId: at.recipient ? Number(row.recipientId) : null,
  };
}

/**
 * The record as `viewer` sees it, through its entity's pull loader; null when the viewer may not see it
 * (a private spot, a private group's discussion, someone else's message). Hidden state is not applied
 * here: callers decide what a hidden record means for them.
 */
export async function recordAs(
  store: Store,
  entity: ReportableEntity,
  row: RecordRow,
  viewer: Viewer,
): Promise<Record<string, unknown> | null> {
  const handler = handlerOf(entity);
  if (!handler) return null;
  const ref = { entityId: row.id, uid: row.uid };
  const loaded = await handler.load(store, viewer, [ref]);
  return loaded.get(refKey(ref))?.data ?? null;
}

/** The entity's sync handler: the moderation delete goes through its own delete (and cascade). */
export const syncHandlerOf = handlerOf;
