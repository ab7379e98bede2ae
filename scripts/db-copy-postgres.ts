/**
 * The copy behind `npm run db:copy` (scripts/db-copy.ts; scripts/bench-engines.ts fills its PostgreSQL
 * databases with it): an existing SQLite community into PostgreSQL (README.md "Scaling out";
 * docs/architecture.md "Storage engines"). Every table of the schema (schema/db/tables.ts, enumerated,
 * never listed here) is copied with its ids, uids and change-log seqs as they are, so members' devices keep
 * their records and their pull cursors (sync-server/src/sync/PROTOCOL.md S11, S29): a device that pulled
 * from the SQLite server carries on from where it was.
 *
 * - The source is only read (one read transaction: a consistent snapshot even if a server still writes —
 *   stop it first anyway, or its later writes are not copied). Its migrations must be the ones of this
 *   version: an older file is refused (start this version on it once; `npm start` applies them).
 * - The target is migrated (sync-server/migrations/pg) and must be empty: db:copy never merges into a
 *   database that already holds a community (a server started on it seeds DigQuestor and the categories).
 * - Tables go in foreign-key order, in multi-row INSERTs of up to 1,000 rows, in ONE transaction for the
 *   whole copy: a failure (a value PostgreSQL refuses, a lost connection, Ctrl-C) leaves the target as empty
 *   as it was, so the operator fixes the cause and runs the same command again — with a transaction per
 *   table, a half-copied database would then be refused as not empty. PostgreSQL keeps a long transaction
 *   cheaply (no undo log), and nothing else uses the new database meanwhile.
 * - User triggers are disabled during the copy (the categories' change-log triggers would log every copied
 *   category again); foreign keys stay checked.
 * - Identity sequences restart above the copied values: max(column) + 1, or above SQLite's AUTOINCREMENT
 *   high-water mark (sqlite_sequence) when that is higher, as when the newest account was deleted — an id is
 *   never handed out twice, so a device's tombstone of a deleted record never matches a new one.
 * - Before committing, every table's row count is compared with the source's; a difference rolls it back.
 *
 * Photos are files (DATA_DIR/uploads), not rows: db-copy.ts prints how to copy them.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { is } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type pg from 'pg';
import * as schema from '../schema/db/tables';
import { openPgPool } from '../sync-server/src/lib/pg-migrate';

const root = path.resolve(import.meta.dirname, '..');
const SQLITE_MIGRATIONS = path.join(root, 'sync-server/migrations');
/** Rows per INSERT, and never more than PostgreSQL's 65,535 parameters in one statement. */
const BATCH_ROWS = 1000;
const MAX_PARAMETERS = 60_000;

export interface TablePlan {
  name: string;
  columns: { name: string; boolean: boolean }[];
  /** ORDER BY of the source read: the primary key (ids ascending), else SQLite's rowid. */
  orderBy: string;
}

export interface TableCopy {
  table: string;
  source: number;
  target: number;
  ms: number;
}

export interface CopySummary {
  tables: TableCopy[];
  /** Identity columns and the value each hands out next. */
  sequences: { table: string; column: string; next: number }[];
  ms: number;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every table of the drizzle schema, parents before children (foreign keys); ties alphabetical. */
export function copyOrder(): TablePlan[] {
  const configs = Object.values(schema)
    .filter((value: unknown): value is SQLiteTable => is(value, SQLiteTable))
    .map((table) => getTableConfig(table))
    .sort((a, b) => a.name.localeCompare(b.name));
  const parentsOf = new Map(
    configs.map((c) => [
      c.name,
      new Set(
        c.foreignKeys
          .map((fk) => getTableConfig(fk.reference().foreignTable).name)
          .filter((p) => p !== c.name),
      ),
    ]),
  );
  const ordered: TablePlan[] = [];
  const placed = new Set<string>();
  while (ordered.length < configs.length) {
    const ready = configs.find(
      (c) => !placed.has(c.name) && [...(parentsOf.get(c.name) ?? [])].every((p) => placed.has(p)),
    );
    if (!ready) {
      const left = configs.filter((c) => !placed.has(c.name)).map((c) => c.name);
      throw new Error(
        `db:copy: the foreign keys of ${left.join(', ')} form a cycle; extend scripts/db-copy.ts`,
      );
    }
    placed.add(ready.name);
    const primary = [
      ...ready.columns.filter((c) => c.primary).map((c) => c.name),
      ...ready.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name)),
    ];
    ordered.push({
      name: ready.name,
      columns: ready.columns.map((c) => ({ name: c.name, boolean: c.columnType === 'SQLiteBoolean' })),
      orderBy: primary.length ? primary.map(quote).join(', ') : 'rowid',
    });
  }
  return ordered;
}

