/**
 * The SQLite schema: every table of the product's data model (docs/product/data-model.md) with its
 * defaults, plus what the sync model adds (sessions, `uid` on offline-creatable tables, the change log,
 * applied sync mutations, event attendees, donations, password-reset tokens; docs/sync.md).
 * Server-only: the web app imports contracts, never this file.
 *
 * This file only re-exports: the table files import each other directly (never this file), so the
 * schema has no import cycle. drizzle-kit (drizzle.config.ts) and the server read the schema from here.
 */
export * from './account-tables';
export * from './content-tables';
export * from './community-tables';
export * from './system-tables';
export * from './sync-tables';
export * from './forum-tables';
export * from './notification-tables';
export * from './protected-tables';
export * from './moderation-tables';
