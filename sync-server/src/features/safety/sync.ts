/**
 * Safe-return trips as a synced entity (PROTOCOL.md entities table, `safety_trips`): a trip started without
 * signal is queued on the device and started — its timer scheduled — when it reaches the server, through
 * the REST routes' own service functions. Its return time is judged by the server's clock on arrival, so
 * a trip that arrives after its time is refused with the form's message.
 *
 * - create: the start (`tripCreateSchema`; the uid is the device's); a replay is `duplicate` (S4);
 * - update: `{ action: 'checkin' }`, `{ action: 'extend', minutes }` or `{ action: 'position', latitude,
 *   longitude }` (`tripSyncUpdateSchema`);
 * - delete: removes the trip (and its timer);
 * - member-only, in the member's `own` scope: nobody else ever pulls one.
 */
import { tripCreateSchema, tripSyncUpdateSchema } from '@schema/contracts/safety';
import {
  applied,
  createdOrDuplicate,
  writeOp,
  type SyncedEntity,
  type WriteContext,
  type WriteOp,
} from '../../sync/entity';
import {
  checkIn,
  deleteTrip,
  existingTripForCreate,
  extendTrip,
  loadTripsForPull,
  recordPosition,
  startTrip,
} from './service';

/** The server's grace period, so a trip from a device's queue is timed like one started online. */
const grace = (config: WriteContext['config']) => ({ graceMinutes: config.safeReturnGraceMinutes });

const validatedCreate = writeOp(tripCreateSchema, async ({ store, user, mutation, config }, input) => {
  const { trip, created } = await startTrip(store, user, input, { uid: mutation.uid, ...grace(config) });
  return createdOrDuplicate(created, trip.id);
});

/** S4 first: a replayed start is the same trip, even once its return time has passed. */
const create: WriteOp = async (ctx) => {
  const existing = await existingTripForCreate(ctx.store, ctx.user, ctx.ref.uid);
  return existing ? createdOrDuplicate(false, existing.id) : validatedCreate(ctx);
};

const update = writeOp(tripSyncUpdateSchema, async ({ store, user, ref, config }, change) => {
  switch (change.action) {
    case 'checkin':
      return applied((await checkIn(store, user, ref)).id);
    case 'extend':
      return applied((await extendTrip(store, user, ref, change.minutes, grace(config))).id);
    case 'position':
      return applied((await recordPosition(store, user, ref, change)).id);
  }
});

export const safetyTripsEntity: SyncedEntity = {
  entity: 'safety_trips',
  visibility: { rows: 'member-only' },
  scope: { kind: 'owned' },
  load: loadTripsForPull,
  write: {
    uid: 'record',
    create,
    update,
    delete: async ({ store, user, ref }) => applied(await deleteTrip(store, user, ref, { missingOk: true })),
  },
};