/** Refuses a SQLite file whose applied migrations are not exactly this version's. */
function checkSourceMigrations(sqlite: Database.Database): void {
  const expected = readMigrationFiles({ migrationsFolder: SQLITE_MIGRATIONS }).at(-1)?.folderMillis;
  let applied: number | undefined;
  try {
    const row = sqlite.prepare('SELECT max(created_at) AS last FROM __drizzle_migrations').get() as {
      last: number | null;
    };
    applied = row.last === null ? undefined : Number(row.last);
  } catch {
    applied = undefined;
  }
  if (applied === expected) return;
  throw new Error(
    applied !== undefined && expected !== undefined && applied > expected
      ? 'The SQLite database was migrated by a newer DigQuest than this one: run db:copy from that version.'
      : 'The SQLite database is not at this version of DigQuest: start this version on it once (npm start ' +
          'applies its migrations), stop it, then run db:copy again.',
  );
}

/** SQLite's AUTOINCREMENT high-water marks by table (never reused, even after the newest row is deleted). */
function autoIncrementMarks(sqlite: Database.Database): Map<string, number> {
  const exists = sqlite.prepare(
    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'",
  );
  if (!exists.get()) return new Map();
  const rows = sqlite.prepare('SELECT name, seq FROM sqlite_sequence').all() as {
    name: string;
    seq: number;
  }[];
  return new Map(rows.map((row) => [row.name, Number(row.seq)]));
}

async function countRows(client: pg.PoolClient, table: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quote(table)}`);
  return Number(rows[0]?.n ?? 0);
}

/** Refuses a target holding any row: the operator copies into a new, empty database. */
async function checkEmpty(client: pg.PoolClient, plans: TablePlan[]): Promise<void> {
  const filled: string[] = [];
  for (const plan of plans) {
    const { rows } = await client.query(`SELECT 1 FROM ${quote(plan.name)} LIMIT 1`);
    if (rows.length) filled.push(plan.name);
  }
  if (filled.length)
    throw new Error(
      `The PostgreSQL database is not empty (rows in ${filled.join(', ')}). db:copy copies into an empty ` +
        'database only: create a new one (createdb …) and run db:copy before starting DigQuest on it.',
    );
}

/** Copies one table in batches of multi-row INSERTs; answers the rows written. */
async function copyTable(sqlite: Database.Database, client: pg.PoolClient, plan: TablePlan): Promise<number> {
  const names = plan.columns.map((c) => quote(c.name)).join(', ');
  const perBatch = Math.max(1, Math.min(BATCH_ROWS, Math.floor(MAX_PARAMETERS / plan.columns.length)));
  const read = sqlite.prepare(`SELECT ${names} FROM ${quote(plan.name)} ORDER BY ${plan.orderBy}`).raw(true);
  const flush = async (batch: unknown[][]) => {
    const width = plan.columns.length;
    const tuples = batch.map(
      (_, r) => `(${plan.columns.map((__, c) => `$${r * width + c + 1}`).join(', ')})`,
    );
    // OVERRIDING SYSTEM VALUE: the copied ids, whatever kind of identity a column is.
    await client.query(
      `INSERT INTO ${quote(plan.name)} (${names}) OVERRIDING SYSTEM VALUE VALUES ${tuples.join(', ')}`,
      batch.flat(),
    );
  };
  let batch: unknown[][] = [];
  let written = 0;
  const flushBatch = async () => {
    await flush(batch);
    written += batch.length;
    batch = [];
  };
  for (const row of read.iterate() as IterableIterator<unknown[]>) {
    // SQLite keeps booleans as 0 and 1; everything else goes as it is (text, integers, reals, blobs).
    batch.push(row.map((value, i) => (plan.columns[i]?.boolean && value !== null ? Boolean(value) : value)));
    if (batch.length === perBatch) await flushBatch();
  }
  if (batch.length) await flushBatch();
  return written;
}

/** Restarts every identity sequence of the copied tables above its copied values. */
async function resetSequences(client: pg.PoolClient, plans: TablePlan[], marks: Map<string, number>) {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND is_identity = 'YES' ORDER BY table_name`,
  );
  const copied = new Set(plans.map((p) => p.name));
  const sequences: CopySummary['sequences'] = [];
  for (const { table_name: table, column_name: column } of rows.filter((r) => copied.has(r.table_name))) {
    const max = await client.query<{ max: string | null }>(
      `SELECT max(${quote(column)}) AS max FROM ${quote(table)}`,
    );
    const next = Math.max(Number(max.rows[0]?.max ?? 0), marks.get(table) ?? 0) + 1;
    await client.query('SELECT setval(pg_get_serial_sequence($1, $2), $3, false)', [
      quote(table),
      column,
      next,
    ]);
    sequences.push({ table, column, next });
  }
  return sequences;
}

