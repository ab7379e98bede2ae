/**
 * The server's own bookkeeping: stored images, the sync change log and applied mutations (docs/sync.md),
 * rate-limit counters, donations and the Stripe events already handled.
 */
import { blob, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './account-tables';
import { createdAt, id, nowIso, updatedAt } from './columns';

/**
 * Uploaded images, content-addressed: `filename` is the SHA-256 of the re-encoded bytes plus its extension.
 * The bytes live on disk under DATA_DIR/uploads (`data` stays null) so the database stays small.
 */
export const imageStorage = sqliteTable('image_storage', {
  id: id(),
  filename: text('filename').notNull().unique(),
  originalName: text('original_name'),
  mimeType: text('mime_type').notNull(),
  data: blob('data', { mode: 'buffer' }),
  size: integer('size').notNull(),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * One global, monotonic sequence of server writes, read by the sync pulls (docs/sync.md), compacted to one
 * row per record (PROTOCOL.md S29): logging a record again deletes its row and appends a new one, so the log
 * grows with the number of records, never with the number of writes. The unique index over (entity,
 * entity_id, coalesce(uid, '')) that keeps it so is an expression index, created by the custom migration
 * `*_bounded_sync_log.sql` (drizzle-kit cannot express it), as are the category triggers.
 *
 * `owner_id`, `parent_uid` and `parent_owner_id` say whose record a row is and under which parent, so each
 * pull scope (S25–S31) is an index range scan: `own` by owner and parent owner, `pinned` by uid and parent
 * uid, the `recent:*` windows and `reference` by entity.
 */
export const changeLog = sqliteTable(
  'change_log',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    uid: text('uid'),
    op: text('op', { enum: ['upsert', 'delete'] }).notNull(),
    createdAt: createdAt(),
    /** The member whose record it is (finder, author, commenter, liker; a profile's own member). */
    ownerId: integer('owner_id'),
    /** Comments and likes: the uid of the record they belong to. */
    parentUid: text('parent_uid'),
    /** Comments: the owner of the record they belong to (likes leave it null: only their member sees them). */
    parentOwnerId: integer('parent_owner_id'),
  },
  (t) => [
    index('change_log_entity_seq').on(t.entity, t.seq),
    index('change_log_owner_seq').on(t.ownerId, t.seq),
    index('change_log_parent_owner_seq').on(t.parentOwnerId, t.seq),
    index('change_log_parent_uid_seq').on(t.parentUid, t.seq),
    index('change_log_uid_seq').on(t.uid, t.seq),
  ],
);

/** Mutation ids already applied by POST /api/sync/push: a replayed mutation answers `duplicate`. */
export const syncMutations = sqliteTable('sync_mutations', {
  mutationId: text('mutation_id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  entity: text('entity').notNull(),
  op: text('op').notNull(),
  appliedAt: text('applied_at').notNull().default(nowIso),
});

export const donations = sqliteTable('donations', {
  id: id(),
  paymentIntentId: text('payment_intent_id').notNull().unique(),
  /** In the currency's minor units (pence, cents). */
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  email: text('email'),
  name: text('name'),
  status: text('status').notNull().default('created'),
  lastEventId: text('last_event_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Rate-limit counters (sync-server/src/lib/rate-limit.ts), here rather than in one process's memory so that
 * every app server on the database enforces the same limit. One row per limiter and key (the key hashed:
 * no address, name or e-mail is stored); times are ISO text. A row whose window has ended counts for
 * nothing and is pruned. `last_at` is the latest counted attempt (the backoff waits from it).
 */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: text('window_start').notNull(),
    windowEnds: text('window_ends').notNull(),
    lastAt: text('last_at').notNull(),
  },
  (t) => [index('rate_limits_window_ends').on(t.windowEnds)],
);

/** Stripe webhook events already handled, so a replayed delivery changes nothing. */
export const stripeEvents = sqliteTable('stripe_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: text('received_at').notNull().default(nowIso),
});
