/**
 * Post comments (spec 1 §5 "Forum comment": trimmed content non-empty, members only). Edited by their
 * writer alone and deleted by their writer or the official account as moderator — decided from the
 * session, never from a client-sent userId. The post's `comments` counter is kept here, in the same
 * transaction as the comment, and the post is logged as changed so every device's counter follows.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { comments, posts, users } from '@schema/db/tables';
import { forumMessages, type PostComment, type PostCommentInput } from '@schema/contracts/forum';
import type { UserRow } from '../../lib/auth/session';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { recordChange } from '../../sync/changelog';
import {
  chunked,
  refKey,
  type EntityRef,
  type LoadedRows,
  type Store,
  type Viewer,
} from '../../sync/registry';
import { isModerator, isOwner } from '../../sync/visibility';
import { requirePostRow } from './posts-service';
import { toPostComment, type CommentRow, type RecordRef } from './shape';

const byRef = (ref: RecordRef) => ('id' in ref ? eq(comments.id, ref.id) : eq(comments.uid, ref.uid));

function selectComments(store: Store) {
  return store
    .select({ comment: comments, postUid: posts.uid, username: users.username })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .innerJoin(users, eq(users.id, comments.userId));
}

function getComment(store: Store, ref: RecordRef): PostComment {
  const row = selectComments(store).where(byRef(ref)).get();
  if (!row) throw notFound(forumMessages.commentNotFound);
  return toPostComment(row.comment, row.postUid, row.username);
}

/** Oldest first, `limit + 1` rows after the previous page's last id. A missing post is 404 'Post not found'. */
export function listComments(
  store: Store,
  postRef: RecordRef,
  page: { after: number | null; limit: number },
): PostComment[] {
  const post = requirePostRow(store, postRef);
  const where = [eq(comments.postId, post.id)];
  if (page.after !== null) where.push(gt(comments.id, page.after));
  return selectComments(store)
    .where(and(...where))
    .orderBy(asc(comments.id))
    .limit(page.limit + 1)
    .all()
    .map((row) => toPostComment(row.comment, row.postUid, row.username));
}

function adjustCommentCount(tx: Store, postId: number, delta: 1 | -1): void {
  const post = tx
    .update(posts)
    .set({ comments: sql`max(0, ${posts.comments} + ${delta})` })
    .where(eq(posts.id, postId))
    .returning({ id: posts.id, uid: posts.uid })
    .get();
  if (post) recordChange(tx, 'posts', post.id, post.uid, 'upsert');
}

/** A replayed create (same uid, same writer) answers the existing comment instead of adding another. */
export function addComment(
  store: Store,
  user: UserRow,
  postRef: RecordRef,
  input: PostCommentInput,
  uid?: string,
): { comment: PostComment; created: boolean } {
  return store.transaction((tx) => {
    if (uid) {
      const existing = tx.select().from(comments).where(eq(comments.uid, uid)).get();
      if (existing && existing.userId !== user.id) throw conflict(forumMessages.uidTaken);
      if (existing) return { comment: getComment(tx, { id: existing.id }), created: false };
    }
    const post = requirePostRow(tx, postRef);
    const row = tx
      .insert(comments)
      .values({ uid: uid ?? uuidv7(), content: input.content, userId: user.id, postId: post.id })
      .returning()
      .get();
    recordChange(tx, 'comments', row.id, row.uid, 'upsert');
    adjustCommentCount(tx, post.id, 1);
    return { comment: toPostComment(row, post.uid, user.username), created: true };
  });
}

function requireComment(tx: Store, ref: RecordRef): CommentRow {
  const row = tx.select().from(comments).where(byRef(ref)).get();
  if (!row) throw notFound(forumMessages.commentNotFound);
  return row;
}

/** Only the writer edits: a moderator removes, it does not put words in a member's mouth. */
export function updateComment(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  input: PostCommentInput,
): PostComment {
  return store.transaction((tx) => {
    const row = requireComment(tx, ref);
    if (!isOwner({ id: user.id }, row.userId)) throw forbidden(forumMessages.notCommentOwnerEdit);
    tx.update(comments)
      .set({ content: input.content, updatedAt: new Date().toISOString() })
      .where(eq(comments.id, row.id))
      .run();
    recordChange(tx, 'comments', row.id, row.uid, 'upsert');
    return getComment(tx, { id: row.id });
  });
}

/** `missingOk`: a sync delete of a comment already gone (deleted elsewhere, or with its post) succeeds. */
export function deleteComment(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  options: { missingOk?: boolean } = {},
): number | undefined {
  return store.transaction((tx) => {
    if (options.missingOk && !tx.select({ id: comments.id }).from(comments).where(byRef(ref)).get())
      return undefined;
    const row = requireComment(tx, ref);
    const viewer = { id: user.id };
    if (!isOwner(viewer, row.userId) && !isModerator(viewer))
      throw forbidden(forumMessages.notCommentOwnerDelete);
    tx.delete(comments).where(eq(comments.id, row.id)).run();
    recordChange(tx, 'comments', row.id, row.uid, 'delete');
    adjustCommentCount(tx, row.postId, -1);
    return row.id;
  });
}

/** Pull loader: comments are public; a missing one (deleted, or gone with its post) is a tombstone. */
export function loadCommentsForPull(store: Store, _viewer: Viewer, refs: EntityRef[]): LoadedRows {
  const found = new Map<number, PostComment>();
  for (const ids of chunked(refs.map((r) => r.entityId))) {
    for (const row of selectComments(store).where(inArray(comments.id, ids)).all()) {
      found.set(row.comment.id, toPostComment(row.comment, row.postUid, row.username));
    }
  }
  const out: LoadedRows = new Map();
  for (const ref of refs) {
    const comment = found.get(ref.entityId);
    out.set(
      refKey(ref),
      comment ? { id: comment.id, uid: comment.uid, data: comment, userIds: [comment.userId] } : null,
    );
  }
  return out;
}
