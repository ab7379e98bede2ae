/** Opens the embedded SQLite database, tunes it and applies the committed drizzle-kit migrations. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as tables from '@schema/db/tables';

export type Db = BetterSQLite3Database<typeof tables> & { $client: Database.Database };

/**
 * The committed migrations: beside the built server (dist/server/migrations, copied by
 * scripts/build-server.ts), or sync-server/migrations when the TypeScript runs from sync-server/src/lib.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder =
  [path.join(here, 'migrations'), path.resolve(here, '../../migrations')].find((dir) =>
    fs.existsSync(path.join(dir, 'meta', '_journal.json')),
  ) ?? path.resolve(here, '../../migrations');

export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle(sqlite, { schema: tables });
  migrate(db, { migrationsFolder });
  return db;
}
