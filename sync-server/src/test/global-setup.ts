/**
 * Global setup of the postgres test project (vite.config.ts, docs/testing.md): a fresh database
 * `digquest_test_<pid>_<time>` beside the maintenance database of TEST_DATABASE_URL (test/pg.ts), handed to
 * the test workers as TEST_PG_DATABASE_URL (each test app makes its own schema in it), and dropped when the
 * run ends — passed, failed or interrupted. Vitest answers Ctrl-C and SIGTERM with process.exit(), which
 * skips the teardown below, so an exit handler drops the database synchronously (in a child node process);
 * a run killed outright leaves its database behind for the next run to drop.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type pg from 'pg';
import { TEST_DATABASE_URL, withMaintenanceClient } from './pg';

const PREFIX = 'digquest_test_';
/** A leftover of a dead run older than this is dropped at the start of the next. */
const LEFTOVER_AFTER_MS = 60 * 60 * 1000;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but is someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Databases of runs killed before they could clean up (SIGKILL, a crash of the machine): this machine's
 * process is gone and the run is over an hour old. A plain DROP, refused while anyone is connected.
 */
async function dropLeftovers(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE '${PREFIX}%'`,
  );
  for (const { datname } of rows) {
    const match = /^digquest_test_(\d+)_(\d+)$/.exec(datname);
    if (!match) continue;
    const [pid, startedAt] = [Number(match[1]), Number(match[2])];
    if (processAlive(pid) || Date.now() - startedAt < LEFTOVER_AFTER_MS) continue;
    await client.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
  }
}

/** Drops the database from an exit handler, where nothing asynchronous runs any more. */
function dropSynchronously(name: string): void {
  const script =
    "const pg = require('pg'); const c = new pg.Client({ connectionString: process.argv[1] });" +
    'c.connect().then(() => c.query(process.argv[2])).catch((e) => { console.error(e.message); process.exitCode = 1; })' +
    '.finally(() => c.end());';
  spawnSync(
    process.execPath,
    ['-e', script, TEST_DATABASE_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`],
    {
      // Where `require('pg')` finds the package.
      cwd: path.resolve(import.meta.dirname, '../../..'),
      stdio: 'inherit',
      timeout: 15_000,
    },
  );
}

export default async function setup(): Promise<() => Promise<void>> {
  const name = `${PREFIX}${process.pid}_${Date.now()}`;
  await withMaintenanceClient(async (client) => {
    await dropLeftovers(client);
    await client.query(`CREATE DATABASE ${name}`);
  });
  let dropped = false;
  const onExit = () => {
    if (!dropped) dropSynchronously(name);
  };
  // First in line: Vitest's own exit listener calls process.exit() again, which ends the process at once.
  process.prependOnceListener('exit', onExit);

  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  // Read by the workers Vitest starts after this (the harness: test/harness.ts).
  process.env.TEST_PG_DATABASE_URL = url.toString();

  return async () => {
    process.off('exit', onExit);
    // FORCE: a test that failed before closing its app may have left connections open.
    await withMaintenanceClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    dropped = true;
  };
}
