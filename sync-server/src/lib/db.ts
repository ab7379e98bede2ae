/**
 * The database, on either engine (docs/architecture.md "Storage engines"): embedded SQLite by default,
 * PostgreSQL when DATABASE_URL is set. Both are the same drizzle API — the asynchronous SQLite one, over
 * our SQLite table objects (@schema/db/tables) — so services are written once: awaited query builders only
 * (lib/query.ts has the helpers; ESLint bans the SQLite-only .get() .all() .run() .values()), portable SQL
 * (lib/sql.ts), and `engineOf(store)` where an engine needs its own SQL (search, the change-log lock).
 *
 * Migrations are applied when the database is opened: sync-server/migrations for SQLite,
 * sync-server/migrations/pg for PostgreSQL (lib/pg-migrate.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { entityKind, sql } from 'drizzle-orm';
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { Logger } from 'drizzle-orm/logger';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import * as tables from '@schema/db/tables';
import type { Config } from './config';
import { sqliteStore } from './sqlite-store';

/**
 * The database or a transaction on it: service functions take either, so push can wrap them in its own
 * transaction (theirs become savepoints). What a write statement answers differs per engine, hence
 * `unknown`: count rows with `.returning()` instead.
 */
export type Store = BaseSQLiteDatabase<'async', unknown, typeof tables>;
/** The database the app opened (openDatabase): a Store that is not a transaction. */
export type Db = Store;

export type Engine = 'sqlite' | 'postgres';

export type DatabaseConfig =
  | { engine: 'sqlite'; file: string }
  | {
      engine: 'postgres';
      url: string;
      /** Most connections of the pool (DATABASE_POOL_SIZE, default 10). */
      poolSize: number;
      /** A schema of its own (tests: one per app); unset, the connection's default. */
      schema?: string;
    };

