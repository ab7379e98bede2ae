/**
 * Reminders before a permission expires (docs/permissions.md "Expiry reminders"), as the Treasure clock's
 * are made (finds/treasure-reminders.ts): 30, 7 and 1 day before the permission's expiry date, at 09:00
 * UK time, the spot's owner is told through the notifications (kind `permission-expiry`: in the app and by
 * push unless they chose otherwise). One job per spot and day (`permission-expiry:<locationId>:<expires>:<day>`),
 * written in the transaction of the spot's create or edit; when the expiry moves the waiting ones are
 * replaced, and when it is cleared, or the spot deleted, they are dropped. A job that runs checks again that
 * the spot still holds that expiry and that it has not passed, so a late or repeated run sends nothing wrong.
 */
import { and, eq, like } from 'drizzle-orm';
import { jobs, locationPermissions, locations } from '@schema/db/tables';
import { PERMISSION_EXPIRY_REMINDER_DAYS } from '@schema/contracts/locations';
import { addDays, daysLeft, isValidIsoDate, ukDate, UK_TIME_ZONE } from '@schema/contracts/treasure-dates';
import { instantAt } from '../../delivery/local-time';
import { enqueueJobs } from '../../lib/jobs/queue';
import { PermanentJobError, type JobHandler } from '../../lib/jobs/types';
import { first } from '../../lib/query';
import { notify } from '../../notifications/notify';
import { quoted } from '../../notifications/texts';
import type { Store } from '../../sync/registry';

/** The job kind job-handlers.ts registers permissionExpiryJob under. */
export const PERMISSION_EXPIRY_JOB = 'permission.expiry';
const REMINDER_TIME = '09:00';

const keyPrefix = (locationId: number) => `permission-expiry:${locationId}:`;

/** The days a reminder goes out for an expiry date, earliest first. */
export const expiryReminderDates = (expires: string): string[] =>
  PERMISSION_EXPIRY_REMINDER_DAYS.map((days) => addDays(expires, -days));

/** Drops the spot's reminders still waiting (an expiry cleared or moved, the spot deleted). */
export async function dropExpiryReminders(tx: Store, locationId: number): Promise<void> {
  await tx
    .delete(jobs)
    .where(and(like(jobs.dedupeKey, `${keyPrefix(locationId)}%`), eq(jobs.state, 'queued')));
}

/**
 * Called in the transaction of every write of a permission record, with the expiry before and after
 * (null: none). Does nothing unless it changed.
 */
export async function permissionExpiryChanged(
  tx: Store,
  locationId: number,
  before: string | null,
  after: string | null,
  now = new Date(),
): Promise<void> {
  if (before === after) return;
  await dropExpiryReminders(tx, locationId);
  if (!after || !isValidIsoDate(after)) return;
  const today = ukDate(now);
  const due = expiryReminderDates(after).filter((day) => day >= today);
  await enqueueJobs(
    tx,
    PERMISSION_EXPIRY_JOB,
    due.map((day) => {
      const at = instantAt(day, REMINDER_TIME, UK_TIME_ZONE);
      return {
        payload: { locationId, expires: after, day },
        // Set on a reminder day after nine: remind now rather than not at all.
        runAt: at > now ? at : now,
        dedupeKey: `${keyPrefix(locationId)}${after}:${day}`,
      };
    }),
  );
}

function reminderPayload(payload: unknown): { locationId: number; expires: string; day: string } {
  if (typeof payload === 'object' && payload !== null) {
    const fields = new Map(Object.entries(payload));
    const locationId = fields.get('locationId');
    const expires = fields.get('expires');
    const day = fields.get('day');
    if (Number.isSafeInteger(locationId) && isValidIsoDate(expires) && isValidIsoDate(day))
      return { locationId: Number(locationId), expires, day };
  }
  throw new PermanentJobError('A permission expiry reminder names a spot, its expiry and a day');
}

/** The reminder's words: the spot's name and how long is left, plainly. */
export function expiryTitle(spotName: string, daysBefore: number): string {
  const when = daysBefore === 1 ? 'tomorrow' : `in ${daysBefore} days`;
  return `Your permission for ${quoted(spotName)} expires ${when}`;
}

export const EXPIRY_BODY =
  'Ask the landowner to renew it, then update the expiry date on the spot. Print a new letter from the spot to sign.';

/** 'permission.expiry': sent only while the spot still holds that expiry, and before it has passed. */
export const permissionExpiryJob: JobHandler = async (payload, ctx) => {
  const { locationId, expires, day } = reminderPayload(payload);
  const daysBefore = daysLeft(expires, day);
  if (!(PERMISSION_EXPIRY_REMINDER_DAYS as readonly number[]).includes(daysBefore)) return;
  if (daysLeft(expires, ukDate(ctx.now)) < 0) return;
  await ctx.db.transaction(async (tx) => {
    const row = await first(
      tx
        .select({ location: locations, expiresOn: locationPermissions.expiresOn })
        .from(locations)
        .innerJoin(locationPermissions, eq(locationPermissions.locationId, locations.id))
        .where(eq(locations.id, locationId)),
    );
    if (!row || row.expiresOn !== expires) return;
    const spot = row.location;
    await notify(tx, {
      recipientId: spot.userId,
      kind: 'permission-expiry',
      actorId: null,
      entity: 'locations',
      entityId: spot.id,
      title: expiryTitle(spot.name, daysBefore),
      body: EXPIRY_BODY,
      url: `/map?spot=${spot.uid}`,
      // Once per spot, expiry and day: a job run twice does not remind twice; a renewed permission does.
      groupKey: `permission-expiry:${spot.id}:${expires}:${daysBefore}`,
    });
  });
};
