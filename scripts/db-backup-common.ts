/**
 * What `npm run db:backup` and `npm run db:restore` share (scripts/db-backup.ts, scripts/db-restore.ts;
 * README.md "Backup and restore", docs/operations.md "Backup and restore"): the backup's manifest, the
 * schema version (the newest migration applied), reads of either engine in one snapshot, PostgreSQL's
 * client tools and the copy of the photo files.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseConfig, Engine } from '../sync-server/src/lib/db';
import { PG_MIGRATIONS_FOLDER } from '../sync-server/src/lib/pg-migrate';
import { copyOrder } from './db-copy-postgres';

const SQLITE_MIGRATIONS = path.resolve(import.meta.dirname, '../sync-server/migrations');

export const MANIFEST_FILE = 'manifest.json';
/** The photos, as DATA_DIR/uploads holds them (lib/photo-store.ts). */
export const PHOTOS_DIR = 'uploads';
/** DATA_DIR/vapid.json: the push keys, when they are not set in the environment (lib/push/vapid.ts). */
export const VAPID_FILE = 'vapid.json';
export const DATABASE_FILES: Record<Engine, string> = {
  sqlite: 'digquest.sqlite',
  postgres: 'digquest.dump',
};

export interface Manifest {
  format: 'digquest-backup';
  formatVersion: 1;
  engine: Engine;
  /** The newest migration applied to the database: its tag in the engine's migrations/meta/_journal.json. */
  schemaVersion: string;
  /** The backup's moment: when its snapshot of the database was taken. */
  takenAt: string;
  /** The database's file in the backup: a SQLite file, or a pg_dump archive (custom format). */
  database: string;
  /** PostgreSQL: the one schema dumped, when the app keeps its tables in a schema of its own (tests). */
  pgSchema?: string;
  /** Rows of each table of the app (schema/db/tables.ts) in the snapshot; restore checks them. */
  counts: Record<string, number>;
  photos: { store: 'directory'; files: number; bytes: number } | { store: 's3'; bucket: string };
  /** Whether DATA_DIR/vapid.json came along. */
  vapidKeys: boolean;
}

export function readManifest(dir: string): Manifest | null {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as Partial<Manifest>;
    return manifest.format === 'digquest-backup' ? (manifest as Manifest) : null;
  } catch {
    return null;
  }
}

interface JournalEntry {
  when: number;
  tag: string;
}

function journal(engine: Engine): JournalEntry[] {
  const folder = engine === 'sqlite' ? SQLITE_MIGRATIONS : PG_MIGRATIONS_FOLDER;
  const file = path.join(folder, 'meta', '_journal.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
}

/** The schema version this DigQuest's migrations make: the tag of its newest migration. */
export function currentSchemaVersion(engine: Engine): string {
  const entries = journal(engine);
  return entries.reduce((newest, entry) => (entry.when > newest.when ? entry : newest)).tag;
}

/** Where drizzle records applied migrations (lib/db.ts, lib/pg-migrate.ts). */
function journalTable(database: DatabaseConfig): string {
  if (database.engine === 'sqlite') return '__drizzle_migrations';
  return `${database.schema ?? 'drizzle'}.__drizzle_migrations`;
}

/** A query in the snapshot: rows as objects. */
export type Read = (text: string) => Promise<Record<string, unknown>[]>;

/**
 * The schema version of a database: drizzle journals each applied migration with its journal entry's
 * `when` as `created_at`, so the newest `created_at` names the newest migration applied.
 */
export async function appliedSchemaVersion(read: Read, database: DatabaseConfig): Promise<string> {
  const table = journalTable(database);
  const [row] = await read(`SELECT max(created_at) AS applied FROM ${table}`).catch((error: unknown) => {
    throw new Error(
      `This database holds no DigQuest migration journal (${table}: ${error instanceof Error ? error.message : String(error)}). ` +
        'Check DATABASE_URL / DATA_DIR: they must be the ones npm start uses.',
    );
  });
  const when = Number(row?.applied ?? 0);
  const entry = journal(database.engine).find((e) => e.when === when);
  return entry?.tag ?? `unknown (a migration of ${new Date(when).toISOString()}, newer than this DigQuest)`;
}

/** Rows of every table of the app (schema/db/tables.ts). */
export async function tableCounts(read: Read): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name } of copyOrder()) {
    const [row] = await read(`SELECT count(*) AS n FROM "${name}"`);
    counts[name] = Number(row?.n ?? 0);
  }
  return counts;
}

