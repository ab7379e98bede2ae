/**
 * Spots as a synced entity (sync-server/src/sync/PROTOCOL.md): how a queued offline write of a spot is
 * applied, through the same service functions as the REST routes, and how spots are loaded for a pull.
 * Rejections are the REST route's HttpError (same code, same message), so "Not synced" reads like the form.
 *
 * Visibility follows rules (docs/privacy.md): a private spot is its owner's alone; turning a spot private,
 * or deleting it, reaches every other member's next pull as a tombstone. Scope: the owner's spots in `own`
 * (all of them, private ones included); every device holds the newest N *shared* spots in
 * `recent:locations` (the window is made of shared rows only), and what it pinned. Offline, an import is
 * many creates pushed 100 to a request; on conflict the last update wins per field (S17) and a delete wins
 * over a later update (`not-found`).
 */
import { eq } from 'drizzle-orm';
import {
  locationSyncCreatePayloadSchema,
  locationSyncUpdatePayloadSchema,
} from '@schema/contracts/locations';
import { locations } from '@schema/db/tables';
import { applied, createdOrDuplicate, writeOp, type SyncedEntity, type WriteOp } from '../../sync/entity';
import {
  createLocation,
  deleteLocation,
  existingLocationForCreate,
  loadLocationsForPull,
  updateLocation,
} from './service';

const validatedCreate = writeOp(locationSyncCreatePayloadSchema, async ({ store, user, mutation }, input) => {
  const { location, created } = await createLocation(store, user, input, { uid: mutation.uid });
  return createdOrDuplicate(created, location.id);
});

/** S4 first: a replayed create is the same spot, whatever its payload says now. */
const create: WriteOp = async (ctx) => {
  const existing = await existingLocationForCreate(ctx.store, ctx.user, ctx.ref.uid);
  return existing ? createdOrDuplicate(false, existing.id) : validatedCreate(ctx);
};

export const locationsEntity: SyncedEntity = {
  entity: 'locations',
  visibility: { rows: 'rules', rule: 'a private spot is seen by its owner only' },
  scope: {
    kind: 'owned',
    window: {
      scope: 'recent:locations',
      table: locations,
      id: locations.id,
      uid: locations.uid,
      rows: eq(locations.isPrivate, false),
    },
  },
  load: loadLocationsForPull,
  write: {
    uid: 'record',
    create,
    update: writeOp(locationSyncUpdatePayloadSchema, async ({ store, user, ref }, input) =>
      applied((await updateLocation(store, user, ref, input)).id),
    ),
    delete: async ({ store, user, ref }) =>
      applied(await deleteLocation(store, user, ref, { missingOk: true })),
  },
};
