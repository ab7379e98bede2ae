import { defineConfig } from 'drizzle-kit';

/**
 * PostgreSQL migrations (`npm run db:generate`, after drizzle.config.ts for SQLite): from the mirror that
 * scripts/make-pg-schema.ts generates out of the SQLite tables, into sync-server/migrations/pg.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './schema/db/pg/tables.ts',
  out: './sync-server/migrations/pg',
});
