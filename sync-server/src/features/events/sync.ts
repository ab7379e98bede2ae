/**
 * Events as a synced entity (sync-server/src/sync/PROTOCOL.md): how a queued offline write of an event is
 * applied, through the same service functions as the REST routes, and how events are loaded for a pull.
 * Rejections are the REST route's HttpError (same code, same message), so the member's "Not synced" list
 * reads exactly like the online form would have. Comments and attendance are the engagement module's
 * (eventEngagement.syncEntities).
 *
 * Offline: an event created without signal keeps its uid; its date is checked again when it arrives, so
 * one whose date passed meanwhile is refused 'Event date must be in the future' and waits for a new date.
 * On conflict the last update wins per field (S17) and a delete wins over a later update (`not-found`).
 * Scope: the organiser's in `own`, every device holds the newest N in `recent:events` (S26, S27).
 */
import { eventSyncCreatePayloadSchema, eventSyncUpdatePayloadSchema } from '@schema/contracts/events';
import { events } from '@schema/db/tables';
import { applied, createdOrDuplicate, writeOp, type SyncedEntity, type WriteOp } from '../../sync/entity';
import { createEvent, deleteEvent, existingEventForCreate, loadEventsForPull, updateEvent } from './service';

const validatedCreate = writeOp(eventSyncCreatePayloadSchema, async ({ store, user, mutation }, input) => {
  const { event, created } = await createEvent(store, user, input, { uid: mutation.uid });
  return createdOrDuplicate(created, event.id);
});

/** S4 first: a create replayed after its date has passed is still the same event, not a refusal. */
const create: WriteOp = async (ctx) => {
  const existing = await existingEventForCreate(ctx.store, ctx.user, ctx.ref.uid);
  return existing ? createdOrDuplicate(false, existing.id) : validatedCreate(ctx);
};

export const eventsEntity: SyncedEntity = {
  entity: 'events',
  visibility: { rows: 'public' },
  scope: { kind: 'owned', window: { scope: 'recent:events', table: events, id: events.id, uid: events.uid } },
  load: loadEventsForPull,
  write: {
    uid: 'record',
    create,
    update: writeOp(eventSyncUpdatePayloadSchema, async ({ store, user, ref }, input) =>
      applied((await updateEvent(store, user, ref, input)).id),
    ),
    delete: async ({ store, user, ref }) => applied(await deleteEvent(store, user, ref, { missingOk: true })),
  },
};
