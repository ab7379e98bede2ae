/**
 * `npm run bench:forum` — forum search (SQLite FTS5, sync-server/src/features/forum/search.ts) at 100,000
 * posts: builds a temporary database with the real migrations (FTS5 table and triggers included), inserts
 * the posts through SQL in one transaction, then times 20 searches through the same service call the
 * GET /api/posts route makes (newest first, first page of 20). Prints ms per search; the goal on the
 * 2-core dev machine is well under 50 ms each. Set BENCH_POSTS to change the size.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { POSTS_PAGE_SIZE } from '@schema/contracts/forum';
import Database from 'better-sqlite3';
import { closeDatabase, openDatabase } from '../sync-server/src/lib/db';
import { seedInitial } from '../sync-server/src/seed/initial';
import { listPosts, type PostListQuery } from '../sync-server/src/features/forum/posts-service';
import { toForumSearch } from '../sync-server/src/features/forum/search';

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-bench-forum-'));
const file = path.join(dir, 'bench.sqlite');
const db = await openDatabase({ engine: 'sqlite', file });

/** Deterministic pseudo-random numbers (mulberry32): the same corpus on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

// Both ends of the search cost: each common word is in about 60% of posts (a harsher mix than real forum
// text), each middle one in about half that, each rare one in about 1.5%; combinations of rare words match a few dozen.
const COMMON = [
  'found',
  'field',
  'coin',
  'today',
  'signal',
  'detector',
  'permission',
  'farmer',
  'stubble',
  'beach',
];
const MIDDLE = [
  'roman',
  'medieval',
  'victorian',
  'hammered',
  'penny',
  'buckle',
  'brooch',
  'musket',
  'button',
  'token',
  'ring',
  'silver',
  'bronze',
  'lead',
  'iron',
];
const RARE = [
  'palstave',
  'stater',
  'denarius',
  'follis',
  'strap-end',
  'spindle',
  'whorl',
  'thimble',
  'cufflink',
  'sceat',
];
const FILLER =
  'the a and on in with near after before was is it my this that some very old small worn nice great'.split(
    ' ',
  );

const next = random(42);
const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
function sentence(words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    const r = next();
    out.push(r < 0.1 ? pick(COMMON) : r < 0.2 ? pick(MIDDLE) : r < 0.2015 ? pick(RARE) : pick(FILLER));
  }
  return out.join(' ');
}

await seedInitial(db, 'bench-password');
// Filled through a connection of its own: plain SQLite statements, far faster than the app's (idle meanwhile).
const sqlite = new Database(file);
const insert = sqlite.prepare(
  'INSERT INTO posts (uid, title, content, user_id, category_id, views, created_at) VALUES (?, ?, ?, 1, ?, ?, ?)',
);
let started = performance.now();
const start = Date.UTC(2020, 0, 1);
sqlite.transaction(() => {
  for (let i = 0; i < POSTS; i++) {
    const created = new Date(start + i * 15 * 60_000).toISOString();
    insert.run(
      crypto.randomUUID(),
      sentence(6),
      sentence(60 + Math.floor(next() * 80)),
      1 + (i % 8),
      Math.floor(next() * 500),
      created,
    );
  }
})();
sqlite.close();
console.log(
  `inserted ${POSTS.toLocaleString('en-GB')} posts (FTS5 index kept by triggers) in ${(performance.now() - started).toFixed(0)} ms`,
);

const searches: { q: string; extra?: Partial<PostListQuery> }[] = [
  { q: 'coin' },
  { q: 'found field' },
  { q: 'hammered penny' },
  { q: 'roman' },
  { q: 'palstave' },
  { q: 'stater' },
  { q: 'denar' },
  { q: 'brooch silver' },
  { q: 'musket button lead' },
  { q: 'permission farmer' },
  { q: 'co' },
  { q: 'coin OR "x" NEAR(' },
  { q: 'zzzz-no-such-word' },
  { q: 'thimble cufflink' },
  { q: 'beach ring' },
  { q: 'coin', extra: { categoryId: 3 } },
  { q: 'penny', extra: { categoryId: 5 } },
  { q: 'roman', extra: { sort: 'popular', after: null } },
  { q: 'bro' },
  { q: 'victorian token' },
];

// One warm-up query so the first figure measures search, not page-cache misses after the bulk insert.
await listPosts(db, {
  search: toForumSearch('warm') ?? undefined,
  sort: 'recent',
  after: null,
  limit: POSTS_PAGE_SIZE,
});

const timings: number[] = [];
for (const { q, extra } of searches) {
  const search = toForumSearch(q) ?? undefined;
  started = performance.now();
  const rows = await listPosts(db, {
    search,
    sort: 'recent',
    after: null,
    limit: POSTS_PAGE_SIZE,
    ...extra,
  } as PostListQuery);
  const ms = performance.now() - started;
  timings.push(ms);
  const label = `${q}${extra ? ` ${JSON.stringify(extra)}` : ''}`;
  // listPosts fetches one row beyond the page (how the route knows another page follows).
  console.log(
    `  ${ms.toFixed(2).padStart(8)} ms  ${String(Math.min(rows.length, POSTS_PAGE_SIZE)).padStart(2)} of a page  ${label}`,
  );
}
const sorted = [...timings].sort((a, b) => a - b);
const mean = timings.reduce((a, b) => a + b, 0) / timings.length;
console.log(
  `20 searches over ${POSTS.toLocaleString('en-GB')} posts: mean ${mean.toFixed(2)} ms, median ${(sorted[9] ?? 0).toFixed(2)} ms, ` +
    `max ${(sorted[sorted.length - 1] ?? 0).toFixed(2)} ms per search`,
);

// The plain lists the forum tabs read, for comparison: index range scans, whatever the size.
const lists: [string, PostListQuery][] = [
  ['Recent Posts', { sort: 'recent', after: null, limit: POSTS_PAGE_SIZE }],
  ['Most Popular', { sort: 'popular', after: null, limit: POSTS_PAGE_SIZE }],
  ['a category', { sort: 'recent', categoryId: 4, after: null, limit: POSTS_PAGE_SIZE }],
  [
    "My Posts (every post is the official account's)",
    { sort: 'recent', userId: 1, after: null, limit: POSTS_PAGE_SIZE },
  ],
];
for (const [label, query] of lists) {
  started = performance.now();
  await listPosts(db, query);
  console.log(`  ${(performance.now() - started).toFixed(2).padStart(8)} ms  list: ${label}`);
}

await closeDatabase(db);
fs.rmSync(dir, { recursive: true, force: true });
