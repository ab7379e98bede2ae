/**
 * Browser half of `npm run bench:sync` (bundled by scripts/bench-sync.ts, run in Chromium): the real
 * engine modules against the real server, timed against a raw Dexie bulkPut of the same rows.
 */
import { uuidv7 } from 'uuidv7';
import { DigQuestDb, type LocalFind } from '@web/db/database';
import { writeLocal } from '@web/sync/outbox';
import { pullAll } from '@web/sync/pull';
import { pushOutbox } from '@web/sync/push';

export interface BenchFigures {
  /** `networkMs`: time spent waiting on requests (server included); the rest is the browser's work. */
  pull: { records: number; ms: number; rawMs: number; networkMs: number };
  push: { records: number; ms: number; queueMs: number; rawMs: number; networkMs: number };
}

let networkMs = 0;
const timedFetch = async (input: string, init?: RequestInit): Promise<Response> => {
  const began = performance.now();
  const res = await fetch(input, init);
  const body = await res.arrayBuffer();
  networkMs += performance.now() - began;
  return new Response(body, { status: res.status, headers: res.headers });
};

async function freshDb(name: string): Promise<DigQuestDb> {
  const db = new DigQuestDb(name);
  await db.delete();
  await db.open();
  return db;
}

async function json(res: Response): Promise<unknown> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res.json();
}

async function timeRawBulkPut(name: string, rows: LocalFind[]): Promise<number> {
  const db = await freshDb(name);
  const started = performance.now();
  await db.finds.bulkPut(rows);
  const ms = performance.now() - started;
  db.close();
  return ms;
}

async function register(): Promise<number> {
  const name = `bench${Date.now()}`;
  const init = {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'bench-password' }),
  };
  const answer = Object(await json(await fetch('/api/users/register', init)));
  return Number(Reflect.get(answer, 'id') ?? Reflect.get(Object(Reflect.get(answer, 'user')), 'id'));
}

/** Pull every finds on the server into an empty store. */
async function benchPull(userId: number, run: number): Promise<BenchFigures['pull']> {
  const db = await freshDb(`bench-pull-${run}`);
  networkMs = 0;
  const started = performance.now();
  await pullAll({ db, fetch: timedFetch, viewerId: userId });
  const ms = performance.now() - started;
  const rows = await db.finds.toArray();
  db.close();
  return { records: rows.length, ms, networkMs, rawMs: await timeRawBulkPut(`bench-pull-raw-${run}`, rows) };
}

/** Queue `count` finds (each naming the photo uploaded beforehand), then push them all. */
async function benchPush(
  userId: number,
  photoSha: string,
  count: number,
  run: number,
): Promise<BenchFigures['push']> {
  const db = await freshDb(`bench-push-${run}`);
  let started = performance.now();
  for (let i = 0; i < count; i++) {
    const uid = uuidv7();
    const text = {
      title: `Bench find ${run}.${i}`,
      description: 'Queued offline for the benchmark',
      location: 'Norfolk, UK',
      period: 'Roman',
    };
    const record: LocalFind = {
      id: null,
      uid,
      userId,
      username: 'bench',
      ...text,
      imageUrl: '',
      thumbUrl: '',
      likes: 0,
      commentCount: 0,
      created_at: new Date().toISOString(),
    };
    await writeLocal(db, {
      entity: 'finds',
      op: 'create',
      uid,
      userId,
      payload: { ...text, imageSha256: photoSha },
      record,
    });
  }
  const queueMs = performance.now() - started;
  const rows = await db.finds.toArray();
  networkMs = 0;
  started = performance.now();
  const pushed = await pushOutbox({ db, fetch: timedFetch, userId });
  const ms = performance.now() - started;
  if (pushed.applied !== count || (await db.outbox.count()) !== 0)
    throw new Error(`push left work behind: ${JSON.stringify(pushed)}`);
  db.close();
  return {
    records: count,
    ms,
    networkMs,
    queueMs,
    rawMs: await timeRawBulkPut(`bench-push-raw-${run}`, rows),
  };
}

async function run(
  photoBase64: string,
  photoSha: string,
  pushCount: number,
  runs: number,
): Promise<BenchFigures[]> {
  const userId = await register();
  const bytes = Uint8Array.from(atob(photoBase64), (c) => c.charCodeAt(0));
  await json(
    await fetch(`/api/sync/blobs/${photoSha}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      body: bytes,
    }),
  );
  const pulls: BenchFigures['pull'][] = [];
  for (let r = 0; r < runs; r++) pulls.push(await benchPull(userId, r));
  const figures: BenchFigures[] = [];
  for (const [r, pull] of pulls.entries())
    figures.push({ pull, push: await benchPush(userId, photoSha, pushCount, r) });
  return figures;
}

Object.assign(window, { digquestBench: { run } });
