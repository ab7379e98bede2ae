/**
 * The safe-return timer as jobs (docs/notifications.md "Safe return"; docs/jobs.md): rows with a due time,
 * so the alert goes out when the phone is flat, and after a restart, from whichever server claims it.
 *
 * - `safety.due` at the expected return: "Are you back?" to the member (push and e-mail);
 * - `safety.alert` SAFE_RETURN_GRACE_MINUTES later: the trip becomes `alerted` (once: the row is claimed
 *   in a transaction) and one `safety.contact-mail` job per AGREED contact is queued with it, so each
 *   contact's e-mail is retried on its own and sent once;
 * - checking in cancels both; extending moves both; after an alert, checking in sends the all-clear.
 *
 * Every handler re-reads the trip: a job for a trip checked in, deleted or extended since sends nothing
 * (its payload names the return time it was scheduled for).

 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { jobs, locations, notificationPreferences, safetyTrips, users } from '@schema/db/tables';
import { cancelJob, enqueueJob } from '../../lib/jobs/queue';
import { PermanentJobError, type JobContext, type JobHandler, type JobHandlers } from '../../lib/jobs/types';
import { sendPushToMember } from '../../lib/push/send';
import { first } from '../../lib/query';
import { recordChange } from '../../sync/changelog';
import type { Store } from '../../sync/registry';
import { nameFor } from '../../sync/visibility';
import { agreedContacts, askContact } from './contacts';
import { alertMail, backMail, formatTime, reminderMail, reminderPush } from './mails';
import { contactsOf, tripById, type TripRow } from './rows';

const dueKey = (tripId: number) => `safety-due:${tripId}`;
const alertKey = (tripId: number) => `safety-alert:${tripId}`;

const timerPayload = z.object({ tripId: z.number().int().positive(), expectedReturnAt: z.string() });
const contactPayload = z.object({
  tripId: z.number().int().positive(),
  email: z.string(),
  about: z.enum(['alert', 'back']),
});

function parsed<S extends z.ZodType>(schema: S, payload: unknown, kind: string): z.output<S> {
  const result = schema.safeParse(payload);
  if (!result.success) throw new PermanentJobError(`${kind}: malformed payload`);
  return result.data;
}

const alertTime = (expectedReturnAt: string, graceMinutes: number) =>
  new Date(Date.parse(expectedReturnAt) + graceMinutes * 60_000);

/**
 * Queues (or moves) a job under its key. A job that already ran keeps its key, and enqueueJob leaves a
 * finished job's key alone: an extension after the reminder went out needs a new reminder, so the finished
 * row goes first.
 */
async function reschedule(tx: Store, kind: string, payload: unknown, runAt: Date, key: string) {
  await tx.delete(jobs).where(and(eq(jobs.dedupeKey, key), inArray(jobs.state, ['done', 'failed'])));
  await enqueueJob(tx, kind, payload, { runAt, dedupeKey: key });
}

/** Schedules both jobs for the trip's expected return; call in the transaction that set it. */
export async function scheduleTimer(tx: Store, trip: TripRow, grace: number): Promise<void> {
  const payload = { tripId: trip.id, expectedReturnAt: trip.expectedReturnAt };
  await reschedule(tx, 'safety.due', payload, new Date(trip.expectedReturnAt), dueKey(trip.id));
  await reschedule(tx, 'safety.alert', payload, alertTime(trip.expectedReturnAt, grace), alertKey(trip.id));
}

export async function cancelTimer(tx: Store, tripId: number): Promise<void> {
  await cancelJob(tx, dueKey(tripId));
  await cancelJob(tx, alertKey(tripId));
}

/** Queues one e-mail per agreed contact of the trip (nobody else is ever written to). */
export async function mailContacts(tx: Store, trip: TripRow, about: 'alert' | 'back'): Promise<void> {
  for (const email of await agreedContacts(tx, trip.userId, contactsOf(trip)))
    await enqueueJob(
      tx,
      'safety.contact-mail',
      { tripId: trip.id, email, about },
      { dedupeKey: `safety-${about}-mail:${trip.id}:${email}` },
    );
}

async function memberOf(store: Store, userId: number) {
  const member = await first(
    store
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(eq(users.id, userId)),
  );
  if (!member) return undefined;
  const prefs = await first(
    store
      .select({ timeZone: notificationPreferences.timeZone })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId)),
  );
  return { ...member, timeZone: prefs?.timeZone ?? null };
}

/** The trip a timer job was scheduled for, if it is still under way with that return time. */
async function liveTrip(store: Store, payload: z.output<typeof timerPayload>) {
  const trip = await tripById(store, payload.tripId);
  if (!trip || trip.state !== 'active' || trip.expectedReturnAt !== payload.expectedReturnAt)
    return undefined;
  return trip;
}

