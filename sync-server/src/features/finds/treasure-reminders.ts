/**
 * The Treasure clock's reminders (docs/treasure.md "Reminders"): while a find is marked possible Treasure,
 * its finder is reminded on days 1, 7, 12 and 14 of the reporting period, at 09:00 UK time, through the
 * notifications (in the app, by push and by e-mail). One job per find and day
 * (`treasure-reminder:<findId>:<day>`), all four written in the transaction that marked the find; when the
 * find's days move (found or realised on another day) the waiting ones are replaced, and when it is
 * reported, cleared or deleted they are dropped. A job that runs checks again that the find is still
 * possible Treasure and that its day is still one of the find's reminder days, so a late or repeated run
 * sends nothing wrong.
 */
import { and, eq, like } from 'drizzle-orm';
import { finds, jobs } from '@schema/db/tables';
import { reminderDates, treasureDeadline, ukDate, UK_TIME_ZONE, daysLeft } from '@schema/contracts/treasure';
import { instantAt } from '../../delivery/local-time';
import { enqueueJobs } from '../../lib/jobs/queue';
import { PermanentJobError, type JobHandler } from '../../lib/jobs/types';
import { first } from '../../lib/query';
import { notify } from '../../notifications/notify';
import { quoted } from '../../notifications/texts';
import type { Store } from '../../sync/registry';

/** The job kind job-handlers.ts registers treasureReminderJob under. */
export const TREASURE_REMINDER_JOB = 'treasure.reminder';
const REMINDER_TIME = '09:00';

const keyPrefix = (findId: number) => `treasure-reminder:${findId}:`;

type ClockFields = Pick<
  typeof finds.$inferSelect,
  'id' | 'userId' | 'treasureStatus' | 'foundOn' | 'treasureRealisedOn' | 'createdAt'
>;

const foundOnOf = (find: ClockFields) => find.foundOn ?? ukDate(new Date(find.createdAt));
const clockOf = (find: ClockFields | null) =>
  find && find.treasureStatus === 'possible' ? `${foundOnOf(find)}|${find.treasureRealisedOn ?? ''}` : '';

async function dropWaitingReminders(tx: Store, findId: number): Promise<void> {
  await tx.delete(jobs).where(and(like(jobs.dedupeKey, `${keyPrefix(findId)}%`), eq(jobs.state, 'queued')));
}

/**
 * Called in the transaction of every write of a find, with the row before (null on create) and after (null
 * on delete). Does nothing unless the clock changed: marked or unmarked possible, or its days moved.
 */
export async function treasureClockChanged(
  tx: Store,
  before: ClockFields | null,
  after: ClockFields | null,
  now = new Date(),
): Promise<void> {
  if (clockOf(before) === clockOf(after)) return;
  const findId = (after ?? before)?.id;
  if (findId === undefined) return;
  await dropWaitingReminders(tx, findId);
  if (!after || after.treasureStatus !== 'possible') return;
  const today = ukDate(now);
  const due = reminderDates(foundOnOf(after), after.treasureRealisedOn).filter((day) => day >= today);
  await enqueueJobs(
    tx,
    TREASURE_REMINDER_JOB,
    due.map((day) => {
      const at = instantAt(day, REMINDER_TIME, UK_TIME_ZONE);
      return {
        payload: { findId, day },
        // Marked on the day itself after nine: remind now rather than not at all.
        runAt: at > now ? at : now,
        dedupeKey: `${keyPrefix(findId)}${day}`,
      };
    }),
  );
}

function reminderPayload(payload: unknown): { findId: number; day: string } {
  if (typeof payload === 'object' && payload !== null) {
    const fields = new Map(Object.entries(payload));
    const findId = fields.get('findId');
    const day = fields.get('day');
    if (Number.isSafeInteger(findId) && typeof day === 'string') return { findId: Number(findId), day };
  }
  throw new PermanentJobError('A Treasure reminder names a find and a day');
}

/** The reminder's words: how long is left, plainly; the last day said as such. */
export function reminderTitle(title: string, deadline: string, today: string): string {
  const left = daysLeft(deadline, today);
  if (left <= 0) return `Today is the last day to report ${quoted(title)} as possible Treasure`;
  return `Report ${quoted(title)} as possible Treasure: ${left} ${left === 1 ? 'day' : 'days'} left`;
}

/** 'treasure.reminder': sent only while the find is still possible Treasure and the day still its own. */
export const treasureReminderJob: JobHandler = async (payload, ctx) => {
  const { findId, day } = reminderPayload(payload);
  await ctx.db.transaction(async (tx) => {
    const find = await first(tx.select().from(finds).where(eq(finds.id, findId)));
    if (!find || find.treasureStatus !== 'possible') return;
    const foundOn = foundOnOf(find);
    if (!reminderDates(foundOn, find.treasureRealisedOn).includes(day)) return;
    const deadline = treasureDeadline(foundOn, find.treasureRealisedOn);
    await notify(tx, {
      recipientId: find.userId,
      kind: 'treasure-reminder',
      actorId: null,
      entity: 'finds',
      entityId: find.id,
      title: reminderTitle(find.title, deadline, day),
      body: 'Your Finds Liaison Officer can report it for you. Mark it reported in DigQuest once it is done.',
      url: '/finds/reporting',
      // Once per find and day: a job run twice does not remind twice.
      groupKey: `treasure-reminder:${find.id}:${day}`,
    });
  });
};
