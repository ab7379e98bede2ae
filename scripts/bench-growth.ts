/**
 * `npm run bench:growth` — what still grows with the community: five requests timed at 1,000 and at
 * 100,000 finds (the community of scripts/bench-bounded-data.ts: members, posts, comments, likes and events
 * in proportion, a reader following half the members, every find showing one real stored photo), through
 * the real app in process. The goal is a ratio of at most 1.5× between the two sizes for each:
 * - `GET /api/events?q=` with a term no event holds (title or location);
 * - `GET /api/posts?q=` with a common word (in about one post in ten);
 * - `GET /api/finds?q=` with a two-letter term (below the trigram index's three characters);
 * - `GET /api/social/feed` for a reader following half the members;
 * - `GET /api/categories`.
 * Each figure is the median of ROUNDS round medians, each of REQUESTS requests after a warm-up. Prints the
 * conditions (node version, cores, load average before and after) with the table. SQLite (the community is
 * built with SQLite statements); BENCH_FINDS=1000,100000 changes the sizes.
 */
import os from 'node:os';
import { sessions } from '@schema/db/tables';
import { createApp } from '../sync-server/src/app';
import { hashToken, newToken } from '../sync-server/src/lib/auth/tokens';
import { SESSION_COOKIE } from '../sync-server/src/lib/auth/session';
import { loadConfig } from '../sync-server/src/lib/config';
import { createLogger } from '../sync-server/src/lib/logger';
import { buildCommunity, dropCommunity, type Community } from './bench-bounded-data';

const SIZES = (process.env.BENCH_FINDS ?? '1000,100000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = 21;
const GOAL = 1.5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface Case {
  label: string;
  path: string;
  /** Signed in as the reader (the feed). */
  asReader?: boolean;
}

const CASES: Case[] = [
  { label: 'events search, no match (?q=zzyzx, all)', path: '/api/events?filter=all&q=zzyzx' },
  { label: 'events search, no match (?q=zzyzx, upcoming)', path: '/api/events?filter=upcoming&q=zzyzx' },
  { label: 'forum search, common word (?q=coin)', path: '/api/posts?q=coin' },
  { label: 'finds search, two letters (?q=au)', path: '/api/finds?q=au' },
  { label: 'feed, reader follows half the members', path: '/api/social/feed', asReader: true },
  { label: 'GET /api/categories', path: '/api/categories' },
];

async function signIn(community: Community, userId: number): Promise<string> {
  const token = newToken();
  await community.db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  return `${SESSION_COOKIE}=${token}`;
}

async function measure(size: number): Promise<Map<string, { ms: number; rows: number }>> {
  const started = performance.now();
  const community = await buildCommunity(size, Math.min(500, Math.round(size / 20)));
  console.log(
    `${size.toLocaleString('en-GB')} finds: built in ${((performance.now() - started) / 1000).toFixed(1)} s — ${Object.entries(
      community.rows,
    )
      .map(([t, n]) => `${t} ${n.toLocaleString('en-GB')}`)
      .join(', ')}`,
  );
  try {
    const config = loadConfig({ DATA_DIR: community.dir, LOG_LEVEL: 'silent', DIGQUESTOR_PASSWORD: 'x' });
    const app = createApp({
      db: community.db,
      config,
      logger: createLogger('silent'),
      mailer: { send: async () => {} },
    });
    const photo = await app.request(community.photoUrl);
    if (photo.status !== 200 || photo.headers.get('content-type') !== 'image/webp')
      throw new Error(`the finds' photo ${community.photoUrl}: ${photo.status}`);
    await photo.arrayBuffer();
    const readerCookie = await signIn(community, community.reader);
    const figures = new Map<string, { ms: number; rows: number }>();
    for (const c of CASES) {
      const headers = c.asReader ? { cookie: readerCookie } : undefined;
      const once = async () => {
        const t0 = performance.now();
        const res = await app.request(c.path, { headers });
        const text = await res.text();
        const ms = performance.now() - t0;
        if (res.status !== 200) throw new Error(`${c.path}: ${res.status} ${text}`);
        return { ms, rows: (JSON.parse(text) as unknown[]).length };
      };
      for (let i = 0; i < 5; i++) await once(); // warm-up
      const rounds: number[] = [];
      let rows = 0;
      for (let r = 0; r < ROUNDS; r++) {
        const times: number[] = [];
        for (let i = 0; i < REQUESTS; i++) {
          const { ms, rows: n } = await once();
          times.push(ms);
          rows = n;
        }
        rounds.push(median(times));
      }
      figures.set(c.label, { ms: median(rounds), rows });
    }
    return figures;
  } finally {
    await dropCommunity(community);
  }
}

const loadBefore = os.loadavg();
const results = new Map<number, Map<string, { ms: number; rows: number }>>();
for (const size of SIZES) results.set(size, await measure(size));
const loadAfter = os.loadavg();

const [small, large] = [SIZES[0] ?? 1000, SIZES[SIZES.length - 1] ?? 100_000];
const width = Math.max(...CASES.map((c) => c.label.length));
const col = (s: string) => s.padStart(16);
console.log(
  `\n${'p50'.padEnd(width)} | ${SIZES.map((s) => col(`${s.toLocaleString('en-GB')} finds`)).join(' | ')} | ratio`,
);
console.log(`${'-'.repeat(width)}-+-${SIZES.map(() => '-'.repeat(16)).join('-+-')}-+------`);
let over = 0;
for (const c of CASES) {
  const at = (size: number) => results.get(size)?.get(c.label);
  const ratio = (at(large)?.ms ?? 0) / (at(small)?.ms || 1);
  if (ratio > GOAL) over++;
  console.log(
    `${c.label.padEnd(width)} | ${SIZES.map((s) => col(`${at(s)?.ms.toFixed(2)} ms (${at(s)?.rows})`)).join(' | ')} | ${ratio.toFixed(2)}×${ratio > GOAL ? ' over' : ''}`,
  );
}
const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' ');
console.log(
  `\n(rows) = items in the answer. Median of ${ROUNDS} round medians of ${REQUESTS} requests each, after 5 warm-up requests.` +
    `\nnode ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average ${load(loadBefore)} before, ${load(loadAfter)} after.` +
    `\n${over === 0 ? `Every ratio within ${GOAL}×.` : `${over} ratio(s) over ${GOAL}×.`}`,
);
