/**
 * Tables the forum feature adds (sync-server/src/features/forum). Re-exported by tables.ts so
 * drizzle-kit and the server see one schema. The FTS5 index over posts (`posts_fts`) and its triggers
 * cannot be expressed here: they live in the custom migration `*_forum_search.sql`.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { posts } from './content-tables';

/**
 * Who has been counted as viewing a post today (spec: views once per visitor per post per day).
 * `visitorKey` is `m:<member id>` for members and, for visitors, an HMAC of address + user agent under
 * that day's salt (post_view_salts): no address is stored, and once a day's salt is deleted its keys
 * can no longer be linked to anyone. Rows of past days are pruned; only the posts' counters remain.
 */
export const postViews = sqliteTable(
  'post_views',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    visitorKey: text('visitor_key').notNull(),
    /** UTC day, `YYYY-MM-DD`. */
    day: text('day').notNull(),
  },
  (t) => [
    uniqueIndex('post_views_once').on(t.postId, t.visitorKey, t.day),
    index('post_views_day').on(t.day),
  ],
);

/** One random salt per UTC day for visitor keys; deleted with the day's post_views rows. */
export const postViewSalts = sqliteTable('post_view_salts', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
});
