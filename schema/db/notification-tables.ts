/**
 * What reaches a member who is not looking at the app (docs/notifications.md): their notifications, how
 * they want them delivered, their devices' push subscriptions, the durable job queue that delivers them
 * (and runs every scheduled reminder), and the safe-return timer with its safety contacts.
 */
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './account-tables';
import { locations } from './content-tables';
import { bool, createdAt, id, uid, updatedAt } from './columns';

/**
 * One notification for one member, created in the transaction of the act that caused it. Synced to the
 * member's own devices (read state included). `group_key` makes an act notify once (a comment edited
 * later does not notify again) and lets several acts share one row (likes on a record within an hour:
 * `count` grows and the title is rewritten).
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: id(),
    uid: uid(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The record it is about, as the sync entity name and its server id (a find, a post, an event...). */
    entity: text('entity'),
    entityId: integer('entity_id'),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    url: text('url').notNull(),
    groupKey: text('group_key'),
    count: integer('count').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    readAt: text('read_at'),
  },
  (t) => [
    index('notifications_user_id').on(t.userId, t.id),
    uniqueIndex('notifications_user_group').on(t.userId, t.groupKey),
  ],
);

/**
 * A member's choices (absent row: the defaults of schema/contracts/notifications.ts). `channels` is JSON:
 * per kind, which of in-app, push and e-mail are on. Quiet hours are local times in `time_zone`.
 * `unsubscribe_token` signs the one-click unsubscribe link of every e-mail (it works signed out).
 */
export const notificationPreferences = sqliteTable('notification_preferences', {
  id: id(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  channels: text('channels', { mode: 'json' }),
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  timeZone: text('time_zone'),
  previews: bool('previews').notNull().default(false),
  messageDigest: bool('message_digest').notNull().default(false),
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  updatedAt: updatedAt(),
});

/** One per device (its push endpoint); a 404 or 410 from the push service deletes it. */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    label: text('label').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('push_subscriptions_user').on(t.userId)],
);

/**
 * The durable job queue (sync-server/src/lib/jobs): delivery, digests and every scheduled reminder are
 * rows with a due time. A worker claims a due row by setting `state` to running with a lease
 * (`locked_until`); a worker killed mid-job leaves a lease that runs out, and the row is claimed again.
 * Failures retry with backoff until `max_attempts`, then stay `failed` with their last error.
 * `dedupe_key` makes scheduling idempotent (one reminder per event and attendee).
 */
export const jobs = sqliteTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: text('payload', { mode: 'json' }).notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    runAt: text('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lastError: text('last_error'),
    lockedBy: text('locked_by'),
    lockedUntil: text('locked_until'),
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: text('finished_at'),
  },
  (t) => [index('jobs_due').on(t.state, t.runAt)],
);

/**
 * A lone detecting trip (docs/notifications.md "Safe return"). Created on the device (uid) and synced;
 * the server runs the timer as jobs, so the alert goes out when the phone is flat. `contacts` is a JSON
 * array of e-mail addresses; only those who agreed (safety_contacts) are ever alerted.
 */
export const safetyTrips = sqliteTable(
  'safety_trips',
  {
    id: id(),
    uid: uid(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spotId: integer('spot_id').references(() => locations.id, { onDelete: 'set null' }),
    latitude: real('latitude'),
    longitude: real('longitude'),
    expectedReturnAt: text('expected_return_at').notNull(),
    contacts: text('contacts', { mode: 'json' }).notNull(),
    shareLastPosition: bool('share_last_position').notNull().default(false),
    lastLatitude: real('last_latitude'),
    lastLongitude: real('last_longitude'),
    lastPositionAt: text('last_position_at'),
    state: text('state', { enum: ['active', 'back', 'alerted'] })
      .notNull()
      .default('active'),
    remindedAt: text('reminded_at'),
    alertedAt: text('alerted_at'),
    endedAt: text('ended_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('safety_trips_user_state').on(t.userId, t.state)],
);

/**
 * A member's safety contacts, asked once by e-mail to agree (a link carrying `token`); until they agree
 * nothing else is sent to them, so the feature cannot be used to mail strangers.
 */
export const safetyContacts = sqliteTable(
  'safety_contacts',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    token: text('token').notNull().unique(),
    state: text('state', { enum: ['asked', 'agreed', 'declined'] })
      .notNull()
      .default('asked'),
    askedAt: createdAt(),
    agreedAt: text('agreed_at'),
  },
  (t) => [uniqueIndex('safety_contacts_user_email').on(t.userId, t.email)],
);
