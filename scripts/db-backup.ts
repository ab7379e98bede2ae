/**
 * `npm run db:backup [-- --to <dir>]` — a backup of the community the server uses (DATABASE_URL / DATA_DIR /
 * S3_BUCKET, as `npm start` reads them), taken while the server runs (README.md "Backup and restore",
 * docs/operations.md "Backup and restore"). It writes `<dir>/digquest-<engine>-<time>/` (default dir:
 * ./backups):
 * - SQLite: `digquest.sqlite`, made with SQLite's online backup API from a connection that holds one read
 *   transaction, so the copy is the file at one moment whatever the server writes meanwhile (WAL); then
 *   checked (`PRAGMA quick_check`, each table's rows).
 * - PostgreSQL: `digquest.dump`, pg_dump's custom format, dumped from a snapshot exported by a read-only
 *   REPEATABLE READ transaction (`--snapshot`), in which the manifest's counts are read too.
 * - `uploads/`: the photo files, copied after the database (a photo newer than the database is harmless, a
 *   row whose photo is missing is not). Photos never change, so one the previous backup in `<dir>` holds is
 *   hard-linked to it: each backup is whole, but only new photos are copied. With S3 the photos stay in the
 *   bucket, which needs versioning of its own; the command says so.
 * - `vapid.json` when DATA_DIR has one (the push keys), and `manifest.json` (Manifest: schema version,
 *   engine, time, counts), written last: a backup without it was interrupted and is never restored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { loadConfig } from '../sync-server/src/lib/config';
import { databaseConfig, type DatabaseConfig } from '../sync-server/src/lib/db';
import {
  appliedSchemaVersion,
  copyPhotos,
  count,
  countDifferences,
  DATABASE_FILES,
  inPgSnapshot,
  inSqliteSnapshot,
  MANIFEST_FILE,
  PHOTOS_DIR,
  pgToolVersion,
  readManifest,
  runPgTool,
  seconds,
  tableCounts,
  VAPID_FILE,
  type Manifest,
  type PhotoCopy,
  type Read,
} from './db-backup-common';

export interface BackupOptions {
  database: DatabaseConfig;
  /** DATA_DIR: its uploads/ (unless photos are in S3) and vapid.json. */
  dataDir: string;
  /** The bucket when photos are in S3 (S3_BUCKET): they are then not copied. */
  s3Bucket?: string | undefined;
  /** The directory the backup's own directory is made in. */
  to: string;
  log?: (line: string) => void;
  /** Called at the backup's moment with reads of the database as the backup holds it (tests compare). */
  atSnapshot?: (read: Read) => Promise<void>;
}

export interface BackupResult {
  dir: string;
  manifest: Manifest;
  photos: PhotoCopy | undefined;
  ms: { database: number; photos: number; total: number };
}

/** Pages copied per step of the online backup: 16 MB at SQLite's 4 KB pages. */
const PAGES_PER_STEP = 4096;

interface Snapshot {
  schemaVersion: string;
  counts: Record<string, number>;
}

async function backupSqlite(options: BackupOptions, file: string, target: string): Promise<Snapshot> {
  if (!fs.existsSync(file))
    throw new Error(
      `No database at ${file}: run db:backup with the DATA_DIR (or DATABASE_URL) npm start uses.`,
    );
  const snapshot = await inSqliteSnapshot(file, async (read, sqlite) => {
    const taken = {
      schemaVersion: await appliedSchemaVersion(read, options.database),
      counts: await tableCounts(read),
    };
    await options.atSnapshot?.(read);
    await sqlite.backup(target, { progress: () => PAGES_PER_STEP });
    return taken;
  });
  // A file of its own, without a -wal beside it (the server puts it back in WAL mode when it opens it),
  // and checked before the backup counts as made.
  const copy = new Database(target);
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok')
      throw new Error(`The backup's copy of the database fails its check: ${String(check)}`);
    const differences = countDifferences(
      snapshot.counts,
      await tableCounts(async (text) => copy.prepare(text).all() as Record<string, unknown>[]),
    );
    if (differences.length)
      throw new Error(`The backup's copy differs from the snapshot: ${differences.join(', ')}`);
  } finally {
    copy.close();
  }
  return snapshot;
}

async function backupPostgres(
  options: BackupOptions,
  database: Extract<DatabaseConfig, { engine: 'postgres' }>,
  target: string,
): Promise<Snapshot> {
  pgToolVersion('pg_dump');
  const snapshot = await inPgSnapshot(database, async (read, snapshotId) => {
    const taken = {
      schemaVersion: await appliedSchemaVersion(read, database),
      counts: await tableCounts(read),
    };
    await options.atSnapshot?.(read);
    const schema = database.schema ? [`--schema=${database.schema}`] : [];
    await runPgTool('pg_dump', database.url, [
      '--format=custom',
      `--snapshot=${snapshotId}`,
      `--file=${target}`,
      ...schema,
    ]);
    return taken;
  });
  // The archive reads back (its table of contents), or the backup is not made.
  await runPgTool('pg_restore', null, ['--list', target]).catch((error: unknown) => {
    throw new Error(`The dump does not read back: ${error instanceof Error ? error.message : String(error)}`);
  });
  return snapshot;
}