/** DATABASE_URL chooses PostgreSQL; otherwise SQLite in DATA_DIR. */
export function databaseConfig(config: Config): DatabaseConfig {
  return config.databaseUrl
    ? { engine: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
    : { engine: 'sqlite', file: path.join(config.dataDir, 'digquest.sqlite') };
}

/** The connections of a PostgreSQL pool now (pg.Pool's counts) and its maximum. */
export interface PoolUse {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

/** What openDatabase keeps about each database it opened. */
interface Opened {
  engine: Engine;
  query(text: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  withLogger(logger: Logger): Db;
  close(): Promise<void>;
  /** Where the engine's committed migrations are, and the table the database records applied ones in. */
  migrations: { folder: string; journalTable: string };
  /** PostgreSQL only: SQLite has one connection, no pool. */
  poolUse?: () => PoolUse;
}
const opened = new WeakMap<Db, Opened>();

/**
 * The committed SQLite migrations: beside the built server (dist/server/migrations, copied by
 * scripts/build-server.ts), or sync-server/migrations when the TypeScript runs from sync-server/src/lib.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder =
  [path.join(here, 'migrations'), path.resolve(here, '../../migrations')].find((dir) =>
    fs.existsSync(path.join(dir, 'meta', '_journal.json')),
  ) ?? path.resolve(here, '../../migrations');

function openSqlite(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Migrated on the raw connection, before anything else can use it.
  migrate(drizzleSqlite(sqlite), { migrationsFolder });
  const store = sqliteStore(sqlite, tables);
  const db: Db = store.db;
  opened.set(db, {
    engine: 'sqlite',
    query: store.query,
    withLogger: (logger) => store.withLogger(logger),
    close: store.close,
    migrations: { folder: migrationsFolder, journalTable: '__drizzle_migrations' },
  });
  return db;
}

/**
 * The one place a PostgreSQL drizzle instance becomes our Db (the SQLite type). Sound because the two
 * agree on everything services do: they hold the same SQLite table objects, from which drizzle's pg dialect
 * builds PostgreSQL (select, insert/update/delete with returning, onConflictDoNothing, transactions with
 * savepoints); services only await query builders — the SQLite-only methods (.get() .all() .run() .values(),
 * db.run(sql)…) are banned by ESLint — and where SQL differs they branch on engineOf; and the whole server
 * test suite runs on both engines. A transaction object is the same kind of object as its database.
 * `asPostgres` below is the way back, for the few PostgreSQL-only calls.
 */
const asDb = (pg: PgDatabase<NodePgQueryResultHKT, typeof tables>) => pg as unknown as Db;

/** The PostgreSQL drizzle instance behind a Store of engine 'postgres' (execute). */
export function asPostgres(store: Store): PgDatabase<NodePgQueryResultHKT, typeof tables> {
  if (engineOf(store) !== 'postgres') throw new Error('asPostgres: not a PostgreSQL store');
  return store as unknown as PgDatabase<NodePgQueryResultHKT, typeof tables>;
}

/**
 * PostgreSQL transactions holding the change log's append lock, by session: a transaction and its
 * savepoints share one (drizzle makes a session per pooled transaction), so the lock is taken once.
 */
const appendLockHeld = new WeakSet<object>();

/**
 * Pull never skips a write (sync/PROTOCOL.md S11; docs/architecture.md "Storage engines"): on PostgreSQL,
 * two transactions appending to the change log at once could commit out of seq order, and a pull that
 * already passed the higher seq would never see the lower one. So a transaction takes the log's advisory lock
 * (migrations/pg/0002_change_log.sql; keyed by the schema's log since 0024) before it appends, and holds it
 * until it commits or rolls back:
 * appends are serialised, and every seq below a visible one is committed (or rolled back, a gap).
 * Taken once per transaction (re-entrant anyway); nothing to do on SQLite, one writer at a time.
 */
export async function lockChangeLog(tx: Store): Promise<void> {
  if (engineOf(tx) !== 'postgres') return;
  if (!isTransaction(tx)) throw new Error('The change-log lock is taken inside a transaction');
  const pg = asPostgres(tx);
  if (appendLockHeld.has(pg._.session)) return;
  await pg.execute(sql`SELECT lock_change_log_appends()`);
  appendLockHeld.add(pg._.session);
}

/** Read-only snapshot transactions of each PostgreSQL database (see readSnapshot). */
const snapshots = new WeakMap<Db, <T>(work: (tx: Store) => Promise<T>) => Promise<T>>();

/**
 * Reads in one consistent snapshot: on PostgreSQL a read-only REPEATABLE READ transaction, which never
 * waits for writers; on SQLite a transaction (lib/sqlite-store.ts holds the connection for its whole
 * duration). Inside a transaction, a savepoint of it.
 */
export async function readSnapshot<T>(store: Store, work: (tx: Store) => Promise<T>): Promise<T> {
  const snapshot = snapshots.get(store);
  return snapshot ? snapshot(work) : store.transaction(work);
}

async function openPostgres(config: Extract<DatabaseConfig, { engine: 'postgres' }>): Promise<Db> {
  // Loaded only here: a SQLite server never loads the PostgreSQL driver.
  const [{ drizzle }, { openPgPool, PG_MIGRATIONS_FOLDER }, { default: pg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('./pg-migrate'),
    import('pg'),
  ]);
  // bigint (int8: the change log's seq, count(*)) as a number, as SQLite answers it, not pg's string.
  // Safe: no value of ours comes near 2^53; one that did would fail loudly here rather than round.
  pg.types.setTypeParser(pg.types.builtins.INT8, safeInteger);
  const options = { max: config.poolSize, ...(config.schema === undefined ? {} : { schema: config.schema }) };
  const pool = await openPgPool(config.url, options);
  const make = (logger?: Logger) => {
    const postgres = drizzle(pool, logger ? { schema: tables, logger } : { schema: tables });
    const begin = postgres.transaction.bind(postgres);
    // Every read-write transaction takes the change-log lock first (lockChangeLog), before any row lock:
    // taken at its first append instead, a transaction holding a row (a post's counters) could wait for the
    // lock while the lock's holder waits for that row — a deadlock.
    postgres.transaction = (work, txConfig) =>
      begin(async (tx) => {
        await lockChangeLog(asDb(tx));
        return work(tx);
      }, txConfig);
    const db = asDb(postgres);
    snapshots.set(db, (work) =>
      begin((tx) => work(asDb(tx)), { isolationLevel: 'repeatable read', accessMode: 'read only' }),
    );
    return db;
  };
  const db = make();
  opened.set(db, {
    engine: 'postgres',
    query: async (text, params) => (await pool.query(numberedPlaceholders(text), params)).rows,
    withLogger: make,
    close: () => pool.end(),
    // drizzle's journal: in the app's own schema when it has one (lib/pg-migrate.ts), else `drizzle`.
    migrations: {
      folder: PG_MIGRATIONS_FOLDER,
      journalTable: `${config.schema ?? 'drizzle'}.__drizzle_migrations`,
    },
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: config.poolSize,
    }),
  });
  return db;
}

/** Opens the database, applies its pending migrations and answers it ready for use. */
export async function openDatabase(config: DatabaseConfig): Promise<Db> {
  return config.engine === 'postgres' ? openPostgres(config) : openSqlite(config.file);
}

/** True when drizzle's class of `value` is, or extends, the class of that entity kind. */
function isKind(value: object, kind: string): boolean {
  for (let type: unknown = value.constructor; typeof type === 'function'; type = Object.getPrototypeOf(type))
    if ((type as { [entityKind]?: string })[entityKind] === kind) return true;
  return false;
}

/** The engine of a database or of a transaction on it. */
export function engineOf(store: Store): Engine {
  return isKind(store, 'PgDatabase') ? 'postgres' : 'sqlite';
}

/** True for a transaction (or savepoint) object, false for the database itself. */
export function isTransaction(store: Store): boolean {
  return isKind(store, 'PgTransaction') || isKind(store, 'SQLiteTransaction');
}

function registered(db: Db): Opened {
  const entry = opened.get(db);
  if (!entry) throw new Error('This database was not opened by openDatabase');
  return entry;
}

/** Closes the database: SQLite after the transaction in progress, PostgreSQL's pool after its queries. */
export async function closeDatabase(db: Db): Promise<void> {
  await registered(db).close();
}

/** The PostgreSQL pool's use now (GET /metrics); undefined on SQLite. */
export function poolUse(db: Db): PoolUse | undefined {
  return registered(db).poolUse?.();
}

/**
 * Whether the database has recorded the newest committed migration of its engine (GET /api/ready): drizzle
 * journals each applied migration with the `when` of its entry in meta/_journal.json as `created_at`.
 */
export async function migrationsUpToDate(db: Db): Promise<boolean> {
  const { migrations, query } = registered(db);
  const journal = JSON.parse(
    await fs.promises.readFile(path.join(migrations.folder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  const [row] = await query(`SELECT max(created_at) AS applied FROM ${migrations.journalTable}`, []);
  return Number(row?.applied ?? 0) >= newest;
}

/**
 * Raw SQL with `?` placeholders, rows as objects, for tests and scripts (services use query builders).
 * Column values come back as each engine gives them (PostgreSQL: booleans as booleans; SQLite: 0 and 1).
 */
export function rawQuery(db: Db, text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  return registered(db).query(text, params);
}

/** The same database with every statement logged (tests read the queries a function makes). */
export function withQueryLogger(db: Db, logger: Logger): Db {
  return registered(db).withLogger(logger);
}

function safeInteger(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`${text} does not fit a JavaScript number`);
  return value;
}

/** `?` → `$1`, `$2`… outside quoted strings, for PostgreSQL. */
function numberedPlaceholders(text: string): string {
  let n = 0;
  return text.replace(/'(?:[^']|'')*'|\?/g, (match) => (match === '?' ? `$${++n}` : match));
}