/** `safety.due`: "Are you back?" by push (best effort) and e-mail (retried until it is sent). */
export const remindMember: JobHandler = async (payload, ctx) => {
  const job = parsed(timerPayload, payload, 'safety.due');
  const trip = await liveTrip(ctx.db, job);
  if (!trip) return;
  const grace = ctx.config.safeReturnGraceMinutes;
  const member = await memberOf(ctx.db, trip.userId);
  if (!member) return;
  const due = formatTime(trip.expectedReturnAt, member.timeZone);
  if (trip.remindedAt === null) await pushReminder(ctx, trip, due);
  await ctx.mailer.send(
    reminderMail({
      to: member.email,
      name: member.username,
      publicUrl: ctx.config.publicUrl,
      due,
      alertAt: formatTime(alertTime(trip.expectedReturnAt, grace).toISOString(), member.timeZone),
      agreed: await agreedContacts(ctx.db, trip.userId, contactsOf(trip)),
    }),
  );
};

/** The push goes once per return time; a failing push service never holds the e-mail back. */
async function pushReminder(ctx: JobContext, trip: TripRow, due: string): Promise<void> {
  await ctx.db
    .update(safetyTrips)
    .set({ remindedAt: ctx.now.toISOString() })
    .where(eq(safetyTrips.id, trip.id));
  try {
    await sendPushToMember(ctx, trip.userId, reminderPush(trip.id, due));
  } catch (err) {
    ctx.logger.warn({ err, tripId: trip.id }, 'safety reminder push failed');
  }
}

/** `safety.alert`: marks the trip alerted exactly once and queues the agreed contacts' e-mails with it. */
export const alertContacts: JobHandler = async (payload, ctx) => {
  const job = parsed(timerPayload, payload, 'safety.alert');
  await ctx.db.transaction(async (tx) => {
    if (!(await liveTrip(tx, job))) return;
    const [alerted] = await tx
      .update(safetyTrips)
      .set({ state: 'alerted', alertedAt: ctx.now.toISOString(), updatedAt: ctx.now.toISOString() })
      .where(
        and(eq(safetyTrips.id, job.tripId), eq(safetyTrips.state, 'active'), isNull(safetyTrips.alertedAt)),
      )
      .returning();
    if (!alerted) return;
    await recordChange(tx, 'safety_trips', alerted.id, alerted.uid, 'upsert', { ownerId: alerted.userId });
    await mailContacts(tx, alerted, 'alert');
  });
};

/** `safety.contact-mail`: one contact's alert or all-clear, if they still agree and it still holds. */
export const mailContact: JobHandler = async (payload, ctx) => {
  const job = parsed(contactPayload, payload, 'safety.contact-mail');
  const trip = await tripById(ctx.db, job.tripId);
  if (!trip || trip.state !== (job.about === 'alert' ? 'alerted' : 'back')) return;
  if ((await agreedContacts(ctx.db, trip.userId, [job.email])).length === 0) return;
  const member = await memberOf(ctx.db, trip.userId);
  if (!member) return;
  const name = nameFor(null, member.id, member.username);
  if (job.about === 'back') {
    const at = formatTime(trip.endedAt ?? ctx.now.toISOString(), member.timeZone);
    await ctx.mailer.send(backMail({ to: job.email, name, at }));
    return;
  }
  const spot = trip.spotId === null ? undefined : await spotOf(ctx.db, trip.spotId);
  const last = !trip.shareLastPosition
    ? 'not-shared'
    : trip.lastLatitude !== null && trip.lastLongitude !== null && trip.lastPositionAt !== null
      ? { latitude: trip.lastLatitude, longitude: trip.lastLongitude, at: trip.lastPositionAt }
      : null;
  await ctx.mailer.send(
    alertMail({
      to: job.email,
      name,
      publicUrl: ctx.config.publicUrl,
      due: formatTime(trip.expectedReturnAt, member.timeZone),
      graceMinutes: minutesLate(trip, ctx.config.safeReturnGraceMinutes),
      place: {
        spotName: spot?.name ?? null,
        latitude: trip.latitude ?? spot?.latitude ?? null,
        longitude: trip.longitude ?? spot?.longitude ?? null,
      },
      last,
      timeZone: member.timeZone,
    }),
  );
};

/** How late the member was when the alert went out (the grace, unless the worker ran late). */
function minutesLate(trip: TripRow, graceMinutes: number): number {
  const late = Math.round((Date.parse(trip.alertedAt ?? '') - Date.parse(trip.expectedReturnAt)) / 60_000);
  return Number.isFinite(late) && late > 0 ? late : graceMinutes;
}

async function spotOf(store: Store, spotId: number) {
  const row = await first(
    store
      .select({ name: locations.name, lat: locations.lat, lng: locations.lng })
      .from(locations)
      .where(eq(locations.id, spotId)),
  );
  return row ? { name: row.name, latitude: row.lat, longitude: row.lng } : undefined;
}

/** The feature's job kinds, listed in job-handlers.ts. */
export const safetyJobHandlers = {
  'safety.ask': askContact,
  'safety.due': remindMember,
  'safety.alert': alertContacts,
  'safety.contact-mail': mailContact,
} satisfies JobHandlers;