/** Table counts that differ from the manifest's, as `table manifest → found`. */
export function countDifferences(expected: Record<string, number>, found: Record<string, number>): string[] {
  return Object.keys({ ...expected, ...found })
    .filter((table) => expected[table] !== found[table])
    .map((table) => `${table} ${expected[table] ?? 'none'} → ${found[table] ?? 'none'}`);
}

/**
 * Runs `work` in one read transaction of a connection of its own to the SQLite file: in WAL mode every read
 * — and an online backup made from this connection — sees the file at the moment of the first read, while
 * the server keeps writing through its own connection.
 */
export async function inSqliteSnapshot<T>(
  file: string,
  work: (read: Read, sqlite: Database.Database) => Promise<T>,
): Promise<T> {
  const sqlite = new Database(file, { fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 5000');
    sqlite.exec('BEGIN');
    sqlite.prepare('SELECT count(*) FROM sqlite_master').get();
    const read: Read = async (text) => sqlite.prepare(text).all() as Record<string, unknown>[];
    try {
      return await work(read, sqlite);
    } finally {
      sqlite.exec('COMMIT');
    }
  } finally {
    sqlite.close();
  }
}

export interface PgTarget {
  url: string;
  /** The app's own schema (tests); unset, the connection's default. */
  schema?: string | undefined;
}

/**
 * Runs `work` in a read-only REPEATABLE READ transaction whose snapshot it exports (pg_export_snapshot), so
 * pg_dump `--snapshot` dumps exactly what `read` sees, however many writes commit meanwhile.
 */
export async function inPgSnapshot<T>(
  target: PgTarget,
  work: (read: Read, snapshotId: string) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({
    connectionString: target.url,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    const read: Read = async (text) => (await client.query(text)).rows as Record<string, unknown>[];
    try {
      return await work(read, rows[0]?.id ?? '');
    } finally {
      await client.query('COMMIT');
    }
  } finally {
    await client.end();
  }
}

/** The PostgreSQL client tool's version line; a clear error when it is not installed. */
export function pgToolVersion(tool: 'pg_dump' | 'pg_restore'): string {
  const found = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (found.error || found.status !== 0)
    throw new Error(
      `${tool} is not installed (or not on PATH), and a PostgreSQL backup needs it. Install PostgreSQL's ` +
        "client tools, of the server's major version or newer: apt-get install postgresql-client (Debian, " +
        'Ubuntu), brew install libpq (macOS), or the postgres image.',
    );
  return found.stdout.trim();
}

/**
 * Runs pg_dump or pg_restore, on the database of `url` when given. The password goes in PGPASSWORD rather
 * than on the command line, where any user of the machine could read it.
 */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', url: string | null, args: string[]): Promise<void> {
  const connection: string[] = [];
  const env = { ...process.env };
  if (url !== null) {
    const parsed = new URL(url);
    if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = '';
    connection.push(`--dbname=${parsed.toString()}`);
  }
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...connection, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (exit code ${code}): ${stderr.trim()}`)),
    );
  });
}

/** Photo files of a directory: every file but a write in progress (`*.tmp`, lib/photo-store.ts). */
export function photoNames(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp') && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

export interface PhotoCopy {
  files: number;
  bytes: number;
  /** Hard links to the same file of the previous backup (photos never change: lib/photo-store.ts). */
  linked: number;
}

/**
 * Copies the photos of `from` into `to` (made if missing), a few at a time. With `linkFrom`, a photo the
 * previous backup already holds (same name, same size: names are the content's hash) is hard-linked to it
 * instead, so each backup holds every photo but stores and copies only new ones.
 */
export async function copyPhotos(from: string, to: string, linkFrom?: string): Promise<PhotoCopy> {
  await fs.promises.mkdir(to, { recursive: true });
  const names = photoNames(from);
  const result: PhotoCopy = { files: 0, bytes: 0, linked: 0 };
  const copyOne = async (name: string) => {
    const source = path.join(from, name);
    const target = path.join(to, name);
    const { size } = await fs.promises.stat(source);
    const previous = linkFrom ? path.join(linkFrom, name) : undefined;
    const linked =
      previous !== undefined &&
      (await fs.promises.stat(previous).then(
        (s) => s.size === size,
        () => false,
      )) &&
      (await fs.promises.link(previous, target).then(
        () => true,
        () => false,
      ));
    if (!linked) await fs.promises.copyFile(source, target, fs.constants.COPYFILE_EXCL);
    result.files += 1;
    result.bytes += size;
    if (linked) result.linked += 1;
  };
  for (let i = 0; i < names.length; i += 16) await Promise.all(names.slice(i, i + 16).map(copyOne));
  return result;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const count = (n: number) => n.toLocaleString('en-GB');
