/**
 * `npm run db:restore -- <backup directory>` — puts a backup made by `npm run db:backup` (scripts/db-backup.ts)
 * into the data directory or database the server is configured with (DATABASE_URL / DATA_DIR / S3_BUCKET, as
 * `npm start` reads them): README.md "Backup and restore", docs/operations.md "Backup and restore".
 *
 * It refuses, before writing anything, and exits 1 with the reason:
 * - a directory that is not a complete backup (no manifest.json: an interrupted backup has none);
 * - a backup of the other engine (db:copy moves a SQLite community to PostgreSQL);
 * - a backup of another schema version than this DigQuest's migrations make: restore it with the version
 *   that took it, then update (`npm start` applies the newer migrations);
 * - a target that is not empty: a data directory holding a database or photos, a PostgreSQL database holding
 *   any table (or, for an app in a schema of its own, that schema). A restore never merges or overwrites.
 * The restored database's table counts are then checked against the manifest. Members' devices carry on:
 * sessions are restored, and their writes made since the backup push again without duplicates (the sync
 * protocol's mutation ids and uids: sync-server/src/sync/PROTOCOL.md S3, S4).
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../sync-server/src/lib/config';
import { databaseConfig, type DatabaseConfig } from '../sync-server/src/lib/db';
import {
  copyPhotos,
  count,
  countDifferences,
  currentSchemaVersion,
  inPgSnapshot,
  inSqliteSnapshot,
  MANIFEST_FILE,
  PHOTOS_DIR,
  photoNames,
  pgToolVersion,
  readManifest,
  runPgTool,
  seconds,
  tableCounts,
  VAPID_FILE,
  type Manifest,
} from './db-backup-common';
import { jumpPostgresChangeLog, jumpSqliteChangeLog } from './db-restore-change-log';

/** A restore that would be wrong: nothing was written. */
export class RestoreRefused extends Error {}

export interface RestoreOptions {
  /** The backup's directory (db:backup prints it). */
  backup: string;
  database: DatabaseConfig;
  /** DATA_DIR: photos go to its uploads/ (unless in S3), vapid.json beside. */
  dataDir: string;
  /** The bucket when photos are in S3 (S3_BUCKET): the backup's photos are then not copied. */
  s3Bucket?: string | undefined;
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  ms: { database: number; photos: number; total: number };
}

const ENGINE_NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;

function checkBackup(options: RestoreOptions): Manifest {
  const manifest = readManifest(options.backup);
  if (!manifest)
    throw new RestoreRefused(
      `${options.backup} is not a complete DigQuest backup (no ${MANIFEST_FILE}): give the directory db:backup printed.`,
    );
  const engine = options.database.engine;
  if (manifest.engine !== engine)
    throw new RestoreRefused(
      `This backup is of a ${ENGINE_NAMES[manifest.engine]} database and the server is configured for ` +
        `${ENGINE_NAMES[engine]} (${engine === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is not set'}). ` +
        'Restore it on its own engine; npm run db:copy then moves a SQLite community to PostgreSQL.',
    );
  const expected = currentSchemaVersion(engine);
  if (manifest.schemaVersion !== expected)
    throw new RestoreRefused(
      `This backup is of schema version ${manifest.schemaVersion}, and this DigQuest's is ${expected}. ` +
        'Restore it with the DigQuest version that took it, then update: npm start applies the newer migrations.',
    );
  return manifest;
}

/** What makes the data directory's photo folder not empty (when photos go there). */
function photosInTheWay(options: RestoreOptions): string[] {
  if (options.s3Bucket !== undefined) return [];
  const uploads = path.join(options.dataDir, PHOTOS_DIR);
  const photos = photoNames(uploads).length;
  return photos ? [`${count(photos)} photos in ${uploads}`] : [];
}

function refuseNotEmpty(target: string, found: string[], advice: string): never {
  throw new RestoreRefused(
    `${target} is not empty: it holds ${found.join(', ')}. db:restore never overwrites or merges: ${advice}.`,
  );
}

