/**
 * Post promotions ("Promote" / "Promoted", spec 1 §2; stored as post_likes): one per member and post
 * (unique index), idempotent both ways — promoting twice, or replaying a queued promotion after a dropped
 * answer, leaves one. The post's `likes` counter moves only when a row really appears or disappears, in
 * the same transaction, and clients only ever read it.
 *
 * Change log (as for find likes): a promotion changes the post's counter (a 'posts' upsert everyone
 * pulls) and the member's own promotion ('post_likes', logged with entity_id = the member's id and
 * uid = the post's uid, pulled only by that member so their other devices show "Promoted").
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { postLikes, posts } from '@schema/db/tables';
import type { PostLike, PostLikeStatus } from '@schema/contracts/forum';
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
import { postRow, requirePostRow } from './posts-service';
import type { RecordRef } from './shape';

export function likeStatus(store: Store, viewer: Viewer, postRef: RecordRef): PostLikeStatus {
  const post = requirePostRow(store, postRef);
  const liked =
    viewer !== null &&
    store
      .select({ id: postLikes.id })
      .from(postLikes)
      .where(and(eq(postLikes.userId, viewer.id), eq(postLikes.postId, post.id)))
      .get() !== undefined;
  return { isLiked: liked, likes: post.likes };
}

/**
 * Sets the member's promotion to `liked`. A missing post is 404 — except unpromoting with `missingOk`
 * (sync replays of an unpromote whose post was deleted meanwhile: there is nothing left to undo).
 */
export function setLike(
  store: Store,
  user: UserRow,
  postRef: RecordRef,
  liked: boolean,
  options: { missingOk?: boolean } = {},
): PostLikeStatus {
  return store.transaction((tx) => {
    const post = options.missingOk && !liked ? postRow(tx, postRef) : requirePostRow(tx, postRef);
    if (!post) return { isLiked: false, likes: 0 };
    const changed = liked
      ? tx.insert(postLikes).values({ userId: user.id, postId: post.id }).onConflictDoNothing().run().changes
      : tx
          .delete(postLikes)
          .where(and(eq(postLikes.userId, user.id), eq(postLikes.postId, post.id)))
          .run().changes;
    if (changed === 0) return { isLiked: liked, likes: post.likes };
    const updated = tx
      .update(posts)
      .set({ likes: sql`max(0, ${posts.likes} + ${liked ? 1 : -1})` })
      .where(eq(posts.id, post.id))
      .returning({ likes: posts.likes })
      .get();
    recordChange(tx, 'posts', post.id, post.uid, 'upsert');
    recordChange(tx, 'post_likes', user.id, post.uid, liked ? 'upsert' : 'delete');
    return { isLiked: liked, likes: updated?.likes ?? post.likes };
  });
}

/**
 * Pull loader: only the caller's own promotions (entity_id is the member). Other members' changes are
 * left out entirely (PROTOCOL.md S14) — they were never this caller's to hold.
 */
export function loadLikesForPull(store: Store, viewer: Viewer, refs: EntityRef[]): LoadedRows {
  const out: LoadedRows = new Map();
  if (viewer === null) return out;
  const own = refs.filter((r) => r.entityId === viewer.id && r.uid !== null);
  const found = new Map<string, PostLike>();
  for (const uids of chunked(own.map((r) => r.uid ?? ''))) {
    const rows = store
      .select({ uid: posts.uid, postId: posts.id, userId: postLikes.userId, createdAt: postLikes.createdAt })
      .from(postLikes)
      .innerJoin(posts, eq(posts.id, postLikes.postId))
      .where(and(eq(postLikes.userId, viewer.id), inArray(posts.uid, uids)))
      .all();
    for (const row of rows)
      found.set(row.uid, { uid: row.uid, postId: row.postId, userId: row.userId, created_at: row.createdAt });
  }
  for (const ref of own) {
    const like = ref.uid === null ? undefined : found.get(ref.uid);
    out.set(refKey(ref), like ? { id: ref.entityId, uid: like.uid, data: like, userIds: [] } : null);
  }
  return out;
}
