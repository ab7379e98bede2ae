/**
 * Follows as a synced entity (sync-server/src/sync/PROTOCOL.md; docs/product/social.md "Offline"): a queued
 * follow is a create of a `user_connections` row with the device's uid, a queued unfollow its delete,
 * applied through the same functions as `POST /api/social/follow`, so a rejection (following yourself, a
 * member who is gone) reads exactly like the online answer.
 *
 * Scope: the follower's in `own`. Followers of a member reach them through `GET /api/social/connections`
 * (docs/product/social.md "Offline").
 */
import { connectionSyncCreatePayloadSchema, socialMessages } from '@schema/contracts/social';
import { applied, createdOrDuplicate, unsupported, writeOp, type SyncedEntity } from '../../sync/entity';
import { deleteConnection, follow, loadConnectionsForPull } from './connections';

export const connectionsEntity: SyncedEntity = {
  entity: 'user_connections',
  visibility: { rows: 'public' },
  scope: { kind: 'owned' },
  load: loadConnectionsForPull,
  write: {
    uid: 'record',
    create: writeOp(connectionSyncCreatePayloadSchema, async ({ store, user, mutation }, input) => {
      const { connection, created } = await follow(store, user, input.followingId, { uid: mutation.uid });
      return createdOrDuplicate(created, connection.id);
    }),
    // A follow is made or removed, never edited.
    update: unsupported(socialMessages.updateFailed),
    delete: async ({ store, user, ref }) => applied(await deleteConnection(store, user, ref)),
  },
};