export interface CopyOptions {
  /** The SQLite file (DATA_DIR/digquest.sqlite). */
  from: string;
  /** postgres://… of an empty database (migrated here). */
  to: string;
  /** Progress lines; default: none. */
  log?: (line: string) => void;
}

/** Copies the SQLite community at `from` into the empty PostgreSQL database at `to` (see the file's top). */
export async function copySqliteToPostgres(options: CopyOptions): Promise<CopySummary> {
  const log = options.log ?? (() => {});
  if (!/^postgres(ql)?:\/\//i.test(options.to)) throw new Error('--to must be a postgres:// URL');
  if (!fs.existsSync(options.from)) throw new Error(`${options.from}: no such SQLite file`);
  const started = performance.now();
  const sqlite = new Database(options.from, { readonly: true, fileMustExist: true });
  let pool: pg.Pool | undefined;
  let client: pg.PoolClient | undefined;
  try {
    checkSourceMigrations(sqlite);
    pool = await openPgPool(options.to, { max: 1 });
    client = await pool.connect();
    const plans = copyOrder();
    await checkEmpty(client, plans);
    sqlite.exec('BEGIN'); // one snapshot of the source for every table
    const marks = autoIncrementMarks(sqlite);
    await client.query('BEGIN');
    let copied: Omit<CopySummary, 'ms'>;
    try {
      copied = await copyAll(sqlite, client, plans, marks, log);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
    // Planner statistics, the visibility map and hint bits for the new rows now, rather than from autovacuum
    // and the first readers while the servers start (PostgreSQL's advice after a bulk load).
    log('  VACUUM (ANALYZE)');
    await client.query(`VACUUM (ANALYZE) ${plans.map((plan) => quote(plan.name)).join(', ')}`);
    return { ...copied, ms: performance.now() - started };
  } finally {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
    sqlite.close();
    client?.release();
    await pool?.end();
  }
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The copy itself, inside the target's transaction: tables, sequences, then the row counts compared. */
async function copyAll(
  sqlite: Database.Database,
  client: pg.PoolClient,
  plans: TablePlan[],
  marks: Map<string, number>,
  log: (line: string) => void,
): Promise<Omit<CopySummary, 'ms'>> {
  const tables: TableCopy[] = [];
  for (const plan of plans) await client.query(`ALTER TABLE ${quote(plan.name)} DISABLE TRIGGER USER`);
  for (const plan of plans) {
    const tableStarted = performance.now();
    const written = await copyTable(sqlite, client, plan).catch((error: unknown) => {
      throw new Error(`${plan.name}: ${error instanceof Error ? error.message : String(error)}`);
    });
    const ms = performance.now() - tableStarted;
    log(`  ${plan.name.padEnd(26)} ${written.toLocaleString('en-GB').padStart(11)} rows  ${seconds(ms)}`);
    tables.push({ table: plan.name, source: written, target: 0, ms });
  }
  for (const plan of plans) await client.query(`ALTER TABLE ${quote(plan.name)} ENABLE TRIGGER USER`);
  const sequences = await resetSequences(client, plans, marks);
  for (const copy of tables) {
    copy.source = (sqlite.prepare(`SELECT count(*) AS n FROM ${quote(copy.table)}`).get() as { n: number }).n;
    copy.target = await countRows(client, copy.table);
  }
  const wrong = tables.filter((t) => t.source !== t.target);
  if (wrong.length)
    throw new Error(
      `Row counts differ: ${wrong.map((t) => `${t.table} ${t.source} → ${t.target}`).join(', ')}`,
    );
  return { tables, sequences };
}
