/**
 * The forum as sync entities (sync-server/src/sync/PROTOCOL.md S19–S24): how a queued offline write of a
 * post, a comment or a promotion is applied — through the same service functions as the REST routes —
 * and how each is loaded for a pull. Rejections are the REST route's HttpError (same code, same
 * message), so the member's "Not synced" list reads exactly like the online form would have.
 *
 * Offline, the web app shows the post at once, marked as waiting; these handlers decide its fate when the
 * outbox reaches the server. Conflicts: a post or comment deleted on the server wins over a queued write
 * under it (parent-missing, S8); a queued create replayed after a lost answer is `duplicate` (S3, S4);
 * counters are never written by clients, so two devices promoting at once both count (S17).
 */
import {
  forumMessages,
  postCommentSchema,
  postCommentSyncCreatePayloadSchema,
  postSyncCreatePayloadSchema,
} from '@schema/contracts/forum';
import { HttpError } from '../../lib/errors';
import { parseWith } from '../../lib/validate';
import { findBlob } from '../../sync/blobs';
import type { ApplyOutcome, Store, SyncEntityHandler } from '../../sync/registry';
import { loadCategoriesForPull } from './categories-service';
import { addComment, deleteComment, loadCommentsForPull, updateComment } from './comments-service';
import { loadLikesForPull, setLike } from './likes-service';
import { createPost, deletePost, loadPostsForPull, requireStoredImage } from './posts-service';

/**
 * S8: a write whose parent is gone (a comment on a post deleted — or never accepted — on the server)
 * is rejected as 'parent-missing' with the REST message ('Post not found').
 */
function parentRequired<T>(apply: () => T): T {
  try {
    return apply();
  } catch (err) {
    if (err instanceof HttpError && err.status === 404)
      throw new HttpError(404, 'parent-missing', err.message);
    throw err;
  }
}

/** S23: the picture of a queued post is uploaded first (S9); until it is, the post waits as photo-missing. */
function requirePostPhoto(store: Store, sha256: string): string {
  const ack = findBlob(store, sha256);
  if (!ack) throw new HttpError(400, 'photo-missing', forumMessages.photoMissing);
  return ack.url;
}

const applied = (id: number | undefined): ApplyOutcome =>
  id === undefined ? { status: 'applied' } : { status: 'applied', id };

export const postsSyncHandler: SyncEntityHandler = {
  entity: 'posts',
  apply({ store, user, mutation }) {
    switch (mutation.op) {
      case 'create': {
        const { imageSha256, imageUrl, ...input } = parseWith(postSyncCreatePayloadSchema, mutation.payload);
        // The photo is looked up only for a new post: a replayed create answers duplicate even if its blob row is gone.
        const image = imageSha256
          ? () => requirePostPhoto(store, imageSha256)
          : imageUrl
            ? () => requireStoredImage(store, imageUrl)
            : null;
        const { post, created } = createPost(store, user, input, { uid: mutation.uid, image });
        return { status: created ? 'applied' : 'duplicate', id: post.id };
      }
      case 'update':
        // The spec has no post editing (REST has no PUT /api/posts/{id}); the outbox edits a queued create instead.
        throw new HttpError(400, 'unsupported-operation', forumMessages.postNotEditable);
      case 'delete':
        return applied(deletePost(store, user, { uid: mutation.uid }, { missingOk: true }));
    }
  },
  load: loadPostsForPull,
};

export const commentsSyncHandler: SyncEntityHandler = {
  entity: 'comments',
  apply({ store, user, mutation }) {
    const ref = { uid: mutation.uid };
    switch (mutation.op) {
      case 'create': {
        const { postUid, content } = parseWith(postCommentSyncCreatePayloadSchema, mutation.payload);
        const { comment, created } = parentRequired(() =>
          addComment(store, user, { uid: postUid.toLowerCase() }, { content }, mutation.uid),
        );
        return { status: created ? 'applied' : 'duplicate', id: comment.id };
      }
      case 'update':
        return applied(updateComment(store, user, ref, parseWith(postCommentSchema, mutation.payload)).id);
      case 'delete':
        return applied(deleteComment(store, user, ref, { missingOk: true }));
    }
  },
  load: loadCommentsForPull,
};

/** The mutation's uid is the promoted post's uid; create = promote, delete = unpromote. */
export const postLikesSyncHandler: SyncEntityHandler = {
  entity: 'post_likes',
  apply({ store, user, mutation }) {
    const ref = { uid: mutation.uid };
    switch (mutation.op) {
      case 'create':
        parentRequired(() => setLike(store, user, ref, true));
        return { status: 'applied' };
      case 'delete':
        setLike(store, user, ref, false, { missingOk: true });
        return { status: 'applied' };
      case 'update':
        throw new HttpError(400, 'unsupported-operation', forumMessages.likeNotEditable);
    }
  },
  load: loadLikesForPull,
};

/** Read-only: categories are made by the server; pulls carry their post counts (S21). */
export const categoriesSyncHandler: SyncEntityHandler = {
  entity: 'categories',
  load: loadCategoriesForPull,
};

export const forumSyncHandlers: readonly SyncEntityHandler[] = [
  postsSyncHandler,
  commentsSyncHandler,
  postLikesSyncHandler,
  categoriesSyncHandler,
];
