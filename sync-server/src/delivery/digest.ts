/**
 * The daily message digest (docs/notifications.md "E-mail"): a member who chose it gets at most one e-mail a
 * day, at 18:00 in their time zone, naming who wrote the messages they have not read yet (never the text).
 * Each message schedules that day's 'email.digest' job under the key `digest:<userId>:<local date>`, so
 * all of a day's messages share one job; one arriving after 18:00 goes into the next day's.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { notifications } from '@schema/db/tables';
import type { NotificationPreferences } from '@schema/contracts/notifications';
import type { Store } from '../lib/db';
import { enqueueJob } from '../lib/jobs/queue';
import { PermanentJobError, type JobHandler } from '../lib/jobs/types';
import { sendNotificationEmail, shownNames } from './email';
import { DEFAULT_TIME_ZONE, instantAt, minutesOf, nextDate, wallTime } from './local-time';
import { readPreferences } from './preferences';

export const DIGEST_TIME = '18:00';

/** Queues (once per local day) the digest that will list this message's sender. */
export async function scheduleDigest(
  store: Store,
  userId: number,
  now: Date,
  prefs: Pick<NotificationPreferences, 'timeZone'>,
): Promise<void> {
  const timeZone = prefs.timeZone ?? DEFAULT_TIME_ZONE;
  const local = wallTime(now, timeZone);
  const date = local.minutes < minutesOf(DIGEST_TIME) ? local.date : nextDate(local.date);
  await enqueueJob(
    store,
    'email.digest',
    { userId, date },
    {
      runAt: instantAt(date, DIGEST_TIME, timeZone),
      dedupeKey: `digest:${userId}:${date}`,
    },
  );
}

const digestPayload = z.object({ userId: z.number().int().positive(), date: z.string() });

export const sendDigest: JobHandler = async (payload, ctx) => {
  const parsed = digestPayload.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError(`malformed payload: ${JSON.stringify(payload)}`);
  const { userId } = parsed.data;
  const prefs = await readPreferences(ctx.db, userId);
  // Changed their mind since: e-mail off for messages, or one e-mail each instead of the digest.
  if (!prefs.channels.message.email || !prefs.messageDigest) return;
  const unread = await ctx.db
    .select({ actorId: notifications.actorId, count: notifications.count })
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), eq(notifications.kind, 'message'), isNull(notifications.readAt)),
    )
    .orderBy(asc(notifications.id));
  if (unread.length === 0) return;
  const perSender = new Map<number | null, number>();
  for (const row of unread) perSender.set(row.actorId, (perSender.get(row.actorId) ?? 0) + row.count);
  const names = await shownNames(
    ctx.db,
    [...perSender.keys()].filter((id): id is number => id !== null),
  );
  const total = [...perSender.values()].reduce((sum, n) => sum + n, 0);
  const lines = [...perSender].map(
    ([actorId, count]) =>
      `- ${(actorId !== null && names.get(actorId)) || 'A former member'}: ${count} ${count === 1 ? 'message' : 'messages'}`,
  );
  await sendNotificationEmail(ctx, {
    userId,
    kind: 'message',
    subject: `You have ${total} unread ${total === 1 ? 'message' : 'messages'} on DigQuest`,
    lines: [`Unread messages from:\n${lines.join('\n')}`],
    url: '/notifications',
  });
};
