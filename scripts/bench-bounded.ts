/**
 * `npm run bench:bounded` — the server side of bounded sync (sync-server/src/sync/PROTOCOL.md S25–S32) at
 * 1,000 and at 100,000 finds (posts, comments, likes and members in proportion: scripts/bench-bounded-data.ts),
 * through the real app in process (no network):
 * - a first scoped pull (`POST /api/sync/pull`, every scope until `hasMore` is false) as a visitor and as a
 *   new member: bytes (JSON and gzip) and time;
 * - a member with 500 own finds (50 at 1,000) signing in on a new device: time until all of them arrived;
 * - `GET /api/finds?q=` and `GET /api/posts?q=` p50, matching and non-matching terms;
 * - change-log rows written by 10,000 views and 10,000 likes of one post.
 * Prints a side-by-side table. BENCH_FINDS=1000,100000 changes the sizes.
 */
import { gzipSync } from 'node:zlib';
import { gte } from 'drizzle-orm';
import { sessions, users } from '@schema/db/tables';
import type { PullResponse, ScopeName } from '@schema/contracts/sync';
import { createApp } from '../sync-server/src/app';
import { hashToken, newToken } from '../sync-server/src/lib/auth/tokens';
import { SESSION_COOKIE } from '../sync-server/src/lib/auth/session';
import { loadConfig } from '../sync-server/src/lib/config';
import { rawQuery } from '../sync-server/src/lib/db';
import { createLogger } from '../sync-server/src/lib/logger';
import { insertedRow } from '../sync-server/src/lib/query';
import { postEngagement } from '../sync-server/src/features/forum/engagement';
import { buildCommunity, dropCommunity, type Community } from './bench-bounded-data';

const SIZES = (process.env.BENCH_FINDS ?? '1000,100000').split(',').map(Number);
const RUNS = 5;

type App = ReturnType<typeof createApp>;
interface PullFigure {
  requests: number;
  changes: number;
  bytes: number;
  gzip: number;
  ms: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function signIn(community: Community, userId: number): Promise<string> {
  const token = newToken();
  await community.db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  return `${SESSION_COOKIE}=${token}`;
}

/** Every named scope from an empty cursor, asking again with those that have more, as the client does. */
async function scopedPull(app: App, cookie: string | null, scopes: ScopeName[]): Promise<PullFigure> {
  const cursors = new Map<ScopeName, string>(scopes.map((s) => [s, '']));
  let pending = scopes;
  const figure: PullFigure = { requests: 0, changes: 0, bytes: 0, gzip: 0, ms: 0 };
  const started = performance.now();
  while (pending.length) {
    const res = await app.request('/api/sync/pull', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ scopes: pending.map((scope) => ({ scope, cursor: cursors.get(scope) ?? '' })) }),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`pull: ${res.status} ${text}`);
    const body = JSON.parse(text) as PullResponse;
    figure.requests++;
    figure.changes += body.changes.length;
    figure.bytes += Buffer.byteLength(text);
    figure.gzip += gzipSync(text).length;
    for (const state of body.scopes) cursors.set(state.scope, state.cursor);
    pending = body.scopes.filter((s) => s.hasMore).map((s) => s.scope);
  }
  figure.ms = performance.now() - started;
  return figure;
}

/** The median of RUNS first pulls (each from empty cursors), with the bytes of the last. */
async function medianPull(run: () => Promise<PullFigure>): Promise<PullFigure> {
  const figures: PullFigure[] = [];
  for (let i = 0; i < RUNS; i++) figures.push(await run());
  const last = figures[figures.length - 1] as PullFigure;
  return { ...last, ms: median(figures.map((f) => f.ms)) };
}

async function p50(app: App, paths: string[]): Promise<number> {
  for (const p of paths) await app.request(p); // warm-up
  const times: number[] = [];
  for (let i = 0; i < 15; i++)
    for (const p of paths) {
      const started = performance.now();
      const res = await app.request(p);
      await res.text();
      if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
      times.push(performance.now() - started);
    }
  return median(times);
}

/** 10,000 views and 10,000 likes of one post through the services, as 20,000 requests would make them. */
async function viewsAndLikes(community: Community) {
  const rows = async (where = '1 = 1', ...params: unknown[]) =>
    Number(
      (await rawQuery(community.db, `SELECT count(*) AS n FROM change_log WHERE ${where}`, params))[0]?.n,
    );
  const ids: number[] = [];
  for (let start = 0; start < 10_000; start += 1000) {
    const inserted = await community.db
      .insert(users)
      .values(
        Array.from({ length: 1000 }, (_, k) => ({
          username: `viewer${start + k}`,
          email: `viewer${start + k}@bench.local`,
          password: 'x',
        })),
      )
      .returning({ id: users.id });
    ids.push(...inserted.map((row) => row.id));
  }
  const viewers = await community.db
    .select()
    .from(users)
    .where(gte(users.id, Math.min(...ids)));
  const before = await rows();
  const forPost = () => rows("entity IN ('posts', 'post_counts') AND entity_id = ?", community.quietPost);
  const postBefore = await forPost();
  const started = performance.now();
  await community.db.transaction(async (tx) => {
    for (const viewer of viewers) {
      await postEngagement.views.record(tx, { id: community.quietPost }, { memberId: viewer.id });
      await postEngagement.likes.set(tx, viewer, { id: community.quietPost }, true);
    }
  });
  const ms = performance.now() - started;
  return { postRows: `${postBefore} → ${await forPost()}`, added: (await rows()) - before, ms };
}

