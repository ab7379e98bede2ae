/**
 * In-process test harness: a real database with migrations applied, the seeded official account, and
 * helpers that carry cookies like a browser would. Mail is captured instead of sent.
 *
 * The engine comes from DB_ENGINE (docs/testing.md): a SQLite file in a temporary directory by default;
 * with DB_ENGINE=postgres, a schema of its own per app in the database at TEST_PG_DATABASE_URL (a scratch
 * database made for the run), or else at TEST_DATABASE_URL — dropped when the app closes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app';
import type { Deps } from '../deps';
import { jobHandlers } from '../job-handlers';
import { loadConfig, type Config } from '../lib/config';
import pg from 'pg';
import { closeDatabase, openDatabase, rawQuery, type DatabaseConfig, type Engine } from '../lib/db';
import { createLogger } from '../lib/logger';
import { runDueJobs } from '../lib/jobs/worker';
import type { MailMessage } from '../lib/mail';
import { seedInitial } from '../seed/initial';
import { TEST_DATABASE_URL, uniqueName } from './pg';
import { runsOnPostgres } from './projects';

export const OFFICIAL_PASSWORD = 'official-password';

/** The engine the server tests run on. */
export const TEST_ENGINE: Engine = process.env.DB_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * A test file that starts the server runs on both engines: one missing from the postgres project
 * (projects.ts) fails here, on SQLite, rather than never running on PostgreSQL.
 */
// Vitest only when running under it: scripts (`npm run bench:map`) start the test app too.
const vitestExpect = process.env.VITEST ? (await import('vitest')).expect : undefined;

function assertRunsOnPostgresToo(): void {
  const testPath = vitestExpect?.getState().testPath;
  if (!testPath) return;
  const file = path.relative(repositoryRoot, testPath).split(path.sep).join('/');
  if (!runsOnPostgres(file))
    throw new Error(
      `${file} starts the server in process but is not in the postgres test project: list it in ` +
        'sync-server/src/test/projects.ts, so it runs on both engines (docs/testing.md).',
    );
}

/** A database for one test app, and how to remove it once the app is closed. */
async function testDatabase(dataDir: string): Promise<{ config: DatabaseConfig; drop: () => Promise<void> }> {
  assertRunsOnPostgresToo();
  if (TEST_ENGINE === 'sqlite')
    return { config: { engine: 'sqlite', file: path.join(dataDir, 'test.sqlite') }, drop: async () => {} };
  const url = process.env.TEST_PG_DATABASE_URL ?? TEST_DATABASE_URL;
  const schema = uniqueName('app', 'test');
  return {
    config: { engine: 'postgres', url, poolSize: 4, schema },
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface TestAppOptions {
  /** This database instead of a fresh one of TEST_ENGINE (kept when the app closes): db:copy's test. */
  database?: DatabaseConfig;
}

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-test-'));
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    DIGQUESTOR_PASSWORD: OFFICIAL_PASSWORD,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    // Every in-process request comes from one address and most tests sign up many members: the sign-up and
    // upload throttles get their own tests, which set these lower.
    SIGNUP_RATE_LIMIT: '10000',
    UPLOAD_RATE_LIMIT: '10000',
    // Tests of other features write many messages, comments and posts as one member in a moment.
    MESSAGE_RATE_LIMIT: '10000',
    COMMENT_RATE_LIMIT: '10000',
    POST_RATE_LIMIT: '10000',
    REPORT_RATE_LIMIT: '10000',
    PUSH_RATE_LIMIT: '100000',
    ...env,
  });
  const database = options.database
    ? { config: options.database, drop: async () => {} }
    : await testDatabase(dataDir);
  const db = await openDatabase(database.config);
  await seedInitial(db, config.officialPassword);
  const mail: MailMessage[] = [];
  const deps: Deps = {
    db,
    config,
    logger: createLogger('silent'),
    mailer: { send: async (m) => void mail.push(m) },
  };
  const app = createApp(deps);

  /** Runs the jobs due at `now` (default: the real clock) as a worker would; how many ran (docs/jobs.md). */
  const runJobs = (now?: Date) => runDueJobs(deps, jobHandlers, now ? { now } : {});

  /** A client with its own cookie jar, like one browser. */
  function client() {
    let cookie = '';
    async function request(
      method: string,
      url: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (cookie) (init.headers as Record<string, string>).cookie = cookie;
      if (body instanceof FormData) init.body = body;
      else if (typeof body === 'string') {
        init.body = body;
        (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      } else if (body !== undefined) {
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)['content-type'] = 'application/json';
      }
      const res = await app.request(url, init);
      const setCookie = res.headers.get('set-cookie');
      if (setCookie) {
        const pair = setCookie.split(';')[0] ?? '';
        cookie = /=$/.test(pair) || /Max-Age=0/i.test(setCookie) ? '' : pair;
      }
      const text = await res.text();
      let json: unknown = undefined;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary answer fields
      return { status: res.status, headers: res.headers, text, json: json as any };
    }
    return {
      request,
      get: (url: string) => request('GET', url),
      post: (url: string, body?: unknown) => request('POST', url, body),
      put: (url: string, body?: unknown) => request('PUT', url, body),
      patch: (url: string, body?: unknown) => request('PATCH', url, body),
      del: (url: string, body?: unknown) => request('DELETE', url, body),
      get cookie() {
        return cookie;
      },
      set cookie(value: string) {
        cookie = value;
      },
    };
  }

  /** Registers and signs in a member; returns their client and user object. */
  async function member(username: string, password = 'secret-password') {
    const c = client();
    const res = await c.post('/api/users/register', {
      username,
      email: `${username.toLowerCase()}@example.com`,
      password,
    });
    if (res.status !== 201 && res.status !== 200)
      throw new Error(`register ${username}: ${res.status} ${res.text}`);
    return { client: c, user: res.json as { id: number; username: string }, password };
  }

  /** Raw SQL on the app's database (`?` placeholders), rows as objects: what "the server holds". */
  const sql = (text: string, ...params: unknown[]) => rawQuery(db, text, params);

  async function close() {
    await closeDatabase(db);
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  return {
    app,
    db,
    engine: database.config.engine,
    database: database.config,
    config,
    mail,
    dataDir,
    client,
    member,
    sql,
    runJobs,
    close,
  };
}

/**
 * Another app server on `t`'s database, as behind a load balancer (docs/testing.md): its own connection and
 * its own process state, the same photos (`t`'s DATA_DIR, as a shared volume or bucket would be). Close it
 * before `t`; it never drops the database. On SQLite, a second connection to the same file.
 */
export function anotherServer(t: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({ ...env, DATA_DIR: t.dataDir }, { database: t.database });
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
