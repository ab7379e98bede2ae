/**
 * What events notify (docs/notifications.md "What notifies"): their attendees hear when the organiser
 * changes what they plan around (title, date and time, place — not the description or a counter) or
 * cancels (deletes) the event, and each attendee gets a reminder 24 hours before the start. A reminder is
 * a job with a due time (lib/jobs), one per event and attendee (`event-reminder:<eventId>:<userId>`):
 * scheduled on joining, cancelled on leaving, moved when the date moves; when it runs it checks again that
 * the event still exists, has not started and is still attended by the member.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { eventAttendees, events, jobs } from '@schema/db/tables';
import { formatEventFullDate } from '@schema/contracts/events-dates';
import { cancelJob, enqueueJob, enqueueJobs } from '../lib/jobs/queue';
import { PermanentJobError, type JobHandler } from '../lib/jobs/types';
import { first } from '../lib/query';
import type { Store } from '../sync/registry';
import { notify, notifyMany } from './notify';
import { preview, quoted } from './texts';

/** The job kind job-handlers.ts registers eventReminderJob under. */
export const EVENT_REMINDER_JOB = 'event.reminder';
const REMINDER_BEFORE_MS = 24 * 3_600_000;
/** Dates are shown on the UK's clock, as the events pages do. */
const TIME_ZONE = 'Europe/London';

export const reminderKey = (eventId: number, userId: number) => `event-reminder:${eventId}:${userId}`;

interface EventFields {
  id: number;
  title: string;
  location: string | null;
  eventDate: string;
}

const whenAndWhere = (event: EventFields) =>
  preview(
    [formatEventFullDate(event.eventDate, TIME_ZONE), event.location].filter((part) => part).join(' · '),
  );

async function attendeesOf(tx: Store, eventId: number): Promise<number[]> {
  const rows = await tx
    .select({ userId: eventAttendees.userId })
    .from(eventAttendees)
    .where(eq(eventAttendees.eventId, eventId));
  return rows.map((row) => row.userId);
}

/**
 * Schedules (or moves) the member's reminder of the event. None when the start is less than 24 hours away:
 * a member who joins on the day needs no "tomorrow". A reminder that already ran for an earlier date is
 * cleared first, so a moved event reminds again.
 */
export async function scheduleEventReminder(
  tx: Store,
  eventId: number,
  userId: number,
  eventDate?: string,
): Promise<void> {
  const date =
    eventDate ??
    (await first(tx.select({ eventDate: events.eventDate }).from(events).where(eq(events.id, eventId))))
      ?.eventDate;
  const key = reminderKey(eventId, userId);
  const runAt = date === undefined ? NaN : Date.parse(date) - REMINDER_BEFORE_MS;
  if (!(runAt > Date.now())) return cancelJob(tx, key);
  await tx.delete(jobs).where(and(eq(jobs.dedupeKey, key), inArray(jobs.state, ['done', 'failed'])));
  await enqueueJob(tx, EVENT_REMINDER_JOB, { eventId, userId }, { runAt: new Date(runAt), dedupeKey: key });
}

export async function cancelEventReminder(tx: Store, eventId: number, userId: number): Promise<void> {
  await cancelJob(tx, reminderKey(eventId, userId));
}

/** The organiser's edit: called with the event before and after, in the edit's transaction. */
export async function eventChanged(
  tx: Store,
  before: EventFields,
  after: EventFields,
  actorId: number,
): Promise<void> {
  const changed = [
    before.title !== after.title ? 'title' : null,
    Date.parse(before.eventDate) !== Date.parse(after.eventDate) ? 'date and time' : null,
    (before.location ?? '') !== (after.location ?? '') ? 'place' : null,
  ].filter((what) => what !== null);
  if (changed.length === 0) return;
  const attendees = await attendeesOf(tx, after.id);
  await notifyMany(
    tx,
    attendees.map((userId) => ({
      recipientId: userId,
      kind: 'event-changed' as const,
      actorId,
      entity: 'events',
      entityId: after.id,
      title: `${quoted(after.title)} has changed: new ${changed.join(', ')}`,
      body: whenAndWhere(after),
      url: `/events/${after.id}`,
      groupKey: null,
    })),
  );
  if (changed.includes('date and time'))
    await rescheduleEventReminders(tx, after.id, attendees, after.eventDate);
}

