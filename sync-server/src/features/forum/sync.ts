/**
 * Posts and categories as synced entities (sync-server/src/sync/PROTOCOL.md S19–S24): how a queued
 * offline post is applied — through the same service functions as the REST routes — and how posts and
 * categories are loaded for a pull. Rejections are the REST route's HttpError (same code, same message),
 * so the member's "Not synced" list reads exactly like the online form would have. Comments and
 * promotions are the engagement module's (postEngagement.syncEntities).
 *
 * Offline, the web app shows the post at once, marked as waiting; these descriptors decide its fate when
 * the outbox reaches the server. Conflicts: a post deleted on the server wins over a queued write under
 * it (parent-missing, S8); a queued create replayed after a lost answer is `duplicate` (S3, S4); a post
 * whose category was removed meanwhile is rejected like the form (S20).
 */
import { forumMessages, postEditSchema, postSyncCreatePayloadSchema } from '@schema/contracts/forum';
import { posts } from '@schema/db/tables';
import { applied, createdOrDuplicate, writeOp, type SyncedEntity } from '../../sync/entity';
import { loadCategoriesForPull } from './categories-service';
import { editHiddenPost } from './post-edit';
import { createPost, deletePost, loadPostsForPull, requireStoredImage } from './posts-service';

export const postsEntity: SyncedEntity = {
  entity: 'posts',
  visibility: { rows: 'public' },
  // The author's in `own`; every device holds the newest N (S26, S27).
  scope: { kind: 'owned', window: { scope: 'recent:posts', table: posts, id: posts.id, uid: posts.uid } },
  // S23: the picture of a queued post is uploaded first (S9); until it is, the post waits as photo-missing.
  blobs: [{ field: 'imageSha256', missing: forumMessages.photoMissing }],
  load: loadPostsForPull,
  write: {
    uid: 'record',
    create: writeOp(postSyncCreatePayloadSchema, async ({ store, user, mutation, blob }, payload) => {
      const { imageSha256, imageUrl, ...input } = payload;
      // The photo is looked up only for a new post: a replayed create answers duplicate even if its blob row is gone.
      const image = imageSha256
        ? blob('imageSha256', imageSha256)
        : imageUrl
          ? () => requireStoredImage(store, imageUrl)
          : null;
      const { post, created } = await createPost(store, user, input, { uid: mutation.uid, image });
      return createdOrDuplicate(created, post.id);
    }),
    // A published post is edited only by its author while a moderator has it hidden (post-edit.ts); a
    // queued create is edited in the outbox instead.
    update: writeOp(postEditSchema, async ({ store, user, ref }, input) =>
      applied((await editHiddenPost(store, user, ref, input)).id),
    ),
    delete: async ({ store, user, ref }) => applied(await deletePost(store, user, ref, { missingOk: true })),
  },
};

/** Read-only: categories are made by the server; pulls carry their post counts (S21). */
export const categoriesEntity: SyncedEntity = {
  entity: 'categories',
  visibility: { rows: 'public' },
  // Few and read-only: every device holds them all (S31).
  scope: { kind: 'reference' },
  load: loadCategoriesForPull,
};
