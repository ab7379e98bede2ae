/**
 * SQLite behind the asynchronous drizzle API both engines share (docs/architecture.md "Storage engines"):
 * drizzle's sqlite-proxy driver over one better-sqlite3 connection, plus a lock that gives transactions the
 * meaning they have on PostgreSQL.
 *
 * One connection serves every request, and a transaction now spans `await`s: without the lock, a statement
 * of another request could run inside our open transaction (and be rolled back with it, or see our
 * uncommitted rows). So a transaction takes the lock for its whole duration, bound to its async context
 * with AsyncLocalStorage: its own statements run at once, any other statement waits until it ends. A
 * statement outside every transaction runs at once when nothing holds the lock (better-sqlite3 runs it
 * synchronously, so it cannot interleave with anything).
 *
 * Inside a transaction, the database object itself (not `tx`) is refused: on PostgreSQL it is another
 * connection, outside the transaction — and a second `db.transaction` there would wait for our change-log
 * lock forever. Failing here makes the SQLite test run catch what would misbehave on PostgreSQL.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';
import { drizzle, type SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import type { Logger } from 'drizzle-orm/logger';
import type * as tables from '@schema/db/tables';

type Method = 'run' | 'all' | 'values' | 'get';
type Remote = SqliteRemoteDatabase<typeof tables>;

/** A transaction's claim on the connection; `done` once it committed or rolled back. */
interface Holding {
  done: boolean;
}

/** FIFO lock of the connection, held by one async context (a transaction) at a time. */
class ConnectionLock {
  private readonly context = new AsyncLocalStorage<Holding>();
  private holder: Holding | null = null;
  private queue: Array<() => void> = [];

  /** True in the async context of the transaction holding the connection (and only until it ends). */
  heldHere(): boolean {
    const holding = this.context.getStore();
    return holding !== undefined && !holding.done && holding === this.holder;
  }

  /** True when nothing holds or waits for the connection: a statement may run now. */
  get free(): boolean {
    return this.holder === null && this.queue.length === 0;
  }

  /** Waits for the connection, runs `work` holding it, then hands it to the next in line. */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (!this.free) await new Promise<void>((resolve) => this.queue.push(resolve));
    const holding: Holding = { done: false };
    this.holder = holding;
    try {
      return await this.context.run(holding, work);
    } finally {
      holding.done = true;
      this.holder = null;
      this.queue.shift()?.();
    }
  }
}

/** Prepared statements by SQL text: drizzle builds the same few hundred texts over and over. */
class StatementCache {
  private readonly statements = new Map<string, Database.Statement>();
  constructor(private readonly sqlite: Database.Database) {}

  get(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (statement) {
      // Most recently used last, so the oldest is the first key.
      this.statements.delete(text);
    } else {
      statement = this.sqlite.prepare(text);
      if (this.statements.size >= 500) this.statements.delete(this.statements.keys().next().value ?? '');
    }
    this.statements.set(text, statement);
    return statement;
  }
}

/** better-sqlite3 binds no booleans: drizzle maps its boolean columns, raw `sql` values may still be. */
const bindable = (params: unknown[]) => params.map((p) => (typeof p === 'boolean' ? Number(p) : p));

/** Runs one statement; rows as arrays (raw), which is what sqlite-proxy maps onto the selected fields. */
function execute(
  cache: StatementCache,
  text: string,
  params: unknown[],
  method: Method,
): { rows: unknown[] } {
  const statement = cache.get(text);
  const values = bindable(params);
  if (method === 'run' || !statement.reader) {
    statement.run(...values);
    return { rows: [] };
  }
  if (method === 'get') return { rows: statement.raw(true).get(...values) as unknown[] };
  return { rows: statement.raw(true).all(...values) };
}

export interface SqliteStore {
  /** The database the app uses: statements outside transactions, and `transaction`. */
  db: Remote;
  /** Runs raw SQL under the lock (tests, scripts): rows as objects. */
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** The same connection and lock, with every statement logged (tests read query plans). */
  withLogger(logger: Logger): Remote;
  /** Waits for the transaction in progress, then closes the connection. */
  close(): Promise<void>;
}

const OUTSIDE_MESSAGE =
  'A database statement outside the transaction it runs in: use the transaction (tx) passed to the ' +
  'callback, not the database (sync-server/src/lib/sqlite-store.ts).';
const LATE_MESSAGE =
  'A statement on a transaction that has already ended (sync-server/src/lib/sqlite-store.ts).';

export function sqliteStore(sqlite: Database.Database, schema: typeof tables): SqliteStore {
  const lock = new ConnectionLock();
  const cache = new StatementCache(sqlite);

  /** Statements of the database object: never inside a transaction's context; else after it. */
  const outside = async (text: string, params: unknown[], method: Method) => {
    if (lock.heldHere()) throw new Error(OUTSIDE_MESSAGE);
    if (lock.free) return execute(cache, text, params, method);
    return lock.exclusive(async () => execute(cache, text, params, method));
  };
  /** Statements of a transaction (begin, savepoints, `tx.…`): only in the context holding the lock. */
  const inside = async (text: string, params: unknown[], method: Method) => {
    if (!lock.heldHere()) throw new Error(LATE_MESSAGE);
    return execute(cache, text, params, method);
  };

  const build = (logger?: Logger) => {
    const db = drizzle(outside, logger ? { schema, logger } : { schema });
    const transactions = drizzle(inside, logger ? { schema, logger } : { schema });
    // A transaction holds the lock from its `begin` to its `commit` or `rollback`; nested ones are
    // savepoints of the tx object (drizzle's `tx.transaction`), which run inside it.
    const transaction: Remote['transaction'] = async (work, config) => {
      if (lock.heldHere()) throw new Error(OUTSIDE_MESSAGE);
      return lock.exclusive(() => transactions.transaction(work, config));
    };
    db.transaction = transaction;
    return db;
  };

  return {
    db: build(),
    withLogger: build,
    query: async (text, params = []) => {
      const run = () => {
        const statement = cache.get(text);
        const values = bindable(params);
        if (!statement.reader) {
          statement.run(...values);
          return [];
        }
        return statement.raw(false).all(...values) as Record<string, unknown>[];
      };
      if (lock.heldHere()) throw new Error(OUTSIDE_MESSAGE);
      return lock.free ? run() : lock.exclusive(async () => run());
    },
    close: async () => {
      await lock.exclusive(async () => sqlite.close());
    },
  };
}
