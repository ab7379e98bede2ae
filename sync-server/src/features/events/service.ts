/**
 * Events: every query and rule (docs/product/events.md "Rules and messages", "Permissions"; docs/sync.md).
 * REST routes and sync push handlers call these same functions, so an offline write obeys the rules of an
 * online one. Every write runs in a transaction (nested in push's own as a savepoint) that also appends to
 * the change log, so pulls see exactly the writes that happened. Comments and attendance are the
 * engagement module's (engagement.ts); their counters move in their own transactions.
 */
import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { eventAttendees, events, users } from '@schema/db/tables';
import {
  eventMessages,
  type AttendanceStatus,
  type Event,
  type EventAttendee,
  type EventCreateInput,
  type EventUpdateInput,
} from '@schema/contracts/events';
import { toPublicUserFor } from '@schema/contracts/users';
import type { UserRow } from '../../lib/auth/user-row';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { first, insertedRow, namesNoField, returnedRow } from '../../lib/query';
import { integerBound } from '../../lib/sql';
import { recordChange } from '../../sync/changelog';
import { loadRowsById, whereRef } from '../../sync/registry';
import type { EntityRef, LoadedRows, RecordRef, Store, Viewer } from '../../sync/registry';
import { deleteOwnedRecord, ownRecordForCreate } from '../../sync/records';
import { eventCancelled, eventChanged } from '../../notifications/events';
import { eventEngagement } from './engagement';
import { toEvent, type EventRow } from './shape';

export { listEvents, isEventCursor, type EventCursor, type EventListQuery } from './list';

const byRef = (ref: RecordRef): SQL => whereRef(events, ref);

function selectEvents(store: Store) {
  return store
    .select({ event: events, username: users.username })
    .from(events)
    .innerJoin(users, eq(users.id, events.userId));
}

export async function eventRow(store: Store, ref: RecordRef): Promise<EventRow | undefined> {
  return first(store.select().from(events).where(byRef(ref)));
}

export async function getEvent(store: Store, ref: RecordRef, viewer: Viewer): Promise<Event> {
  const row = await first(selectEvents(store).where(byRef(ref)));
  if (!row) throw notFound(eventMessages.notFound);
  return toEvent(row.event, row.username, viewer);
}

/**
 * S4: the member's own event under this uid (a replayed create); another member's uid is a conflict.
 * Asked before the input is validated: a replay answers the stored event even once its date has passed.
 */
export async function existingEventForCreate(store: Store, user: UserRow, uid: string) {
  return ownRecordForCreate(await eventRow(store, { uid }), user, eventMessages.uidTaken);
}

export async function createEvent(
  store: Store,
  user: UserRow,
  input: EventCreateInput,
  options: { uid?: string | undefined } = {},
): Promise<{ event: Event; created: boolean }> {
  return store.transaction(async (tx) => {
    const existing = options.uid ? await existingEventForCreate(tx, user, options.uid) : undefined;
    if (existing) return { event: await getEvent(tx, { id: existing.id }, user), created: false };
    const row = await insertedRow(
      tx
        .insert(events)
        .values({
          uid: options.uid ?? uuidv7(),
          userId: user.id,
          title: input.title,
          description: input.description,
          location: input.location,
          eventDate: input.eventDate,
        })
        .returning(),
    );
    await recordChange(tx, 'events', row.id, row.uid, 'upsert', { ownerId: row.userId });
    // The organiser attends their own event: counted, listed first, and synced to their devices.
    await eventEngagement.likes.set(tx, user, { id: row.id }, true);
    return { event: await getEvent(tx, { id: row.id }, user), created: true };
  });
}

/** docs/product/events.md "Permissions": the organiser alone edits, decided from the session. */
export async function requireEditableEvent(store: Store, user: UserRow, ref: RecordRef): Promise<EventRow> {
  const row = await eventRow(store, ref);
  if (!row) throw notFound(eventMessages.notFound);
  if (row.userId !== user.id) throw forbidden(eventMessages.notOwner);
  return row;
}

/**
 * Only the fields given change (S17). A date that changes must be in the future; the stored date sent
 * back unchanged (a full PUT of a past event, to fix its description) is not a change.
 */