/** The event is deleted: called before its attendances go, in the delete's transaction. */
export async function eventCancelled(tx: Store, event: EventFields, actorId: number): Promise<void> {
  const attendees = await attendeesOf(tx, event.id);
  await cancelEventReminders(tx, event.id, attendees);
  await notifyMany(
    tx,
    attendees.map((userId) => ({
      recipientId: userId,
      kind: 'event-cancelled' as const,
      actorId,
      entity: 'events',
      entityId: event.id,
      title: `${quoted(event.title)} has been cancelled`,
      body: whenAndWhere(event),
      url: '/events',
      groupKey: `event-cancelled:${event.id}`,
    })),
  );
}

/** Every attendee's reminder moved to the event's new date, in a few statements (see notifyMany). */
async function rescheduleEventReminders(
  tx: Store,
  eventId: number,
  userIds: readonly number[],
  eventDate: string,
): Promise<void> {
  const runAt = Date.parse(eventDate) - REMINDER_BEFORE_MS;
  if (!(runAt > Date.now())) return cancelEventReminders(tx, eventId, userIds);
  const keys = userIds.map((userId) => reminderKey(eventId, userId));
  // A reminder that already ran (for the earlier date) is cleared, so the moved event reminds again.
  for (let i = 0; i < keys.length; i += 500)
    await tx
      .delete(jobs)
      .where(and(inArray(jobs.dedupeKey, keys.slice(i, i + 500)), inArray(jobs.state, ['done', 'failed'])));
  await enqueueJobs(
    tx,
    EVENT_REMINDER_JOB,
    userIds.map((userId) => ({
      payload: { eventId, userId },
      runAt: new Date(runAt),
      dedupeKey: reminderKey(eventId, userId),
    })),
  );
}

async function cancelEventReminders(tx: Store, eventId: number, userIds: readonly number[]): Promise<void> {
  const keys = userIds.map((userId) => reminderKey(eventId, userId));
  for (let i = 0; i < keys.length; i += 500)
    await tx
      .delete(jobs)
      .where(and(inArray(jobs.dedupeKey, keys.slice(i, i + 500)), eq(jobs.state, 'queued')));
}

function reminderPayload(payload: unknown): { eventId: number; userId: number } {
  if (typeof payload === 'object' && payload !== null) {
    const fields = new Map(Object.entries(payload));
    const eventId = fields.get('eventId');
    const userId = fields.get('userId');
    if (Number.isSafeInteger(eventId) && Number.isSafeInteger(userId))
      return { eventId: Number(eventId), userId: Number(userId) };
  }
  throw new PermanentJobError('An event reminder names an event and a member');
}

/**
 * 'event.reminder': the member is reminded only if they still attend an event that still exists, has not
 * started, and has not moved later (its own reminder is then scheduled for the new date).
 */
export const eventReminderJob: JobHandler = async (payload, ctx) => {
  const { eventId, userId } = reminderPayload(payload);
  await ctx.db.transaction(async (tx) => {
    const event = await first(tx.select().from(events).where(eq(events.id, eventId)));
    if (!event) return;
    const start = Date.parse(event.eventDate);
    const now = ctx.now.getTime();
    if (!(start > now) || start - REMINDER_BEFORE_MS > now + 60_000) return;
    const attends = await first(
      tx
        .select({ id: eventAttendees.id })
        .from(eventAttendees)
        .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId))),
    );
    if (!attends) return;
    await notify(tx, {
      recipientId: userId,
      kind: 'event-reminder',
      actorId: null,
      entity: 'events',
      entityId: eventId,
      title: `Reminder: ${quoted(event.title)} is coming up`,
      body: whenAndWhere(event),
      url: `/events/${eventId}`,
      // Once per event date: a moved event reminds again, a job run twice does not.
      groupKey: `event-reminder:${eventId}:${event.eventDate}`,
    });
  });
};
