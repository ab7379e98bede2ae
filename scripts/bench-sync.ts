/**
 * `npm run bench:sync` — the sync engine in Chromium against the real server (issue 18's browser figures):
 *   - pull: a member's new device pulls every scope; the member owns 10,000, then 50,000 finds (they come
 *     with `own`), so the per-record time shows whether a pull stays linear;
 *   - push: 1,000, then 10,000 finds queued offline and pushed (each names one photo uploaded beforehand);
 *   - browse: a visitor's device pulls the window, reads 50 gallery pages beyond it from REST, then evicts
 *     (C16): IndexedDB usage before and after.
 * Chromium runs on an on-disk profile in a new temporary directory (deleted at the end), and every
 * measurement opens a database no one used before and deletes it afterwards: an in-memory incognito
 * profile, or databases left from earlier runs, make later runs slower and the figures misleading.
 * Only one browser at a time on a shared machine: it waits while another Chromium runs.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { serve } from '@hono/node-server';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import sharp from 'sharp';
import { uuidv7 } from 'uuidv7';
import { FIND_PERIODS } from '@schema/contracts/finds';
import { FINDS_PAGE_SIZE } from '@schema/contracts/finds-constants';
import { createTestApp } from '../sync-server/src/test/harness';
import type { BrowseFigures, PullFigures, PushFigures } from './bench-sync-page';

const counts = (value: string) =>
  value
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
const PULLS = counts(process.env.BENCH_PULLS ?? '10000,50000');
const PUSHES = counts(process.env.BENCH_PUSHES ?? '1000,10000');
const BROWSE_PAGES = Number(process.env.BENCH_BROWSE_PAGES ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 4390);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const origin = `http://localhost:${PORT}`;

/** Another helper's or test run's Chromium on this machine: wait for it (one browser at a time). */
async function waitForOtherBrowsers(): Promise<void> {
  for (let waited = 0; ; waited += 10) {
    let running = '';
    try {
      running = execFileSync('pgrep', ['-f', 'chromium'], { encoding: 'utf8' }).trim();
    } catch {
      return; // pgrep exits 1 when nothing matches
    }
    if (!running) return;
    if (waited % 60 === 0)
      console.log(`another Chromium is running (pids ${running.replace(/\n/g, ' ')}); waiting…`);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
  }
}

const t = await createTestApp({ PUBLIC_URL: origin });

/** The server's SQLite file, written directly for seeding (setup, not what is measured). */
function serverDatabase(): Database.Database {
  const file = fs.readdirSync(t.dataDir).find((name) => /\.(sqlite|db)$/.test(name));
  if (!file) throw new Error(`no SQLite file in ${t.dataDir}`);
  const db = new Database(path.join(t.dataDir, file));
  db.pragma('busy_timeout = 10000');
  return db;
}

/** A member with a session; its cookie is given to the browser for the measurements made as them. */
async function benchMember(name: string): Promise<{ id: number; session: string }> {
  const { client, user } = await t.member(name);
  const session = /dq_session=([^;]+)/.exec(client.cookie)?.[1];
  if (!session) throw new Error('no session cookie');
  return { id: Number(user.id), session };
}

/**
 * `count` finds owned by `ownerId`, with the change-log rows the service would write (one per record, its
 * owner: PROTOCOL.md S26, S29), in one transaction.
 */
function seedOwnFinds(ownerId: number, count: number): void {
  const db = serverDatabase();
  const insertFind = db.prepare(
    'INSERT INTO finds (uid, title, description, user_id, location, image_url, period) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
  );
  const logChange = db.prepare(
    "INSERT INTO change_log (entity, entity_id, uid, op, owner_id) VALUES ('finds', ?, ?, 'upsert', ?)",
  );
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const uid = uuidv7();
      const row: unknown = insertFind.get(
        uid,
        `Seeded find ${i}`,
        `A find for the benchmark, number ${i}.`,
        ownerId,
        'Wiltshire, UK',
        '/uploads/bench.webp',
        FIND_PERIODS[i % FIND_PERIODS.length],
      );
      logChange.run(Number(Reflect.get(Object(row), 'id')), uid, ownerId);
    }
  })();
  db.close();
}

const started = performance.now();
const pullers = [];
for (const [i, count] of PULLS.entries()) {
  const who = await benchMember(`BenchPull${i}`);
  seedOwnFinds(who.id, count);
  pullers.push({ ...who, count });
}
const pusher = await benchMember('BenchPush');
console.log(
  `seeded ${PULLS.map((n) => n.toLocaleString()).join(' + ')} finds in ${(performance.now() - started).toFixed(0)} ms`,
);

const bundle = await build({
  entryPoints: [path.join(root, 'scripts/bench-sync-page.ts')],
  bundle: true,
  format: 'esm',
  write: false,
  minify: true,
  target: 'es2022',
  tsconfig: path.join(root, 'tsconfig.json'),
});
const script = bundle.outputFiles[0]?.text ?? '';
const page =
  '<!doctype html><meta charset="utf-8"><title>bench</title><script type="module" src="/bench.js"></script>';

