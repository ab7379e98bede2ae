/**
 * `npm run bench:events` — the events list (sync-server/src/features/events/list.ts) at 10,000 events,
 * through the real REST route (`GET /api/events`, the app in process): a temporary database with the real
 * migrations and first-start seed, 10,000 events spread over two years around today (titles and places
 * from small word lists, so searches hit many or few), then each request timed 15 times after a warm-up.
 * Prints the median and the slowest per request: first pages of Upcoming, Past and All, a deep page
 * (the 20th, by its cursor), and `?q=` searches by title and by location, common, rare and absent.
 *
 * SQLite always; PostgreSQL too when it answers at TEST_DATABASE_URL (a scratch database, dropped after),
 * or set BENCH_ENGINES=sqlite. BENCH_EVENTS changes the size. Figures, not a test: the goal on the 2-core
 * dev machine is a first page well under 50 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uuidv7 } from 'uuidv7';
import { changeLog, events, users } from '@schema/db/tables';
import { createApp } from '../sync-server/src/app';
import { loadConfig } from '../sync-server/src/lib/config';
import { closeDatabase, openDatabase, type DatabaseConfig, type Db } from '../sync-server/src/lib/db';
import { createLogger } from '../sync-server/src/lib/logger';
import { seedInitial } from '../sync-server/src/seed/initial';
import { createScratchDatabase, type ScratchDatabase } from '../sync-server/src/test/pg';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const RUNS = 15;
const DAY = 86_400_000;

/** Deterministic pseudo-random numbers (mulberry32): the same events on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const KINDS = [
  'Group dig',
  'Rally',
  'Club night',
  'Beach hunt',
  'Finds identification evening',
  'Field walk',
];
const FIELDS = [
  'on stubble',
  'on pasture',
  'at the old manor',
  'by the river',
  'near the Roman road',
  'for beginners',
];
const RARE = ['palstave talk', 'sceat workshop', 'musket ball survey'];
const PLACES = ['Norfolk', 'Suffolk', 'Kent', 'Wiltshire', 'Yorkshire', 'Lincolnshire', 'Dorset', 'Essex'];

async function fill(db: Db): Promise<void> {
  const next = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const [owner] = await db.select({ id: users.id }).from(users).limit(1);
  if (!owner) throw new Error('no official account');
  const now = Date.now();
  await db.transaction(async (tx) => {
    for (let start = 0; start < EVENTS; start += 500) {
      const values = Array.from({ length: Math.min(500, EVENTS - start) }, () => {
        // One in 500 is a rare kind of event: a search for it finds a handful.
        const title = next() < 0.002 ? `${pick(RARE)}` : `${pick(KINDS)} ${pick(FIELDS)}`;
        const date = new Date(
          now + Math.floor((next() * 2 - 1) * 365) * DAY + Math.floor(next() * 24) * 3_600_000,
        );
        return {
          uid: uuidv7(),
          title,
          description: 'Permission land; bring a spade, a pinpointer and a flask.',
          location: `${pick(['Manor Farm', 'Village hall', 'Long Meadow', 'The Green'])}, ${pick(PLACES)}`,
          eventDate: date.toISOString(),
          userId: owner.id,
          attendeeCount: Math.floor(next() * 30),
        };
      });
      const rows = await tx.insert(events).values(values).returning({ id: events.id, uid: events.uid });
      await tx.insert(changeLog).values(
        rows.map((r) => ({
          entity: 'events',
          entityId: r.id,
          uid: r.uid,
          op: 'upsert' as const,
          ownerId: owner.id,
        })),
      );
    }
  });
}

interface Case {
  label: string;
  path: string | (() => Promise<string>);
}

async function bench(engine: 'sqlite' | 'postgres'): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-bench-events-'));
  let scratch: ScratchDatabase | null = null;
  let database: DatabaseConfig = { engine: 'sqlite', file: path.join(dataDir, 'bench.sqlite') };
  if (engine === 'postgres') {
    scratch = await createScratchDatabase('bench_events');
    database = { engine: 'postgres', url: scratch.url, poolSize: 4 };
  }
  const db = await openDatabase(database);
  try {
    await seedInitial(db, 'bench-password');
    let started = performance.now();
    await fill(db);
    console.log(
      `\n${engine}: ${EVENTS.toLocaleString('en-GB')} events inserted in ${(performance.now() - started).toFixed(0)} ms`,
    );
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DIGQUESTOR_PASSWORD: 'bench-password',
    });
    const app = createApp({ db, config, logger: createLogger('silent'), mailer: { send: async () => {} } });
    const get = async (url: string) => {
      const res = await app.request(url);
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return { rows: (await res.json()) as unknown[], next: res.headers.get('x-next-cursor') };
    };
    /** The 20th page of a list, by following its cursors (the cursor is read once, before timing). */
    const deepPage = async (filter: string) => {
      let url = `/api/events?filter=${filter}`;
      for (let page = 1; page < 20; page++) {
        const { next } = await get(url);
        url = `/api/events?filter=${filter}&cursor=${next}`;
      }
      return url;
    };
    const cases: Case[] = [
      { label: 'Upcoming, first page', path: '/api/events?filter=upcoming' },
      { label: 'Past, first page', path: '/api/events?filter=past' },
      { label: 'All, first page', path: '/api/events?filter=all' },
      { label: 'Upcoming, 20th page (cursor)', path: () => deepPage('upcoming') },
      { label: 'Past, 20th page (cursor)', path: () => deepPage('past') },
      { label: '?q=rally (common title)', path: '/api/events?filter=upcoming&q=rally' },
      { label: '?q=norfolk (location, 1 in 8)', path: '/api/events?filter=upcoming&q=norfolk' },
      { label: '?q=palstave&filter=all (rare)', path: '/api/events?filter=all&q=palstave' },
      { label: '?q=zzzz (no match)', path: '/api/events?filter=upcoming&q=zzzz' },
      { label: '?q=dig&filter=all', path: '/api/events?filter=all&q=dig' },
    ];
    await get('/api/events?filter=upcoming'); // warm-up
    for (const c of cases) {
      const url = typeof c.path === 'string' ? c.path : await c.path();
      const timings: number[] = [];
      let count = 0;
      for (let i = 0; i < RUNS; i++) {
        started = performance.now();
        count = (await get(url)).rows.length;
        timings.push(performance.now() - started);
      }
      timings.sort((a, b) => a - b);
      const median = timings[Math.floor(RUNS / 2)] ?? 0;
      const max = timings[RUNS - 1] ?? 0;
      console.log(
        `  ${median.toFixed(2).padStart(8)} ms median ${max.toFixed(2).padStart(8)} ms max  ${String(count).padStart(2)} rows  ${c.label}`,
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
    console.log(`\npostgres: skipped (${(err as Error).message.split('\n')[0]})`);
  }
}
