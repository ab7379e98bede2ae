/**
 * `npm run bench:engines` — the same app on SQLite and on PostgreSQL (README.md "Scaling out"), through the
 * real app in process (no network), with one app server and with two on one database:
 * - push 1,000 mutations: `POST /api/sync/push` in 10 batches of 100, as the web sync engine sends them
 *   (finds with an uploaded photo, comments on them, likes, posts, comments on those), a new member each run;
 * - pull 10,000 records: a new member's first scoped pull from empty cursors until no scope has more, with
 *   SYNC_WINDOW=5000 (the newest 5,000 finds and 5,000 posts; sync-server/src/sync/PROTOCOL.md S25–S27);
 * - `GET /api/finds` first page (signed in), p50, at 1,000 and at 100,000 finds.
 * Two app servers: two app instances, each with its own connection (SQLite) or pool (PostgreSQL) on one
 * database, requests alternating between them as a round-robin load balancer sends them, one at a time.
 * SQLite has one writer: two servers on one file only take turns (and in one process a write waiting for
 * the other connection would block the event loop that connection needs), hence alternating, not parallel.
 *
 * Communities come from scripts/bench-bounded-data.ts (SQLite, direct SQL) and are copied to a scratch
 * PostgreSQL database by db:copy (scripts/db-copy.ts: multi-row INSERTs), so both engines hold the same
 * rows. The database is made on the server of TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
 * and dropped at the end. BENCH_FINDS=1000,100000 changes the sizes (push runs at the smallest, pull at
 * the largest). Prints a side-by-side table with the ratio SQLite : PostgreSQL.
 */
import sharp from 'sharp';
import { sessions, users } from '@schema/db/tables';
import type { Mutation, PullResponse, PushResponse, ScopeName } from '@schema/contracts/sync';
import { uuidv7 } from 'uuidv7';
import { createHash } from 'node:crypto';
import { createApp } from '../sync-server/src/app';
import { SESSION_COOKIE } from '../sync-server/src/lib/auth/session';
import { hashToken, newToken } from '../sync-server/src/lib/auth/tokens';
import { loadConfig, type Config } from '../sync-server/src/lib/config';
import { closeDatabase, openDatabase, rawQuery, type Db, type Engine } from '../sync-server/src/lib/db';
import { createLogger } from '../sync-server/src/lib/logger';
import { insertedRow } from '../sync-server/src/lib/query';
import { createScratchDatabase, TEST_DATABASE_URL, type ScratchDatabase } from '../sync-server/src/test/pg';
import { buildCommunity, dropCommunity, type Community } from './bench-bounded-data';
import { copySqliteToPostgres } from './db-copy-postgres';

const SIZES = (process.env.BENCH_FINDS ?? '1000,100000').split(',').map(Number);
const PUSH_SIZE = Math.min(...SIZES);
const PULL_SIZE = Math.max(...SIZES);
const WINDOW = 5000;
const PULL_RUNS = 5;
const PAGE_REQUESTS = 40;