async function restoreSqlite(options: RestoreOptions, manifest: Manifest, file: string): Promise<void> {
  const found = [file, `${file}-wal`]
    .filter((f) => fs.existsSync(f))
    .map((f) => `the database ${path.basename(f)}`);
  found.push(...photosInTheWay(options));
  if (found.length) refuseNotEmpty(options.dataDir, found, 'point DATA_DIR at a new, empty directory');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Copied under another name, checked, then renamed: a server started meanwhile never sees half a file.
  const temporary = `${file}.restoring`;
  fs.copyFileSync(path.join(options.backup, manifest.database), temporary);
  try {
    const counts = await inSqliteSnapshot(temporary, (read) => tableCounts(read));
    const differences = countDifferences(manifest.counts, counts);
    if (differences.length)
      throw new Error(`The backup's database differs from its manifest: ${differences.join(', ')}`);
    jumpSqliteChangeLog(temporary);
    fs.renameSync(temporary, file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/**
 * The tables (and schemas) already in the target PostgreSQL database, which make it not empty, and whether
 * the app's own schema exists empty: the dump's CREATE SCHEMA would fail on it, so it is removed first.
 */
async function postgresContents(
  client: pg.Client,
  schema: string | undefined,
): Promise<{ found: string[]; emptySchema: boolean }> {
  const system =
    "n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'";
  const where = schema ? 'n.nspname = $1' : system;
  const params = schema ? [schema] : [];
  const { rows } = await client.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE ${where} AND c.relkind IN ('r', 'p', 'v', 'm', 'f') ORDER BY 1`,
    params,
  );
  const found = rows.map((r) => r.name);
  const { rows: schemas } = await client.query<{ name: string }>(
    `SELECT n.nspname AS name FROM pg_namespace n WHERE ${where} AND n.nspname <> 'public' ORDER BY 1`,
    params,
  );
  if (schema) return { found, emptySchema: schemas.length > 0 && found.length === 0 };
  // Any other schema (the `drizzle` journal's, say) is content too, even without tables.
  const bare = schemas.filter((s) => !found.some((t) => t.startsWith(`${s.name}.`)));
  return { found: [...found, ...bare.map((s) => `the schema ${s.name}`)], emptySchema: false };
}

async function restorePostgres(
  options: RestoreOptions,
  manifest: Manifest,
  database: Extract<DatabaseConfig, { engine: 'postgres' }>,
): Promise<void> {
  pgToolVersion('pg_restore');
  const name = decodeURIComponent(new URL(database.url).pathname.slice(1));
  const photos = photosInTheWay(options);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { found, emptySchema } = await postgresContents(client, database.schema);
    if (found.length || photos.length) {
      const shown = found.length > 5 ? [...found.slice(0, 5), `… (${count(found.length)} in all)`] : found;
      refuseNotEmpty(
        `The database ${name}${photos.length ? ` with ${options.dataDir}` : ''}`,
        [...shown, ...photos],
        'create a new database (createdb -O <owner> <name>), point DATABASE_URL (and DATA_DIR) at it and run it again',
      );
    }
    if ((manifest.pgSchema ?? null) !== (database.schema ?? null))
      throw new RestoreRefused(
        `This backup holds the schema ${manifest.pgSchema ?? 'public'} and the target uses ${database.schema ?? 'public'}.`,
      );
    if (emptySchema) await client.query(`DROP SCHEMA ${database.schema}`);
    // The dump of a schema of its own holds no extensions: they live in public (migrations/pg/0000).
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    await client.query('CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public');
  } finally {
    await client.end();
  }
  // One transaction: a failure leaves the database as empty as it was. Owners and grants are the
  // restoring user's (DATABASE_URL's), as when the migrations made the tables.
  await runPgTool('pg_restore', database.url, [
    '--exit-on-error',
    '--single-transaction',
    '--no-owner',
    '--no-privileges',
    '--no-comments',
    path.join(options.backup, manifest.database),
  ]);
  const counts = await inPgSnapshot(database, (read) => tableCounts(read));
  const differences = countDifferences(manifest.counts, counts);
  if (differences.length)
    throw new Error(`The restored database differs from the backup's manifest: ${differences.join(', ')}`);
  await jumpPostgresChangeLog(database);
}

export async function restore(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const manifest = checkBackup(options);
  const { database } = options;
  if (database.engine === 'sqlite') await restoreSqlite(options, manifest, database.file);
  else await restorePostgres(options, manifest, database);
  const databaseMs = performance.now() - started;
  const rows = Object.values(manifest.counts).reduce((sum, n) => sum + n, 0);
  log(
    `Database: ${count(rows)} rows in ${Object.keys(manifest.counts).length} tables, checked, in ${seconds(databaseMs)}`,
  );

  const backupPhotos = path.join(options.backup, PHOTOS_DIR);
  if (manifest.photos.store === 's3') {
    log(
      `Photos: the backup holds none; they were in the S3 bucket ${manifest.photos.bucket}, restore them from its versions or replica.`,
    );
  } else if (options.s3Bucket !== undefined) {
    log(
      `Photos: S3_BUCKET is set, so copy the backup's ${count(manifest.photos.files)} photos into the bucket:`,
    );
    log(
      `  aws s3 sync ${backupPhotos} s3://${options.s3Bucket}/ --content-type image/webp --cache-control 'public, max-age=31536000, immutable'`,
    );
  } else {
    const photos = await copyPhotos(backupPhotos, path.join(options.dataDir, PHOTOS_DIR));
    log(
      `Photos: ${count(photos.files)} files (${(photos.bytes / 1024 / 1024).toFixed(1)} MB) into ${path.join(options.dataDir, PHOTOS_DIR)}`,
    );
  }
  const vapid = path.join(options.dataDir, VAPID_FILE);
  if (manifest.vapidKeys && !fs.existsSync(vapid))
    fs.copyFileSync(path.join(options.backup, VAPID_FILE), vapid);
  else if (manifest.vapidKeys)
    log(
      `Kept ${vapid} (the backup's push keys differ): devices subscribed with the backup's keys subscribe again.`,
    );
  const total = performance.now() - started;
  return { manifest, ms: { database: databaseMs, photos: total - databaseMs, total } };
}

async function main(args: string[]): Promise<void> {
  const backupDir = args.find((a) => !a.startsWith('--'));
  if (!backupDir) {
    console.error(
      'Usage: npm run db:restore -- <backup directory>   (the directory npm run db:backup printed)',
    );
    process.exitCode = 2;
    return;
  }
  const config = loadConfig(process.env);
  const database = databaseConfig(config);
  const where = database.engine === 'sqlite' ? database.file : 'the PostgreSQL database of DATABASE_URL';
  console.log(`Restoring ${path.resolve(backupDir)} into ${where}…`);
  const result = await restore({
    backup: path.resolve(backupDir),
    database,
    dataDir: config.dataDir,
    s3Bucket: config.s3?.bucket,
    log: (line) => console.log(line),
  });
  console.log(
    `\nRestored the community as it was at ${result.manifest.takenAt} in ${seconds(result.ms.total)}. Start the server: npm start`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(
      error instanceof RestoreRefused ? `db:restore refused: ${message}` : `db:restore failed: ${message}`,
    );
    process.exitCode = 1;
  });
}
