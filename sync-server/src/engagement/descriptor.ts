/**
 * What an entity declares to opt into engagement: comments, likes and views on its records, with the
 * counters the server keeps on the parent (docs/architecture.md "Engagement"). The descriptor names the
 * drizzle tables and columns, the wire names of the parent key, the change-log entities, the messages and
 * the policy; engagement/define.ts turns it into the services, the sync entities and the delete cascades.
 *
 * Any parent with a numeric `id` and a device-made `uid` can opt in (finds, posts, events, stories and
 * groups; a group's comments are read by its members only: `readableBy`). The engagement tables follow one layout: comments have id, uid, content,
 * userId, createdAt, updatedAt and a parent key; likes have userId, createdAt and a parent key (unique per
 * member and parent); views have visitorKey, day and a parent key (unique per parent, visitor and day).
 */
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import type { PullEntity } from '@schema/contracts/sync';
import type { UserRow } from '../lib/auth/user-row';
import type { Store, Viewer } from '../sync/registry';

export type IntColumn = AnySQLiteColumn<{ data: number; notNull: true }>;
export type TextColumn = AnySQLiteColumn<{ data: string; notNull: true }>;

/** The wire names of the parent's id and uid in comments and likes: `{ id: 'findId', uid: 'findUid' }`. */
export interface ParentWireKeys {
  id: string;
  uid: string;
}

export interface EngagementParent<K extends ParentWireKeys = ParentWireKeys> {
  table: SQLiteTable & { id: IntColumn; uid: TextColumn };
  /** Whose record it is (finder, author): an account deletion takes everything engaged with their records. */
  owner: IntColumn;
  /** The parent's change-log entity. */
  entity: PullEntity;
  /**
   * The change-log entity of the parent's counters (`find_counts`): a counter that moves logs this, never
   * the parent, so devices get the new numbers without the whole record (PROTOCOL.md S30).
   */
  counts: PullEntity;
  /** The REST 404 for a missing parent ('Find Not Found'); under sync it is `parent-missing` (S8). */
  notFound: string;
  wire: K;
  /**
   * Who may see what happens under a parent (a private group's discussion: its members). Answers, in one
   * query, which of `parentIds` the viewer may read. Absent: every parent is public. For the others the
   * parent does not exist: its comments list and a new comment are its 404, and pulls answer tombstones
   * for its comments and leave its counts out (docs/privacy.md).
   */
  readableBy?: (store: Store, viewer: Viewer, parentIds: readonly number[]) => Promise<ReadonlySet<number>>;
}

/** The parent as engagement reads it. */
export interface ParentRow {
  id: number;
  uid: string;
}

/** The parent with its owner, whose `own` scope carries what happens under it (PROTOCOL.md S26). */
export interface OwnedParentRow extends ParentRow {
  ownerId: number;
}

/** The comment messages every feature's contracts carry under these names (findMessages, forumMessages). */
export interface CommentMessages {
  commentNotFound: string;
  uidTaken: string;
  notCommentOwnerEdit: string;
  notCommentOwnerDelete: string;
}

export interface CommentsConfig {
  /** Change-log and sync entity of the comments. */
  entity: PullEntity;
  table: SQLiteTable & {
    id: IntColumn;
    uid: TextColumn;
    content: TextColumn;
    userId: IntColumn;
    createdAt: TextColumn;
    updatedAt: TextColumn;
  };
  parentId: IntColumn;
  /** The parent's comment counter, and its name on the wire (`commentCount`, in the parent and its counts). */
  counter: IntColumn;
  counterField: string;
  /**
   * `content`: the comment rule (REST body and sync update payload). `syncCreate`: the sync create payload,
   * the content plus the parent's uid under its wire name (`findUid`), since the parent may have no id yet.
   */
  schemas: {
    content: z.ZodType<{ content: string }>;
    syncCreate: z.ZodType<{ content: string } & Record<string, unknown>>;
  };
  messages: CommentMessages;
  policy: {
    /** Editing is the writer's alone (a moderator removes, it does not put words in a member's mouth). */
    deleteBy: 'writer' | 'writer-or-moderator';
    /**
     * Who may comment: absent, every signed-in member. Answers the refusal message (403) or null — a group
     * will check membership here.
     */
    mayComment?: (ctx: { store: Store; user: UserRow; parent: ParentRow }) => Promise<string | null>;
  };
}

export interface LikesConfig {
  /** Change-log and sync entity of a member's own like: logged with entity_id = member id, uid = parent uid. */
  entity: PullEntity;
  table: SQLiteTable & { userId: IntColumn; createdAt: TextColumn };
  parentId: IntColumn;
  /** The parent's like counter, and its name on the wire (`likes`). */
  counter: IntColumn;
  counterField: string;
  /** The rejection of a sync update: a like is only added or removed. */
  notEditable: string;
  /**
   * Whether a new mark may be added now: absent, always. Answers the refusal to throw (an HttpError, e.g. a
   * 409 for an event that has already taken place) or null. Asked only when the mark would be new, so
   * marking again stays idempotent, and removing a mark is never refused.
   */
  mayAdd?: (ctx: { store: Store; user: UserRow; parent: ParentRow }) => Promise<Error | null>;
  /**
   * Whether `user` may take their mark away (an organiser cannot leave their own event): an error, or
   * null. Asked only when a mark really disappears, inside its transaction.
   */
  mayRemove?: (ctx: { store: Store; user: UserRow; parent: ParentRow }) => Promise<Error | null>;
}

export interface ViewsConfig {
  table: SQLiteTable & { visitorKey: TextColumn; day: TextColumn };
  parentId: IntColumn;
  /** The parent's view counter, and its name on the wire (`views`). */
  counter: IntColumn;
  counterField: string;
}

export interface EngagementDescriptor<K extends ParentWireKeys = ParentWireKeys> {
  parent: EngagementParent<K>;
  comments?: CommentsConfig;
  likes?: LikesConfig;
  views?: ViewsConfig;
}

/** A comment on the wire (REST and pull alike), with the parent's id and uid under their wire names. */
export type WireComment<K extends ParentWireKeys> = {
  id: number;
  uid: string;
  userId: number;
  username: string;
  content: string;
  created_at: string;
} & Record<K['id'], number> &
  Record<K['uid'], string>;

/** The caller's own like as pulled: keyed by the liked parent's uid. */
export type WireLike<K extends ParentWireKeys> = {
  uid: string;
  userId: number;
  created_at: string;
} & Record<K['id'], number>;

export interface LikeStatus {
  isLiked: boolean;
  likes: number;
}

export interface ViewResult {
  views: number;
  counted: boolean;
}