type App = ReturnType<typeof createApp>;
/** One or two apps on one database, answering requests in turn. */
interface Servers {
  apps: App[];
  db: Db;
  next(): App;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const count = (n: number) => n.toLocaleString('en-GB');

function configFor(community: Community): Config {
  return loadConfig({
    DATA_DIR: community.dir,
    LOG_LEVEL: 'silent',
    DIGQUESTOR_PASSWORD: 'bench-password',
    SYNC_WINDOW: String(WINDOW),
    UPLOAD_RATE_LIMIT: '100000',
  });
}

function servers(dbs: Db[], config: Config): Servers {
  const apps = dbs.map((db) =>
    createApp({ db, config, logger: createLogger('silent'), mailer: { send: async () => {} } }),
  );
  let turn = 0;
  return { apps, db: dbs[0] as Db, next: () => apps[turn++ % apps.length] as App };
}

/** A new member with a session, made in the database (no password hash: sign-up is not what we time). */
async function newMember(db: Db, name: string): Promise<string> {
  const { id } = await insertedRow(
    db
      .insert(users)
      .values({ username: name, email: `${name}@bench.local`, password: 'x' })
      .returning({ id: users.id }),
  );
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: id,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  return `${SESSION_COOKIE}=${token}`;
}

/** One request as a signed-in member: JSON, or raw bytes (a photo upload) when given bytes. */
async function request(app: App, cookie: string, method: string, url: string, body?: unknown) {
  const bytes = body instanceof Uint8Array;
  const type = bytes ? 'image/jpeg' : 'application/json';
  const res = await app.request(url, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': type }) },
    ...(body === undefined ? {} : { body: bytes ? new Uint8Array(body) : JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text;
}

const mutation = (
  entity: Mutation['entity'],
  uid: string,
  payload: Record<string, unknown> = {},
): Mutation => ({
  mutationId: uuidv7(),
  entity,
  op: 'create',
  uid,
  payload,
  createdAt: new Date().toISOString(),
});

/** A member pushing as the web sync engine does: their photo uploaded first, then batches of 100. */
async function pusher(s: Servers, name: string) {
  const cookie = await newMember(s.db, name);
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8a6' } })
    .jpeg()
    .toBuffer();
  const sha = createHash('sha256').update(photo).digest('hex');
  await request(s.next(), cookie, 'PUT', `/api/sync/blobs/${sha}`, new Uint8Array(photo));
  const likeable = (await rawQuery(s.db, 'SELECT uid FROM finds ORDER BY id LIMIT 200')).map((r) =>
    String(r.uid),
  );
  /** Batch `n` (0–9): 20 finds, a comment on each, 20 likes, 20 posts, a comment on each. */
  return async (n: number): Promise<number> => {
    const finds = Array.from({ length: 20 }, () => uuidv7());
    const posts = Array.from({ length: 20 }, () => uuidv7());
    const mutations = [
      ...finds.map((uid, i) =>
        mutation('finds', uid, {
          title: `Pushed find ${n}-${i}`,
          description: 'Logged offline in the field',
          location: 'Norfolk, UK',
          period: 'Roman',
          imageSha256: sha,
        }),
      ),
      ...finds.map((findUid) => mutation('find_comments', uuidv7(), { findUid, content: 'Found at dusk' })),
      ...likeable.slice(n * 20, n * 20 + 20).map((uid) => mutation('find_likes', uid)),
      ...posts.map((uid, i) =>
        mutation('posts', uid, {
          title: `Field report ${n}-${i}`,
          content: 'Stubble, two buttons.',
          categoryId: 1,
        }),
      ),
      ...posts.map((postUid) => mutation('comments', uuidv7(), { postUid, content: 'Nice one' })),
    ];
    const started = performance.now();
    const text = await request(s.next(), cookie, 'POST', '/api/sync/push', { mutations });
    const ms = performance.now() - started;
    const refused = (JSON.parse(text) as PushResponse).results.filter((r) => r.status !== 'applied');
    if (refused.length) throw new Error(`push refused: ${JSON.stringify(refused[0])}`);
    return ms;
  };
}

/** A new member's first pull of every scope, until none has more; answers the time and what came. */
async function pull(s: Servers, name: string): Promise<{ ms: number; changes: Map<string, number> }> {
  const cookie = await newMember(s.db, name);
  const scopes: ScopeName[] = ['own', 'reference', 'recent:finds', 'recent:posts'];
  const cursors = new Map<ScopeName, string>(scopes.map((scope) => [scope, '']));
  const changes = new Map<string, number>();
  let pending = scopes;
  const started = performance.now();
  while (pending.length) {
    const body = {
      scopes: pending.map((scope) => ({ scope, cursor: cursors.get(scope) ?? '' })),
      limit: 2000,
    };
    const answer = JSON.parse(
      await request(s.next(), cookie, 'POST', '/api/sync/pull', body),
    ) as PullResponse;
    for (const change of answer.changes) changes.set(change.entity, (changes.get(change.entity) ?? 0) + 1);
    for (const state of answer.scopes) cursors.set(state.scope, state.cursor);
    pending = answer.scopes.filter((state) => state.hasMore).map((state) => state.scope);
  }
  return { ms: performance.now() - started, changes };
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Figures by label, per engine. */
const figures = new Map<string, Partial<Record<Engine, number>>>();
const notes: string[] = [];
const record = (label: string, engine: Engine, value: number) =>
  figures.set(label, { ...figures.get(label), [engine]: value });

/**
 * Every figure for one community on one engine, with one app and with two. The two set-ups take turns
 * sample by sample (after a warm-up of each), so a busy moment of the machine weighs on both alike.
 */
async function measure(community: Community, engine: Engine, dbs: Db[]) {
  const config = configFor(community);
  const setups = [
    { label: '1 app', s: servers(dbs.slice(0, 1), config) },
    { label: '2 apps', s: servers(dbs, config) },
  ];
  const tag = `${engine}_${community.finds}`;

  const readers = await Promise.all(setups.map(({ s }, i) => newMember(s.db, `reader_${tag}_${i}`)));
  const pageTimes = setups.map(() => [] as number[]);
  for (let round = -5; round < PAGE_REQUESTS; round++)
    for (const [i, { s }] of setups.entries()) {
      const ms = await timed(() => request(s.next(), readers[i] ?? '', 'GET', '/api/finds'));
      if (round >= 0) pageTimes[i]?.push(ms);
    }
  for (const [i, { label }] of setups.entries())
    record(
      `GET /api/finds first page p50, ${count(community.finds)} finds, ${label}`,
      engine,
      median(pageTimes[i] ?? []),
    );

  if (community.finds === PULL_SIZE) {
    const pullTimes = setups.map(() => [] as number[]);
    let what = '';
    for (let run = -1; run < PULL_RUNS; run++)
      for (const [i, { s }] of setups.entries()) {
        const { ms, changes } = await pull(s, `puller_${tag}_${i}_${run + 1}`);
        if (run >= 0) pullTimes[i]?.push(ms);
        const by = (entity: string) => changes.get(entity) ?? 0;
        what = `pull ${count(by('finds') + by('posts'))} finds and posts (+ ${count(by('users'))} authors, categories)`;
      }
    for (const [i, { label }] of setups.entries())
      record(`${what}, new member, ${label}`, engine, median(pullTimes[i] ?? []));
  }

  if (community.finds === PUSH_SIZE) {
    await (
      await pusher(setups[0]?.s as Servers, `warmup_${tag}`)
    )(0);
    const batches = await Promise.all(setups.map(({ s }, i) => pusher(s, `pusher_${tag}_${i}`)));
    const pushTimes = setups.map(() => 0);
    for (let n = 0; n < 10; n++)
      for (const [i, batch] of batches.entries()) pushTimes[i] = (pushTimes[i] ?? 0) + (await batch(n));
    for (const [i, { label }] of setups.entries())
      record(`push 1,000 mutations (10 batches of 100), ${label}`, engine, pushTimes[i] ?? 0);
  }
}

let scratch: ScratchDatabase | undefined;
const started = performance.now();
try {
  for (const size of SIZES) {
    let t = performance.now();
    const community = await buildCommunity(size, Math.min(500, Math.round(size / 20)));
    const built = (performance.now() - t) / 1000;
    scratch = await createScratchDatabase(`bench_${size}`);
    t = performance.now();
    const copy = await copySqliteToPostgres({ from: community.file, to: scratch.url });
    const rows = copy.tables.reduce((sum, table) => sum + table.target, 0);
    notes.push(
      `${count(size)} finds: ${count(rows)} rows; built on SQLite in ${built.toFixed(1)} s, ` +
        `db:copy to PostgreSQL in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    console.log(notes.at(-1));
    const second = await openDatabase({ engine: 'sqlite', file: community.file });
    await measure(community, 'sqlite', [community.db, second]);
    await closeDatabase(second);
    const pgConfig = { engine: 'postgres' as const, url: scratch.url, poolSize: 10 };
    const pgDbs = [await openDatabase(pgConfig), await openDatabase(pgConfig)];
    await measure(community, 'postgres', pgDbs);
    for (const db of pgDbs) await closeDatabase(db);
    await dropCommunity(community);
    await scratch.drop();
    scratch = undefined;
  }
} finally {
  await scratch?.drop();
}

const ms = (value: number | undefined) =>
  value === undefined ? '—' : `${value.toFixed(value < 100 ? 2 : 0)} ms`;
const rows = [...figures].map(([label, f]) => [
  label,
  ms(f.sqlite),
  ms(f.postgres),
  f.sqlite && f.postgres ? `1 : ${(f.postgres / f.sqlite).toFixed(2)}` : '—',
]);
const header = ['', 'SQLite', 'PostgreSQL', 'SQLite : PostgreSQL'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ');
console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-+-')}`);
for (const row of rows) console.log(line(row));
console.log(
  '\nTimes, lower is better; SQLite : PostgreSQL is 1 : (PostgreSQL time / SQLite time). In process, ' +
    `PostgreSQL at ${new URL(TEST_DATABASE_URL).host}; ${((performance.now() - started) / 1000).toFixed(0)} s in all.`,
);
for (const note of notes) console.log(note);
