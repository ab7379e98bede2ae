/**
 * Browser half of `npm run bench:sync` (bundled by scripts/bench-sync.ts, run in Chromium on an on-disk
 * profile): the real engine modules against the real server. Every measurement opens a database no one
 * used before and deletes it afterwards, so one run never pays for the previous one's leftovers.
 */
import { uuidv7 } from 'uuidv7';
import { DigQuestDb, type LocalFind } from '@web/db/database';
import { evictOutsideScopes } from '@web/sync/evict';
import { writeLocal } from '@web/sync/outbox';
import { isBlobCheckResponse } from '@web/sync/protocol';
import { pullAll } from '@web/sync/pull';
import { pushOutbox } from '@web/sync/push';
import { fetchRemotePage } from '@web/sync/remote';
import { jsonInit } from '@web/sync/transport';

export interface PullFigures {
  records: number;
  ms: number;
  /** Time spent waiting on requests (server included; pages overlap the writes). */
  networkMs: number;
  /** A raw Dexie bulkPut of the same rows into another fresh database. */
  rawMs: number;
  requests: number;
}

export interface PushFigures {
  records: number;
  ms: number;
  networkMs: number;
  /** Queueing the finds beforehand, one local transaction each. */
  queueMs: number;
}

export interface BrowseFigures {
  /** Gallery pages read beyond the window (each FINDS_PAGE_SIZE finds the device did not hold). */
  pages: number;
  findsBefore: number;
  findsAfter: number;
  pinsBefore: number;
  pinsAfter: number;
  /** navigator.storage.estimate(): the origin's usage, and IndexedDB's share where Chromium says. */
  usageBefore: number;
  usageAfter: number;
  idbBefore: number | null;
  idbAfter: number | null;
  /** The rows themselves (their JSON size, every table): what the database holds, whatever its files. */
  rowsBefore: number;
  rowsAfter: number;
  evictMs: number;
}

let networkMs = 0;
let requests = 0;
const timedFetch = async (input: string, init?: RequestInit): Promise<Response> => {
  const began = performance.now();
  const res = await fetch(input, init);
  const body = await res.arrayBuffer();
  networkMs += performance.now() - began;
  requests += 1;
  return new Response(body, { status: res.status, headers: res.headers });
};

let opened = 0;
/** A database no one used before on this profile; deleted by `done`. */
async function freshDb(label: string): Promise<DigQuestDb> {
  const db = new DigQuestDb(`bench-${label}-${Date.now()}-${opened++}`);
  await db.delete();
  await db.open();
  return db;
}

async function done(db: DigQuestDb): Promise<void> {
  db.close();
  await db.delete();
}

/** The signed-in member's device, new: every scope from the start (their own finds come with `own`). */
async function benchPull(viewerId: number): Promise<PullFigures> {
  const db = await freshDb('pull');
  networkMs = 0;
  requests = 0;
  const started = performance.now();
  await pullAll({ db, fetch: timedFetch, viewerId });
  const ms = performance.now() - started;
  const rows = await db.finds.toArray();
  const figures = { records: rows.length, ms, networkMs, requests };
  await done(db);
  const raw = await freshDb('raw');
  const rawStarted = performance.now();
  await raw.finds.bulkPut(rows);
  const rawMs = performance.now() - rawStarted;
  await done(raw);
  return { ...figures, rawMs };
}

/** Queue `count` finds (each naming the photo uploaded beforehand), then push them all. */
async function benchPush(userId: number, photoSha: string, count: number): Promise<PushFigures> {
  const db = await freshDb('push');
  // The photo was uploaded beforehand, as the device remembers after its first upload (C5).
  const checked: unknown = await (
    await fetch('/api/sync/blobs/check', jsonInit('POST', { sha256: [photoSha] }))
  ).json();
  const ack = isBlobCheckResponse(checked) ? checked.stored[0] : undefined;
  if (!ack) throw new Error('bench photo not on the server');
  await db.blobs.put({
    sha256: photoSha,
    data: new Uint8Array(0),
    mime: 'image/jpeg',
    size: 0,
    uploaded: true,
    url: ack.url,
    thumbUrl: ack.thumbUrl,
    createdAt: new Date().toISOString(),
  });
  let started = performance.now();
  for (let i = 0; i < count; i++) {
    const uid = uuidv7();
    const text = {
      title: `Bench find ${i}`,
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
  networkMs = 0;
  started = performance.now();
  const pushed = await pushOutbox({ db, fetch: timedFetch, userId });
  const ms = performance.now() - started;
  if (pushed.applied !== count || (await db.outbox.count()) !== 0)
    throw new Error(`push left work behind: ${JSON.stringify(pushed)}`);
  await done(db);
  return { records: count, ms, networkMs, queueMs };
}

/** The JSON size of every row of every table: the data held, apart from the store's file overhead. */
async function rowBytes(db: DigQuestDb): Promise<number> {
  let bytes = 0;
  for (const table of db.tables)
    await table.each((row: unknown) => {
      bytes += JSON.stringify(row).length;
    });
  return bytes;
}

async function usage(): Promise<{ usage: number; idb: number | null }> {
  const estimate = await navigator.storage.estimate();
  const details: unknown = Reflect.get(estimate, 'usageDetails');
  const idb = details ? Reflect.get(Object(details), 'indexedDB') : undefined;
  return { usage: estimate.usage ?? 0, idb: typeof idb === 'number' ? idb : null };
}

/**
 * A visitor's device: the window, then `pages` gallery pages beyond it read from REST as the gallery does
 * (pages it holds entirely are skipped), then eviction (C16) with the default pin budget.
 */
async function benchBrowse(pages: number, pageSize: number): Promise<BrowseFigures> {
  const db = await freshDb('browse');
  await pullAll({ db, fetch: timedFetch, viewerId: null });
  let cursor: string | null = null;
  let fresh = 0;
  while (fresh < pages * pageSize) {
    // Pages the device holds entirely (the window) are skipped in large pages, as the gallery does.
    const page = await fetchRemotePage(db, timedFetch, 'finds', '', cursor, fresh === 0 ? 200 : pageSize);
    fresh += page.fresh;
    cursor = page.next;
    if (!cursor) break;
  }
  const read = Math.floor(fresh / pageSize);
  const findsBefore = await db.finds.count();
  const pinsBefore = await db.pins.count();
  const rowsBefore = await rowBytes(db);
  const before = await usage();
  const started = performance.now();
  await evictOutsideScopes(db, { viewerId: null });
  const evictMs = performance.now() - started;
  const findsAfter = await db.finds.count();
  const pinsAfter = await db.pins.count();
  const rowsAfter = await rowBytes(db);
  // Let the store settle (Chromium reports usage from its files, compacted in the background).
  db.close();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const after = await usage();
  await db.delete();
  return {
    pages: read,
    findsBefore,
    findsAfter,
    pinsBefore,
    pinsAfter,
    usageBefore: before.usage,
    usageAfter: after.usage,
    idbBefore: before.idb,
    idbAfter: after.idb,
    rowsBefore,
    rowsAfter,
    evictMs,
  };
}

Object.assign(window, { digquestBench: { benchPull, benchPush, benchBrowse } });
