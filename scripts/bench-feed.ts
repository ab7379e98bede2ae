/**
 * `npm run bench:feed` — the Activity Feed (sync-server/src/features/social/feed.ts) through the real REST
 * route (`GET /api/social/feed`, the app in process): a temporary database with the real migrations and
 * first-start seed, 1,000 members, one member following 500 of them, and 100,000 activities in total
 * (finds, forum posts, events, stories in equal parts) spread over two years among all 1,000 members, so
 * about half are by people the reader follows. Each request is timed 15 times after a warm-up: the first
 * page, a deep page (the 20th, by its cursor), and the first page of a member following nobody.
 *
 * SQLite always; PostgreSQL too when it answers at TEST_DATABASE_URL (a scratch database, dropped after),
 * or set BENCH_ENGINES=sqlite. BENCH_ACTIVITIES changes the size. Figures, not a test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uuidv7 } from 'uuidv7';
import { events, finds, posts, sessions, stories, userConnections, users } from '@schema/db/tables';
import { createApp } from '../sync-server/src/app';
import { hashToken, newToken } from '../sync-server/src/lib/auth/tokens';
import { loadConfig } from '../sync-server/src/lib/config';
import { closeDatabase, openDatabase, type DatabaseConfig, type Db } from '../sync-server/src/lib/db';
import { createLogger } from '../sync-server/src/lib/logger';
import { seedInitial } from '../sync-server/src/seed/initial';
import { createScratchDatabase, type ScratchDatabase } from '../sync-server/src/test/pg';

const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? 100_000);
const MEMBERS = 1_000;
const FOLLOWED = 500;
const RUNS = 15;
const SPAN = 2 * 365 * 86_400_000;

/** Members, the reader's 500 follows, and the activities; answers the reader's and a loner's ids. */
async function fill(db: Db): Promise<{ reader: number; loner: number }> {
  const ids: number[] = [];
  for (let start = 0; start < MEMBERS; start += 500) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          username: `member${start + i}`,
          email: `member${start + i}@bench.test`,
          password: 'x',
        })),
      )
      .returning({ id: users.id });
    ids.push(...rows.map((r) => r.id));
  }
  const reader = ids[0] ?? 0;
  const loner = ids[1] ?? 0;
  await db
    .insert(userConnections)
    .values(
      ids.slice(2, 2 + FOLLOWED).map((followingId) => ({ uid: uuidv7(), followerId: reader, followingId })),
    );
  const now = Date.now();
  let n = 0;
  const batch = () =>
    Array.from({ length: 250 }, () => {
      n++;
      return {
        uid: uuidv7(),
        userId: ids[(n * 7919) % MEMBERS] ?? reader,
        createdAt: new Date(now - ((n * 104_729) % SPAN)).toISOString(),
      };
    });
  await db.transaction(async (tx) => {
    for (let done = 0; done < ACTIVITIES; done += 1_000) {
      await tx.insert(finds).values(batch().map((b) => ({ ...b, title: 'Roman coin', imageUrl: '/x.jpg' })));
      await tx
        .insert(posts)
        .values(batch().map((b) => ({ ...b, title: 'Best coil?', content: 'Which one?', categoryId: 1 })));
      await tx
        .insert(events)
        .values(batch().map((b) => ({ ...b, title: 'Club dig', eventDate: b.createdAt })));
      await tx
        .insert(stories)
        .values(batch().map((b) => ({ ...b, content: 'A quiet morning in the field.' })));
    }
  });
  return { reader, loner };
}

async function bench(engine: 'sqlite' | 'postgres'): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-bench-feed-'));
  let scratch: ScratchDatabase | null = null;
  let database: DatabaseConfig = { engine: 'sqlite', file: path.join(dataDir, 'bench.sqlite') };
  if (engine === 'postgres') {
    scratch = await createScratchDatabase('bench_feed');
    database = { engine: 'postgres', url: scratch.url, poolSize: 4 };
  }
  const db = await openDatabase(database);
  try {
    await seedInitial(db, 'bench-password');
    let started = performance.now();
    const { reader, loner } = await fill(db);
    console.log(
      `\n${engine}: ${MEMBERS} members, ${FOLLOWED} followed, ${ACTIVITIES.toLocaleString('en-GB')} activities inserted in ${(performance.now() - started).toFixed(0)} ms`,
    );
    const cookieFor = async (userId: number) => {
      const token = newToken();
      const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
      await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
      return `dq_session=${token}`;
    };
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DIGQUESTOR_PASSWORD: 'bench-password',
    });
    const app = createApp({ db, config, logger: createLogger('silent'), mailer: { send: async () => {} } });
    const get = async (url: string, cookie: string) => {
      const res = await app.request(url, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return { rows: (await res.json()) as unknown[], next: res.headers.get('x-next-cursor') };
    };
    const readerCookie = await cookieFor(reader);
    const deepPage = async () => {
      let url = '/api/social/feed';
      for (let page = 1; page < 20; page++)
        url = `/api/social/feed?cursor=${(await get(url, readerCookie)).next}`;
      return url;
    };
    const cases = [
      { label: 'first page, following 500', url: '/api/social/feed', cookie: readerCookie },
      { label: '20th page (cursor), following 500', url: await deepPage(), cookie: readerCookie },
      { label: 'first page, following nobody', url: '/api/social/feed', cookie: await cookieFor(loner) },
    ];
    await get('/api/social/feed', readerCookie); // warm-up
    for (const c of cases) {
      const timings: number[] = [];
      let count = 0;
      for (let i = 0; i < RUNS; i++) {
        started = performance.now();
        count = (await get(c.url, c.cookie)).rows.length;
        timings.push(performance.now() - started);
      }
      timings.sort((a, b) => a - b);
      const median = timings[Math.floor(RUNS / 2)] ?? 0;
      const max = timings[RUNS - 1] ?? 0;
      console.log(
        `  ${median.toFixed(2).padStart(8)} ms median ${max.toFixed(2).padStart(8)} ms max  ${String(count).padStart(2)} items  ${c.label}`,
      );
    }
  } finally {
    await closeDatabase(db);
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const wanted = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
await bench('sqlite');
if (wanted.includes('postgres')) {
  try {
    await bench('postgres');
  } catch (err) {
    console.log(`\npostgres: skipped (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
  }
}
