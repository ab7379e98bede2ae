/**
 * PostgreSQL for tests: scratch databases and schema names (docs/testing.md). TEST_DATABASE_URL names the
 * maintenance database (default postgres://postgres@127.0.0.1:5432/test, as on the CI machine); every
 * scratch database is created beside it and dropped by its owner. PostgreSQL is required: when it cannot
 * be reached the tests fail with a message saying so, never skip (`npm run test:sqlite` runs without it).
 */
import pg from 'pg';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The URL without its password, for messages. */
function shown(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** A name PostgreSQL accepts unquoted: `<prefix>_<label>_<pid>_<time>_<random>`, lower-case. */
export function uniqueName(prefix: string, label: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  const name = `${prefix}_${label}_${process.pid}_${Date.now().toString(36)}_${random}`;
  return name
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 63);
}

/** Runs `work` on a connection to the maintenance database; a clear error when PostgreSQL is unreachable. */
export async function withMaintenanceClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${shown(TEST_DATABASE_URL)} (${(error as Error).message}). These tests ` +
        'need it: start PostgreSQL or set TEST_DATABASE_URL; `npm run test:sqlite` runs the SQLite tests alone.',
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops it, closing any connection still open on it. */
  drop(): Promise<void>;
}

/** A new empty database `digquest_<label>_…` on the test server. */
export async function createScratchDatabase(label: string): Promise<ScratchDatabase> {
  const name = uniqueName('digquest', label);
  await withMaintenanceClient((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await withMaintenanceClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