/** Server time per endpoint, to tell the server's share from the browser's. */
const serverMs = new Map<string, { calls: number; ms: number }>();
const server = serve({
  port: PORT,
  fetch: async (req) => {
    const { pathname } = new URL(req.url);
    if (pathname === '/bench.html') return new Response(page, { headers: { 'content-type': 'text/html' } });
    if (pathname === '/bench.js')
      return new Response(script, { headers: { 'content-type': 'text/javascript' } });
    const key = `${req.method} ${pathname.replace(/[0-9a-f]{64}/, '{sha}')}`;
    const began = performance.now();
    const res = await t.app.fetch(req);
    const body = await res.arrayBuffer();
    const entry = serverMs.get(key) ?? { calls: 0, ms: 0 };
    entry.calls += 1;
    entry.ms += performance.now() - began;
    serverMs.set(key, entry);
    return new Response(body, { status: res.status, headers: res.headers });
  },
});

const photo = await sharp({
  create: { width: 64, height: 48, channels: 3, background: { r: 120, g: 90, b: 40 } },
})
  .jpeg()
  .toBuffer();
const sha = createHash('sha256').update(photo).digest('hex');

await waitForOtherBrowsers();
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-bench-profile-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
const perRecord = (ms: number, records: number) =>
  `${((ms / Math.max(1, records)) * 1000).toFixed(0)} µs/record`;
const mb = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
try {
  const tab = context.pages()[0] ?? (await context.newPage());
  await tab.goto(`${origin}/bench.html`);
  await tab.waitForFunction(() => 'digquestBench' in window);
  const signInAs = async (session: string) => {
    await context.clearCookies();
    await context.addCookies([{ name: 'dq_session', value: session, url: origin }]);
  };

  console.log('\nsync benchmark — Chromium on an on-disk profile, fresh databases, real server in-process\n');
  // First, while the profile's IndexedDB files hold nothing else: its estimate is this database's alone.
  await context.clearCookies();
  const browse: BrowseFigures = await tab.evaluate(
    ([pages, size]) => Reflect.get(window, 'digquestBench').benchBrowse(pages, size),
    [BROWSE_PAGES, FINDS_PAGE_SIZE] as const,
  );
  console.log(
    `\nbrowse: the window, then ${browse.pages} gallery pages beyond it (${FINDS_PAGE_SIZE} finds each) as a visitor`,
  );
  console.log(
    `  before eviction: ${browse.findsBefore} finds, ${browse.pinsBefore} pins; rows ${mb(browse.rowsBefore)}; browser's estimate ${mb(browse.usageBefore)} (IndexedDB ${mb(browse.idbBefore)})`,
  );
  console.log(
    `  after eviction:  ${browse.findsAfter} finds, ${browse.pinsAfter} pins; rows ${mb(browse.rowsAfter)}; browser's estimate ${mb(browse.usageAfter)} (IndexedDB ${mb(browse.idbAfter)}); eviction took ${browse.evictMs.toFixed(0)} ms`,
  );
  console.log(
    "  (the browser's estimate counts IndexedDB's files, which shrink only when Chromium compacts them later)",
  );
  for (const who of pullers) {
    await signInAs(who.session);
    const figures: PullFigures = await tab.evaluate(
      (id) => Reflect.get(window, 'digquestBench').benchPull(id),
      who.id,
    );
    console.log(
      `pull  ${String(figures.records).padStart(6)} records  ${(figures.ms / 1000).toFixed(2).padStart(6)} s  ${perRecord(figures.ms, figures.records).padStart(14)}` +
        `   awaiting requests ${(figures.networkMs / 1000).toFixed(2)} s in ${figures.requests} requests;` +
        ` raw Dexie bulkPut of the same rows ${(figures.rawMs / 1000).toFixed(2)} s (${perRecord(figures.rawMs, figures.records)})`,
    );
  }

  await signInAs(pusher.session);
  await tab.evaluate(
    async ([b64, hash]) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const res = await fetch(`/api/sync/blobs/${hash}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'image/jpeg' },
        body: bytes,
      });
      if (!res.ok) throw new Error(`photo upload: ${res.status}`);
    },
    [photo.toString('base64'), sha] as const,
  );
  for (const count of PUSHES) {
    const figures: PushFigures = await tab.evaluate(
      ([id, hash, n]) => Reflect.get(window, 'digquestBench').benchPush(id, hash, n),
      [pusher.id, sha, count] as const,
    );
    console.log(
      `push  ${String(figures.records).padStart(6)} records  ${(figures.ms / 1000).toFixed(2).padStart(6)} s  ${perRecord(figures.ms, figures.records).padStart(14)}` +
        `   awaiting requests ${(figures.networkMs / 1000).toFixed(2)} s; queueing beforehand ${(figures.queueMs / 1000).toFixed(2)} s (${perRecord(figures.queueMs, figures.records)})`,
    );
  }

  console.log('');
  for (const [key, { calls, ms }] of serverMs)
    console.log(`  server ${key}: ${calls} calls, ${ms.toFixed(0)} ms in total`);
  console.log(
    `  machine load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
  server.close();
  await t.close();
}
