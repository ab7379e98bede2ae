/**
 * Creating notifications (docs/notifications.md "What notifies"): the one function every act calls, in the
 * transaction of the act, so a notification exists exactly when its cause committed. The rules live here
 * and nowhere else:
 * - never about a member's own act (recipient = actor);
 * - never about a member the recipient blocked (user_blocks: the recipient is the blocker);
 * - a kind the member turned off on every channel creates nothing; one whose in-app channel alone is off is
 *   created already read (push and e-mail still deliver it, and its read state still syncs);
 * - `groupKey` makes an act notify once: insert-or-ignore on (member, key), so a comment edited later, a
 *   follow undone and done again, or a replayed act does not notify twice;
 * - `batch` (likes) turns the insert into an upsert: the row's `count` grows and its title is rewritten.
 * Each row created or changed is logged in the change log under its member (it syncs to their devices
 * only) and queued for delivery ('notification.deliver', the delivery module's job).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { notifications, userBlocks } from '@schema/db/tables';
import type { ChannelChoice, NotificationWire } from '@schema/contracts/notifications';
import { readPreferences, readPreferencesOf } from '../delivery/preferences';
import { isTransaction, type Store } from '../lib/db';
import { enqueueJob, enqueueJobs } from '../lib/jobs/queue';
import { exists, returnedRow } from '../lib/query';
import { recordChange, recordNewRecords } from '../sync/changelog';

/**
 * What a feature hands notify: the wire's fields (`entity`/`entityId` name the record it is about by sync
 * entity and server id; `actorId` is null for the system's own acts) for one recipient.
 */
export type NotificationInput = Pick<
  NotificationWire,
  'kind' | 'actorId' | 'entity' | 'entityId' | 'title' | 'body' | 'url'
> & {
  recipientId: number;
  /** One act, one notification: a second notify with the same key for the same member adds nothing. */
  groupKey: string | null;
};

export interface Batched {
  /** The title once `count` acts share the row (the first act keeps `title`). */
  titleFor: (count: number) => string;
}

type Row = typeof notifications.$inferSelect;

/** The job the delivery module runs for each notification created or changed. */
export const DELIVER_JOB = 'notification.deliver';

/** Whether `recipientId` blocked `actorId`: they hear nothing of what that member does. */
export async function blockedBy(store: Store, recipientId: number, actorId: number): Promise<boolean> {
  return exists(
    store
      .select({ id: userBlocks.id })
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, recipientId), eq(userBlocks.blockedId, actorId))),
  );
}

/**
 * The row an act makes for its member under their choices for its kind: none when every channel is off;
 * already read when only in-app is off (push and e-mail still deliver it).
 */
function rowFor(
  input: NotificationInput,
  channels: ChannelChoice,
  now: string,
): typeof notifications.$inferInsert | null {
  if (!channels.inApp && !channels.push && !channels.email) return null;
  return {
    uid: uuidv7(),
    userId: input.recipientId,
    kind: input.kind,
    actorId: input.actorId,
    entity: input.entity,
    entityId: input.entityId,
    title: input.title,
    body: input.body,
    url: input.url,
    groupKey: input.groupKey,
    createdAt: now,
    updatedAt: now,
    readAt: channels.inApp ? null : now,
  };
}

/**
 * Creates the notification the rules allow (or, with `batch`, adds one act to the row its group key
 * names). Answers the row written, or null when nothing was (own act, blocked actor, kind turned off,
 * an act that already notified).
 */
export async function notify(store: Store, input: NotificationInput, batch?: Batched): Promise<Row | null> {
  if (input.actorId !== null && input.actorId === input.recipientId) return null;
  // The change log is written in a transaction; an act outside one (a read that unlocks) gets its own.
  if (!isTransaction(store)) return store.transaction((tx) => notify(tx, input, batch));
  if (input.actorId !== null && (await blockedBy(store, input.recipientId, input.actorId))) return null;
  const channels = (await readPreferences(store, input.recipientId)).channels[input.kind];
  const values = rowFor(input, channels, new Date().toISOString());
  if (!values) return null;
  const row =
    batch && input.groupKey !== null
      ? await addToBatch(store, values, batch)
      : await returnedRow(store.insert(notifications).values(values).onConflictDoNothing().returning());
  if (!row) return null;
  await recordChange(store, 'notifications', row.id, row.uid, 'upsert', { ownerId: row.userId });
  // A batch is delivered for its first act: its delivery job is queued or done already (dedupe key).
  if (row.count === 1)
    await enqueueJob(store, DELIVER_JOB, { notificationId: row.id }, { dedupeKey: `deliver:${row.id}` });
  return row;
}

/**
 * The batched upsert: the first act inserts the row, each later one raises `count`, makes it unread again
 * (unless in-app is off), names its latest actor and rewrites the title to say how many.
 */
async function addToBatch(
  store: Store,
  values: typeof notifications.$inferInsert,
  batch: Batched,
): Promise<Row | undefined> {
  const row = await returnedRow(
    store
      .insert(notifications)
      .values(values)
      .onConflictDoUpdate({
        target: [notifications.userId, notifications.groupKey],
        set: {
          count: sql`${notifications.count} + 1`,
          actorId: values.actorId,
          readAt: values.readAt,
          updatedAt: values.updatedAt,
        },
      })
      .returning(),
  );
  if (!row || row.count === 1) return row;
  return returnedRow(
    store
      .update(notifications)
      .set({ title: batch.titleFor(row.count) })
      .where(eq(notifications.id, row.id))
      .returning(),
  );
}

/**
 * notify() for one act told to many members (an event changed or cancelled, to every attendee), with the
 * same rules, in a handful of statements instead of several per member: an act of the organiser's held
 * SQLite's one writer for 17 s at 10,000 attendees when each was notified on its own (npm run
 * bench:notify). `inputs` share their kind and actor; answers how many were created.
 */
export async function notifyMany(store: Store, inputs: readonly NotificationInput[]): Promise<number> {
  const first = inputs[0];
  if (!first) return 0;
  if (!isTransaction(store)) return store.transaction((tx) => notifyMany(tx, inputs));
  const actorId = first.actorId;
  let recipients = inputs.filter((input) => actorId === null || input.recipientId !== actorId);
  if (actorId !== null) {
    const blockers = new Set<number>();
    for (let i = 0; i < recipients.length; i += 500) {
      const chunk = recipients.slice(i, i + 500).map((input) => input.recipientId);
      for (const row of await store
        .select({ id: userBlocks.blockerId })
        .from(userBlocks)
        .where(and(eq(userBlocks.blockedId, actorId), inArray(userBlocks.blockerId, chunk))))
        blockers.add(row.id);
    }
    recipients = recipients.filter((input) => !blockers.has(input.recipientId));
  }
  const preferences = await readPreferencesOf(
    store,
    recipients.map((input) => input.recipientId),
  );
  const now = new Date().toISOString();
  const values = recipients.flatMap((input) => {
    const channels = preferences.get(input.recipientId)?.channels[input.kind];
    const row = channels && rowFor(input, channels, now);
    return row ? [row] : [];
  });
  const created: Array<{ id: number; uid: string; ownerId: number }> = [];
  for (let i = 0; i < values.length; i += 500) {
    const rows = await store
      .insert(notifications)
      .values(values.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ id: notifications.id, uid: notifications.uid, ownerId: notifications.userId });
    created.push(...rows);
  }
  await recordNewRecords(store, 'notifications', created);
  await enqueueJobs(
    store,
    DELIVER_JOB,
    created.map((row) => ({ payload: { notificationId: row.id }, dedupeKey: `deliver:${row.id}` })),
  );
  return created.length;
}