/** The newest complete backup in `to` (by name: the time it was taken), whose photos new ones link to. */
function previousBackup(to: string): string | undefined {
  return fs
    .readdirSync(to)
    .filter((name) => /^digquest-(sqlite|postgres)-[0-9TZ-]+$/.test(name))
    .sort()
    .reverse()
    .map((name) => path.join(to, name))
    .find((dir) => readManifest(dir) !== null && fs.existsSync(path.join(dir, PHOTOS_DIR)));
}

export async function backup(options: BackupOptions): Promise<BackupResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const { database } = options;
  fs.mkdirSync(options.to, { recursive: true });
  const previous = previousBackup(options.to);
  const takenAt = new Date();
  const dir = path.join(
    path.resolve(options.to),
    `digquest-${database.engine}-${takenAt.toISOString().replace(/[:.]/g, '-')}`,
  );
  const partial = `${dir}.partial`;
  fs.mkdirSync(partial);
  try {
    const file = path.join(partial, DATABASE_FILES[database.engine]);
    const snapshot =
      database.engine === 'sqlite'
        ? await backupSqlite(options, database.file, file)
        : await backupPostgres(options, database, file);
    const databaseMs = performance.now() - started;
    const rows = Object.values(snapshot.counts).reduce((sum, n) => sum + n, 0);
    log(
      `Database: ${count(rows)} rows in ${Object.keys(snapshot.counts).length} tables at schema version ${snapshot.schemaVersion}, in ${seconds(databaseMs)}`,
    );

    let photos: PhotoCopy | undefined;
    if (options.s3Bucket === undefined) {
      photos = await copyPhotos(
        path.join(options.dataDir, PHOTOS_DIR),
        path.join(partial, PHOTOS_DIR),
        previous && path.join(previous, PHOTOS_DIR),
      );
      const mb = (photos.bytes / 1024 / 1024).toFixed(1);
      log(
        `Photos: ${count(photos.files)} files (${mb} MB): ${count(photos.files - photos.linked)} copied, ${count(photos.linked)} unchanged since ${previous ? path.basename(previous) : 'no earlier backup'}`,
      );
    } else {
      log(
        `Photos: in the S3 bucket ${options.s3Bucket}, not in this backup. The bucket needs versioning of its own: turn on versioning with a lifecycle rule for old versions, or replicate it to another bucket.`,
      );
    }
    const vapid = path.join(options.dataDir, VAPID_FILE);
    const vapidKeys = fs.existsSync(vapid);
    if (vapidKeys) fs.copyFileSync(vapid, path.join(partial, VAPID_FILE));

    const manifest: Manifest = {
      format: 'digquest-backup',
      formatVersion: 1,
      engine: database.engine,
      schemaVersion: snapshot.schemaVersion,
      takenAt: takenAt.toISOString(),
      database: DATABASE_FILES[database.engine],
      ...(database.engine === 'postgres' && database.schema ? { pgSchema: database.schema } : {}),
      counts: snapshot.counts,
      photos: photos
        ? { store: 'directory', files: photos.files, bytes: photos.bytes }
        : { store: 's3', bucket: options.s3Bucket ?? '' },
      vapidKeys,
    };
    fs.writeFileSync(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.renameSync(partial, dir);
    const total = performance.now() - started;
    return { dir, manifest, photos, ms: { database: databaseMs, photos: total - databaseMs, total } };
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

async function main(args: string[]): Promise<void> {
  const at = args.indexOf('--to');
  const to = path.resolve(at >= 0 ? (args[at + 1] ?? '') : 'backups');
  if (at >= 0 && !args[at + 1]) {
    console.error('Usage: npm run db:backup [-- --to <directory>]');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig(process.env);
  const database = databaseConfig(config);
  console.log(
    database.engine === 'sqlite'
      ? `Backing up ${database.file} with SQLite's online backup (the server may keep running)…`
      : `Backing up PostgreSQL with pg_dump (${pgToolVersion('pg_dump')}) from one snapshot (the servers may keep running)…`,
  );
  const result = await backup({
    database,
    dataDir: config.dataDir,
    s3Bucket: config.s3?.bucket,
    to,
    log: (line) => console.log(line),
  });
  console.log(`\nBackup written to ${result.dir} in ${seconds(result.ms.total)}.`);
  console.log(
    `Restore it into an empty data directory or database with: npm run db:restore -- ${result.dir}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(
      `db:backup failed, no backup was made: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  });
}
