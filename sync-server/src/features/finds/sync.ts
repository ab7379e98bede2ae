/**
 * Finds as sync entities (sync-server/src/sync/PROTOCOL.md): how a queued offline write of a find, a
 * comment or a like is applied, through the same service functions as the REST routes, and how each is
 * loaded for a pull. Rejections are the REST route's HttpError (same code, same message), so the
 * member's "Not synced" list reads exactly like the online form would have.
 */
import {
  findCommentSchema,
  findCommentSyncCreatePayloadSchema,
  findSyncCreatePayloadSchema,
  findSyncUpdatePayloadSchema,
} from '@schema/contracts/finds';
import { HttpError } from '../../lib/errors';
import { parseWith } from '../../lib/validate';
import { requireBlobUrl } from '../../sync/blobs';
import type { ApplyOutcome, SyncEntityHandler } from '../../sync/registry';
import { addComment, deleteComment, loadCommentsForPull, updateComment } from './comments-service';
import { loadLikesForPull, setLike } from './likes-service';
import { createFind, deleteFind, loadFindsForPull, updateFind } from './service';

/**
 * S8: a write whose parent is gone (a comment on a find deleted — or never accepted — on the server)
 * is rejected as 'parent-missing' with the REST message, so the client can tell it from a bad input.
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

const applied = (id: number | undefined): ApplyOutcome =>
  id === undefined ? { status: 'applied' } : { status: 'applied', id };

export const findsSyncHandler: SyncEntityHandler = {
  entity: 'finds',
  apply({ store, user, mutation }) {
    const ref = { uid: mutation.uid };
    switch (mutation.op) {
      case 'create': {
        const { imageSha256, ...input } = parseWith(findSyncCreatePayloadSchema, mutation.payload);
        // The blob is looked up only for a new find: a replayed create answers duplicate even if its photo row is gone.
        const { find, created } = createFind(store, user, input, {
          uid: mutation.uid,
          image: () => requireBlobUrl(store, imageSha256),
        });
        return { status: created ? 'applied' : 'duplicate', id: find.id };
      }
      case 'update': {
        const { imageSha256, ...input } = parseWith(findSyncUpdatePayloadSchema, mutation.payload);
        const image = imageSha256 === undefined ? undefined : () => requireBlobUrl(store, imageSha256);
        return applied(updateFind(store, user, ref, input, image).id);
      }
      case 'delete':
        return applied(deleteFind(store, user, ref, { missingOk: true }));
    }
  },
  load: loadFindsForPull,
};

export const findCommentsSyncHandler: SyncEntityHandler = {
  entity: 'find_comments',
  apply({ store, user, mutation }) {
    const ref = { uid: mutation.uid };
    switch (mutation.op) {
      case 'create': {
        const { findUid, content } = parseWith(findCommentSyncCreatePayloadSchema, mutation.payload);
        const { comment, created } = parentRequired(() =>
          addComment(store, user, { uid: findUid.toLowerCase() }, { content }, mutation.uid),
        );
        return { status: created ? 'applied' : 'duplicate', id: comment.id };
      }
      case 'update':
        return applied(updateComment(store, user, ref, parseWith(findCommentSchema, mutation.payload)).id);
      case 'delete':
        return applied(deleteComment(store, user, ref, { missingOk: true }));
    }
  },
  load: loadCommentsForPull,
};

/** The mutation's uid is the liked find's uid; create = like, delete = unlike; update is meaningless. */
export const findLikesSyncHandler: SyncEntityHandler = {
  entity: 'find_likes',
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
        throw new HttpError(400, 'unsupported-operation', 'A like can only be added or removed.');
    }
  },
  load: loadLikesForPull,
};

export const findsSyncHandlers: readonly SyncEntityHandler[] = [
  findsSyncHandler,
  findCommentsSyncHandler,
  findLikesSyncHandler,
];
