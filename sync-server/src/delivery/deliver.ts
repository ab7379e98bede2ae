/**
 * Delivering a notification beyond the app (docs/notifications.md "Push" and "E-mail"), as jobs:
 *   'notification.deliver' { notificationId, pushOnly? }  queued by notify when the notification is made
 *   'notification.email'   { notificationId }             one e-mail, queued by the above
 * The in-app copy needs nothing: the notification is a synced row. Push goes now, or at the end of the
 * member's quiet hours (when the notification is still unread then). E-mail becomes a job of its own, so
 * a push service that fails (and makes this job retry) neither delays nor repeats the e-mail; messages with
 * the daily digest on join that day's digest job instead (digest.ts).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { notifications } from '@schema/db/tables';
import {
  notificationKinds,
  type NotificationKind,
  type NotificationPreferences,
  type PushPayload,
} from '@schema/contracts/notifications';
import type { Deps } from '../deps';
import { enqueueJob } from '../lib/jobs/queue';
import { PermanentJobError, type JobContext, type JobHandler } from '../lib/jobs/types';
import { first } from '../lib/query';
import { sendPushToMember } from '../lib/push/send';
import { scheduleDigest } from './digest';
import { sendNotificationEmail, shownNames } from './email';
import { quietHoursEnd } from './local-time';
import { readPreferences } from './preferences';

type NotificationRow = typeof notifications.$inferSelect;

const deliverPayload = z.object({
  notificationId: z.number().int().positive(),
  /** Set on the job queued for the end of quiet hours: its e-mail was already taken care of. */
  pushOnly: z.boolean().optional(),
});

const isKind = (kind: string): kind is NotificationKind =>
  (notificationKinds as readonly string[]).includes(kind);

/**
 * The notification and its member's preferences, if it still needs delivering: it exists and the member
 * has not read it. A kind with in-app off is created already read (notify), for push and e-mail alone:
 * read at the moment it was made, it still counts as unread here.
 */
async function pendingNotification(deps: Deps, id: number) {
  const row = await first(deps.db.select().from(notifications).where(eq(notifications.id, id)));
  if (!row || !isKind(row.kind)) return undefined;
  const prefs = await readPreferences(deps.db, row.userId);
  const createdRead = row.readAt === row.createdAt && !prefs.channels[row.kind].inApp;
  if (row.readAt !== null && !createdRead) return undefined;
  return { n: { ...row, kind: row.kind }, prefs };
}

function parse<S extends z.ZodType>(schema: S, payload: unknown): z.output<S> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError(`malformed payload: ${JSON.stringify(payload)}`);
  return parsed.data;
}

/**
 * What the lock screen may show. A message says only who wrote unless the member turned previews on:
 * the text of a private message is not for whoever picks up the phone.
 */
async function visibleContent(
  deps: Deps,
  n: NotificationRow,
  prefs: NotificationPreferences,
): Promise<{ title: string; body: string }> {
  if (n.kind !== 'message' || prefs.previews) return { title: n.title, body: n.body };
  const name = n.actorId === null ? undefined : (await shownNames(deps.db, [n.actorId])).get(n.actorId);
  return { title: name ? `New message from ${name}` : 'New message', body: '' };
}

/** Repeats of one notification (likes counted up) share a tag, so the newer replaces the older. */
const tagOf = (n: NotificationRow): string => `notification-${n.groupKey ?? n.id}`;

async function pushNow(
  ctx: JobContext,
  n: NotificationRow & { kind: NotificationKind },
  prefs: NotificationPreferences,
) {
  const later = quietHoursEnd(ctx.now, prefs);
  if (later) {
    await enqueueJob(
      ctx.db,
      'notification.deliver',
      { notificationId: n.id, pushOnly: true },
      {
        runAt: later,
        dedupeKey: `push-after-quiet:${n.id}`,
      },
    );
    return;
  }
  const payload: PushPayload = {
    ...(await visibleContent(ctx, n, prefs)),
    url: n.url,
    tag: tagOf(n),
    kind: n.kind,
  };
  await sendPushToMember(ctx, n.userId, payload);
}

export const deliverNotification: JobHandler = async (payload, ctx) => {
  const { notificationId, pushOnly } = parse(deliverPayload, payload);
  const pending = await pendingNotification(ctx, notificationId);
  if (!pending) return;
  const { n, prefs } = pending;
  const choice = prefs.channels[n.kind];
  // E-mail first, as a job with a key: when the push below fails and this job runs again, it is not
  // queued twice.
  if (!pushOnly && choice.email) {
    if (n.kind === 'message' && prefs.messageDigest) await scheduleDigest(ctx.db, n.userId, ctx.now, prefs);
    else
      await enqueueJob(
        ctx.db,
        'notification.email',
        { notificationId: n.id },
        {
          runAt: ctx.now,
          dedupeKey: `email:${n.id}`,
        },
      );
  }
  if (choice.push) await pushNow(ctx, n, prefs);
};

const emailPayload = z.object({ notificationId: z.number().int().positive() });

export const emailNotification: JobHandler = async (payload, ctx) => {
  const { notificationId } = parse(emailPayload, payload);
  const pending = await pendingNotification(ctx, notificationId);
  if (!pending) return;
  const { n, prefs } = pending;
  // Turned off (or unsubscribed) since the notification was made.
  if (!prefs.channels[n.kind].email) return;
  const { title, body } = await visibleContent(ctx, n, prefs);
  await sendNotificationEmail(ctx, {
    userId: n.userId,
    kind: n.kind,
    subject: title,
    lines: body ? [title, body] : [title],
    url: n.url,
  });
};
