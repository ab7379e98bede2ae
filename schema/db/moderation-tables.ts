/**
 * Moderation (docs/moderation.md): members' reports, what moderators did (the audit log, which also holds
 * the warnings a member is shown once), and which records are hidden by a moderator.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './account-tables';
import { createdAt, id, nowIso, uid, updatedAt } from './columns';

/**
 * A member's report of one record (`entity` as the sync protocol names it, or `users` for a profile).
 * `open_key` is 1 while the report is open and null once closed: the unique index then allows one open
 * report per member and record (NULLs never collide, on either engine) and any number of closed ones.
 * A null `reporter_id` is the system's own report (a new account's post held for a moderator).
 * `uid` is the device's (a report made offline is a queued sync create, PROTOCOL.md `reports`); the server
 * makes one for a report sent over REST without one.
 */
export const reports = sqliteTable(
  'reports',
  {
    id: id(),
    uid: uid(),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'cascade' }),
    entity: text('entity').notNull(),
    recordId: integer('record_id').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    status: text('status').notNull().default('open'),
    openKey: integer('open_key').default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reports_open_once').on(t.reporterId, t.entity, t.recordId, t.openKey),
    // The queue: open reports by record.
    index('reports_status_record').on(t.status, t.entity, t.recordId),
  ],
);

/**
 * The audit log: one row per moderator action. `user_id` is the member it concerned (the author of the
 * record, or the member warned or suspended). A warning is a `warn` row; `seen_at` records that its
 * member has been shown it (they see it once).
 */
export const moderationActions = sqliteTable(
  'moderation_actions',
  {
    id: id(),
    moderatorId: integer('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity'),
    recordId: integer('record_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    days: integer('days'),
    seenAt: text('seen_at'),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_actions_user').on(t.userId, t.id)],
);

/**
 * Records a moderator hid (or the system held for one), any entity: one table rather than a column pair on
 * each hideable table, so the pull hides them for every entity in one place (sync/pull.ts) and REST reads
 * filter with one fragment (lib/moderation-hidden.ts). `owner_id` is the author, who still sees the record.
 * Record ids are never reused (AUTOINCREMENT; identity on PostgreSQL), so a row left by a record deleted
 * another way names nothing.
 */
export const moderationHidden = sqliteTable(
  'moderation_hidden',
  {
    id: id(),
    entity: text('entity').notNull(),
    recordId: integer('record_id').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** Null when the system held it (a new account's post with many links). */
    moderatorId: integer('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    hiddenAt: text('hidden_at').notNull().default(nowIso),
  },
  (t) => [uniqueIndex('moderation_hidden_record').on(t.entity, t.recordId)],
);
