/**
 * Find comments (spec 1 §5 "Find comment"): 3–1000 characters, members only, edited and deleted by their
 * writer alone (decided from the session, not the spec's client-side "user id 1" shortcut). The find's
 * commentCount is kept here, in the same transaction as the comment, and the find is logged as changed
 * so every device's counter follows.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { findComments, finds, users } from '@schema/db/tables';
import { findMessages, type FindComment, type FindCommentInput } from '@schema/contracts/finds';
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
import { requireFindRow } from './service';
import { toFindComment, type FindCommentRow, type RecordRef } from './shape';

const byRef = (ref: RecordRef) => ('id' in ref ? eq(findComments.id, ref.id) : eq(findComments.uid, ref.uid));

function selectComments(store: Store) {
  return store
    .select({ comment: findComments, findUid: finds.uid, username: users.username })
    .from(findComments)
    .innerJoin(finds, eq(finds.id, findComments.findId))
    .innerJoin(users, eq(users.id, findComments.userId));
}

function getComment(store: Store, ref: RecordRef): FindComment {
  const row = selectComments(store).where(byRef(ref)).get();
  if (!row) throw notFound(findMessages.commentNotFound);
  return toFindComment(row.comment, row.findUid, row.username);
}

/** Oldest first, `limit + 1` rows after the previous page's last id. A missing find is 404. */
export function listComments(
  store: Store,
  findRef: RecordRef,
  page: { after: number | null; limit: number },
): FindComment[] {
  const find = requireFindRow(store, findRef);
  const where = [eq(findComments.findId, find.id)];
  if (page.after !== null) where.push(gt(findComments.id, page.after));
  return selectComments(store)
    .where(and(...where))
    .orderBy(asc(findComments.id))
    .limit(page.limit + 1)
    .all()
    .map((row) => toFindComment(row.comment, row.findUid, row.username));
}

function adjustCommentCount(tx: Store, findId: number, delta: 1 | -1): void {
  const find = tx
    .update(finds)
    .set({ commentCount: sql`max(0, ${finds.commentCount} + ${delta})` })
    .where(eq(finds.id, findId))
    .returning({ id: finds.id, uid: finds.uid })
    .get();
  if (find) recordChange(tx, 'finds', find.id, find.uid, 'upsert');
}

/** A replayed create (same uid, same writer) answers the existing comment instead of adding another. */
export function addComment(
  store: Store,
  user: UserRow,
  findRef: RecordRef,
  input: FindCommentInput,
  uid?: string,
): { comment: FindComment; created: boolean } {
  return store.transaction((tx) => {
    if (uid) {
      const existing = tx.select().from(findComments).where(eq(findComments.uid, uid)).get();
      if (existing && existing.userId !== user.id) throw conflict(findMessages.uidTaken);
      if (existing) return { comment: getComment(tx, { id: existing.id }), created: false };
    }
    const find = requireFindRow(tx, findRef);
    const row = tx
      .insert(findComments)
      .values({ uid: uid ?? uuidv7(), content: input.content, userId: user.id, findId: find.id })
      .returning()
      .get();
    recordChange(tx, 'find_comments', row.id, row.uid, 'upsert');
    adjustCommentCount(tx, find.id, 1);
    return { comment: toFindComment(row, find.uid, user.username), created: true };
  });
}

function requireOwnComment(tx: Store, user: UserRow, ref: RecordRef, deniedMessage: string): FindCommentRow {
  const row = tx.select().from(findComments).where(byRef(ref)).get();
  if (!row) throw notFound(findMessages.commentNotFound);
  if (row.userId !== user.id) throw forbidden(deniedMessage);
  return row;
}

export function updateComment(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  input: FindCommentInput,
): FindComment {
  return store.transaction((tx) => {
    const row = requireOwnComment(tx, user, ref, findMessages.notCommentOwnerEdit);
    tx.update(findComments)
      .set({ content: input.content, updatedAt: new Date().toISOString() })
      .where(eq(findComments.id, row.id))
      .run();
    recordChange(tx, 'find_comments', row.id, row.uid, 'upsert');
    return getComment(tx, { id: row.id });
  });
}

/** `missingOk`: a sync delete of a comment already gone (deleted elsewhere, or with its find) succeeds. */
export function deleteComment(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  options: { missingOk?: boolean } = {},
): number | undefined {
  return store.transaction((tx) => {
    if (options.missingOk && !tx.select({ id: findComments.id }).from(findComments).where(byRef(ref)).get())
      return undefined;
    const row = requireOwnComment(tx, user, ref, findMessages.notCommentOwnerDelete);
    tx.delete(findComments).where(eq(findComments.id, row.id)).run();
    recordChange(tx, 'find_comments', row.id, row.uid, 'delete');
    adjustCommentCount(tx, row.findId, -1);
    return row.id;
  });
}

/** Pull loader: comments are public; a missing one (deleted, or gone with its find) is a tombstone. */
export function loadCommentsForPull(store: Store, _viewer: Viewer, refs: EntityRef[]): LoadedRows {
  const found = new Map<number, FindComment>();
  for (const ids of chunked(refs.map((r) => r.entityId))) {
    for (const row of selectComments(store).where(inArray(findComments.id, ids)).all()) {
      found.set(row.comment.id, toFindComment(row.comment, row.findUid, row.username));
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