export async function updateEvent(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  input: EventUpdateInput,
): Promise<Event> {
  return store.transaction(async (tx) => {
    const row = await requireEditableEvent(tx, user, ref);
    if (namesNoField(input)) return getEvent(tx, { id: row.id }, user);
    const moved = input.eventDate !== undefined && input.eventDate !== row.eventDate;
    if (moved && Date.parse(input.eventDate ?? '') <= Date.now())
      throw badRequest(eventMessages.dateInFuture, { fields: { eventDate: eventMessages.dateInFuture } });
    const updated = await returnedRow(
      tx
        .update(events)
        .set({
          title: input.title,
          description: input.description === null ? '' : input.description,
          location: input.location,
          eventDate: input.eventDate,
          updatedAt: new Date().toISOString(),
        })
        .where(eq(events.id, row.id))
        .returning(),
    );
    if (!updated) throw notFound(eventMessages.notFound);
    await recordChange(tx, 'events', updated.id, updated.uid, 'upsert', { ownerId: updated.userId });
    await eventChanged(tx, row, updated, user.id);
    return toEvent(updated, user.username, user);
  });
}

/**
 * The organiser, or the official account as moderator. Comments and attendances go with the event
 * (foreign-key cascade); their removals are logged here so other devices drop them too (S13).
 * `missingOk`: a replayed or already-applied sync delete of a vanished event succeeds quietly (S8).
 */
export async function deleteEvent(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  options: { missingOk?: boolean } = {},
): Promise<number | undefined> {
  return store.transaction(async (tx) =>
    deleteOwnedRecord(tx, user, await eventRow(tx, ref), {
      ...options,
      entity: 'events',
      messages: { notFound: eventMessages.notFound, forbidden: eventMessages.notOwnerDelete },
      remove: async (row) => {
        await eventCancelled(tx, row, user.id);
        await eventEngagement.parentDeleted(tx, row);
        await tx.delete(events).where(eq(events.id, row.id));
      },
    }),
  );
}

/**
 * Join (`attending: true`, REST join and attend alike) or leave: idempotent per member, counted once
 * (a unique index per member and event), refused for an event that has started (engagement.ts).
 */
export async function setAttendance(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  attending: boolean,
): Promise<AttendanceStatus> {
  const status = await eventEngagement.likes.set(store, user, ref, attending);
  return { isAttending: status.isLiked, attendeeCount: status.likes };
}

export async function attendanceStatus(
  store: Store,
  viewer: Viewer,
  ref: RecordRef,
): Promise<AttendanceStatus> {
  const status = await eventEngagement.likes.status(store, viewer, ref);
  return { isAttending: status.isLiked, attendeeCount: status.likes };
}

/**
 * Who attends, in the order they joined — so the organiser, who attends from the event's creation, comes
 * first (`isOrganizer`): public profile fields only (never an e-mail address), names as `viewer` may see them.
 */
export async function listAttendees(
  store: Store,
  viewer: Viewer,
  ref: RecordRef,
  page: { after: number | null; limit: number },
): Promise<Array<EventAttendee & { attendanceId: number }>> {
  const event = await first(
    store.select({ id: events.id, organiser: events.userId }).from(events).where(byRef(ref)),
  );
  if (!event) throw notFound(eventMessages.notFound);
  const where = [eq(eventAttendees.eventId, event.id)];
  if (page.after !== null) where.push(gt(eventAttendees.id, integerBound(page.after)));
  const rows = await store
    .select({
      attendanceId: eventAttendees.id,
      joinedAt: eventAttendees.createdAt,
      id: users.id,
      username: users.username,
      avatarUrl: users.avatarUrl,
      bio: users.bio,
      createdAt: users.createdAt,
    })
    .from(eventAttendees)
    .innerJoin(users, eq(users.id, eventAttendees.userId))
    .where(and(...where))
    .orderBy(asc(eventAttendees.id))
    .limit(page.limit + 1);
  return rows.map((row) => ({
    ...toPublicUserFor(row, viewer?.id),
    joined_at: row.joinedAt,
    isOrganizer: row.id === event.organiser,
    attendanceId: row.attendanceId,
  }));
}

/** Pull loader: current events by id, one batched query per chunk; a missing id is a tombstone (S13). */
export async function loadEventsForPull(
  store: Store,
  viewer: Viewer,
  refs: EntityRef[],
): Promise<LoadedRows> {
  return loadRowsById(refs, async (ids) => {
    const rows = await selectEvents(store).where(inArray(events.id, ids));
    return rows.map((row) => {
      const event = toEvent(row.event, row.username, viewer);
      return { id: event.id, uid: event.uid, data: { ...event }, userIds: [event.userId] };
    });
  });
}
