/**
 * Stories as a synced entity (sync-server/src/sync/PROTOCOL.md): how a queued offline write of a story is
 * applied, through the same service functions as the REST routes, and how stories are loaded for a pull.
 * Rejections are the REST route's HttpError (same code, same message), so the member's "Not synced" list
 * reads exactly like the online dialog would have. Comments and likes are the engagement module's
 * (storyEngagement.syncEntities).
 *
 * Offline: a story shared without signal keeps its uid; a replayed create answers the stored story (S4).
 * On conflict the last update wins per field (S17) and a delete wins over a later update (`not-found`).
 * Scope: the author's in `own`, every device holds the newest N in `recent:stories` (S26, S27).
 */
import { storySyncCreatePayloadSchema, storySyncUpdatePayloadSchema } from '@schema/contracts/stories';
import { stories } from '@schema/db/tables';
import { applied, createdOrDuplicate, writeOp, type SyncedEntity } from '../../sync/entity';
import { createStory, deleteStory, loadStoriesForPull, updateStory } from './service';

export const storiesEntity: SyncedEntity = {
  entity: 'stories',
  visibility: { rows: 'public' },
  scope: {
    kind: 'owned',
    window: { scope: 'recent:stories', table: stories, id: stories.id, uid: stories.uid },
  },
  load: loadStoriesForPull,
  write: {
    uid: 'record',
    create: writeOp(storySyncCreatePayloadSchema, async ({ store, user, mutation }, input) => {
      const { story, created } = await createStory(store, user, input, { uid: mutation.uid });
      return createdOrDuplicate(created, story.id);
    }),
    update: writeOp(storySyncUpdatePayloadSchema, async ({ store, user, ref }, input) =>
      applied((await updateStory(store, user, ref, input)).id),
    ),
    delete: async ({ store, user, ref }) => applied(await deleteStory(store, user, ref, { missingOk: true })),
  },
};