const results = new Map<number, Record<string, string>>();
let compaction: Awaited<ReturnType<typeof viewsAndLikes>> | null = null;
for (const size of SIZES) {
  let started = performance.now();
  const community = await buildCommunity(size, Math.min(500, Math.round(size / 20)));
  console.log(
    `${size.toLocaleString('en-GB')} finds: built in ${((performance.now() - started) / 1000).toFixed(1)} s — ${Object.entries(
      community.rows,
    )
      .map(([t, n]) => `${t} ${n.toLocaleString('en-GB')}`)
      .join(', ')}`,
  );
  const config = loadConfig({ DATA_DIR: community.dir, LOG_LEVEL: 'silent', DIGQUESTOR_PASSWORD: 'x' });
  const app = createApp({
    db: community.db,
    config,
    logger: createLogger('silent'),
    mailer: { send: async () => {} },
  });
  const { id: newMember } = await insertedRow(
    community.db
      .insert(users)
      .values({ username: 'newcomer', email: 'n@bench.local', password: 'x' })
      .returning({ id: users.id }),
  );
  const memberCookie = await signIn(community, newMember);
  const ownerCookie = await signIn(community, community.owner.id);
  const visitorScopes: ScopeName[] = ['reference', 'recent:finds', 'recent:posts'];
  const memberScopes: ScopeName[] = ['own', ...visitorScopes, 'pinned'];

  const visitor = await medianPull(() => scopedPull(app, null, visitorScopes));
  const member = await medianPull(() => scopedPull(app, memberCookie, memberScopes));
  const own = await medianPull(() => scopedPull(app, ownerCookie, ['own']));
  const ownerDevice = await medianPull(() => scopedPull(app, ownerCookie, memberScopes));
  const finds = (terms: string[]) => terms.map((q) => `/api/finds?q=${encodeURIComponent(q)}`);
  const posts = (terms: string[]) => terms.map((q) => `/api/posts?q=${encodeURIComponent(q)}`);
  const matching = ['coin', 'roman', 'silver ring', 'palstave'];
  const none = ['zzyzx', 'qwertyuiop', 'xylophone'];
  started = performance.now();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const pull = (f: PullFigure) =>
    `${kb(f.bytes)} (${kb(f.gzip)} gz), ${f.changes} changes, ${f.requests} req, ${f.ms.toFixed(0)} ms`;
  results.set(size, {
    'first pull, visitor (reference + recent)': pull(visitor),
    'first pull, new member (all scopes)': pull(member),
    'a member’s own finds on a new device: own scope': `${community.owner.finds} finds: ${pull(own)}`,
    'a member’s own finds on a new device: all scopes': `${community.owner.finds} finds: ${pull(ownerDevice)}`,
    'GET /api/finds?q= p50, matching': `${(await p50(app, finds(matching))).toFixed(2)} ms`,
    'GET /api/finds?q= p50, no match': `${(await p50(app, finds(none))).toFixed(2)} ms`,
    'GET /api/finds?q= p50, short term (au)': `${(await p50(app, finds(['au']))).toFixed(2)} ms`,
    'GET /api/posts?q= p50, matching': `${(await p50(app, posts(matching))).toFixed(2)} ms`,
    'GET /api/posts?q= p50, no match': `${(await p50(app, posts(none))).toFixed(2)} ms`,
  });
  if (!compaction) compaction = await viewsAndLikes(community);
  await dropCommunity(community);
}

const labels = [...new Set([...results.values()].flatMap((r) => Object.keys(r)))];
const width = Math.max(...labels.map((l) => l.length));
const columns = SIZES.map((s) => `${s.toLocaleString('en-GB')} finds`);
const colWidth = Math.max(...[...results.values()].flatMap((r) => Object.values(r).map((v) => v.length)), 20);
console.log(`\n${''.padEnd(width)} | ${columns.map((c) => c.padEnd(colWidth)).join(' | ')}`);
console.log(`${'-'.repeat(width)}-+-${columns.map(() => '-'.repeat(colWidth)).join('-+-')}`);
for (const label of labels)
  console.log(
    `${label.padEnd(width)} | ${SIZES.map((s) => (results.get(s)?.[label] ?? '').padEnd(colWidth)).join(' | ')}`,
  );
if (compaction)
  console.log(
    `\n10,000 views + 10,000 likes of one post: log rows for the post ${compaction.postRows}; ` +
      `${compaction.added.toLocaleString('en-GB')} rows added in all (one per liker, their own like); ${(compaction.ms / 1000).toFixed(1)} s`,
  );
