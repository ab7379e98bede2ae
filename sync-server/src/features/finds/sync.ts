/**
 * Finds as a synced entity (sync-server/src/sync/PROTOCOL.md): how a queued offline write of a find is
 * applied, through the same service functions as the REST routes, and how finds are loaded for a pull.
 * Rejections are the REST route's HttpError (same code, same message), so the member's "Not synced" list
 * reads exactly like the online form would have. Comments and likes are the engagement module's
 * (findEngagement.syncEntities).
 *
 * Offline: the photo waits beside the queued find and is uploaded first (S9); until the server holds it
 * the find answers `photo-missing` (S10). On conflict, the last update wins per field (S17) and a delete
 * wins over a later update (`not-found`).
 */
import {
  findMessages,
  findSyncCreatePayloadSchema,
  findSyncUpdatePayloadSchema,
} from '@schema/contracts/finds';
import { OWNER_ONLY_RECORDING_FIELDS } from '@schema/contracts/find-recording';
import { finds } from '@schema/db/tables';
import { applied, createdOrDuplicate, writeOp, type SyncedEntity } from '../../sync/entity';
import { createFind, deleteFind, loadFindsForPull, updateFind } from './service';

export const findsEntity: SyncedEntity = {
  entity: 'finds',
  visibility: { rows: 'public', ownerOnlyFields: ['latitude', 'longitude', ...OWNER_ONLY_RECORDING_FIELDS] },
  // The finder's in `own`; every device holds the newest N (S26, S27).
  scope: { kind: 'owned', window: { scope: 'recent:finds', table: finds, id: finds.id, uid: finds.uid } },
  blobs: [{ field: 'imageSha256', missing: findMessages.imageRequired }],
  load: loadFindsForPull,
  write: {
    uid: 'record',
    create: writeOp(findSyncCreatePayloadSchema, async ({ store, user, mutation, blob }, payload) => {
      const { imageSha256, ...input } = payload;
      const image = blob('imageSha256', imageSha256);
      const { find, created } = await createFind(store, user, input, { uid: mutation.uid, image });
      return createdOrDuplicate(created, find.id);
    }),
    update: writeOp(findSyncUpdatePayloadSchema, async ({ store, user, ref, blob }, payload) => {
      const { imageSha256, ...input } = payload;
      const image = imageSha256 === undefined ? undefined : blob('imageSha256', imageSha256);
      return applied((await updateFind(store, user, ref, input, image)).id);
    }),
    delete: async ({ store, user, ref }) => applied(await deleteFind(store, user, ref, { missingOk: true })),
  },
};
