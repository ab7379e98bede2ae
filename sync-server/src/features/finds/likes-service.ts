/**
 * Find likes: one per member and find (unique index), idempotent both ways — liking twice, or replaying
 * a queued like after a dropped answer, leaves one like. The find's `likes` counter moves only when a
 * row really appears or disappears, in the same transaction, and clients only ever read it.
 *
 * Change log: a like changes the find's counter (a 'finds' upsert everyone pulls) and the member's own
 * like ('find_likes', logged with entity_id = the member's id and uid = the find's uid, pulled only by
 * that member so their other devices show the heart filled).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { findLikes, finds } from '@schema/db/tables';
import type { FindLike, FindLikeStatus } from '@schema/contracts/finds';
import type { UserRow } from '../../lib/auth/session';
import { recordChange } from '../../sync/changelog';
import {
  chunked,
  refKey,
  type EntityRef,
  type LoadedRows,
  type Store,
  type Viewer,
} from '../../sync/registry';
import { findRow, requireFindRow } from './service';
import type { RecordRef } from './shape';

export function likeStatus(store: Store, viewer: Viewer, findRef: RecordRef): FindLikeStatus {
  const find = requireFindRow(store, findRef);
  const liked =
    viewer !== null &&
    store
      .select({ id: findLikes.id })
      .from(findLikes)
      .where(and(eq(findLikes.userId, viewer.id), eq(findLikes.findId, find.id)))
      .get() !== undefined;
  return { isLiked: liked, likes: find.likes };
}

/**
 * Sets the member's like to `liked`. A missing find is 404 — except unliking with `missingOk`
 * (sync replays of an unlike whose find was deleted meanwhile: there is nothing left to unlike).
 */
export function setLike(
  store: Store,
  user: UserRow,
  findRef: RecordRef,
  liked: boolean,
  options: { missingOk?: boolean } = {},
): FindLikeStatus {
  return store.transaction((tx) => {
    const find = options.missingOk && !liked ? findRow(tx, findRef) : requireFindRow(tx, findRef);
    if (!find) return { isLiked: false, likes: 0 };
    const changed = liked
      ? tx.insert(findLikes).values({ userId: user.id, findId: find.id }).onConflictDoNothing().run().changes
      : tx
          .delete(findLikes)
          .where(and(eq(findLikes.userId, user.id), eq(findLikes.findId, find.id)))
          .run().changes;
    if (changed === 0) return { isLiked: liked, likes: find.likes };
    const updated = tx
      .update(finds)
      .set({ likes: sql`max(0, ${finds.likes} + ${liked ? 1 : -1})` })
      .where(eq(finds.id, find.id))
      .returning({ likes: finds.likes })
      .get();
    recordChange(tx, 'finds', find.id, find.uid, 'upsert');
    recordChange(tx, 'find_likes', user.id, find.uid, liked ? 'upsert' : 'delete');
    return { isLiked: liked, likes: updated?.likes ?? find.likes };
  });
}

/**
 * Pull loader: only the caller's own likes (entity_id is the liker). Other members' like changes are
 * left out entirely — they were never this caller's to hold, so there is nothing to tombstone.
 */
export function loadLikesForPull(store: Store, viewer: Viewer, refs: EntityRef[]): LoadedRows {
  const out: LoadedRows = new Map();
  if (viewer === null) return out;
  const own = refs.filter((r) => r.entityId === viewer.id && r.uid !== null);
  const found = new Map<string, FindLike>();
  for (const uids of chunked(own.map((r) => r.uid ?? ''))) {
    const rows = store
      .select({ uid: finds.uid, findId: finds.id, userId: findLikes.userId, createdAt: findLikes.createdAt })
      .from(findLikes)
      .innerJoin(finds, eq(finds.id, findLikes.findId))
      .where(and(eq(findLikes.userId, viewer.id), inArray(finds.uid, uids)))
      .all();
    for (const row of rows)
      found.set(row.uid, { uid: row.uid, findId: row.findId, userId: row.userId, created_at: row.createdAt });
  }
  for (const ref of own) {
    const like = ref.uid === null ? undefined : found.get(ref.uid);
    out.set(refKey(ref), like ? { id: ref.entityId, uid: like.uid, data: like, userIds: [] } : null);
  }
  return out;
}
