/**
 * The app's one engine: the shared Dexie database, the browser's fetch, Web Locks, and the status store.
 * The app root mounts `useBackgroundSync()` once; everything else reads Dexie through live queries. The
 * screens' ways into pins, kept lists and reads beyond the window (C15, C17) are bound here to the same
 * database and fetch.
 */
import { useEffect } from 'react';
import type { SyncEntity } from '@schema/contracts/sync-constants';
import { db } from '@web/db/database';
import { byIdOrUid } from '@web/db/lookups';
import { createSyncEngine, type SyncEngine } from './engine';
import { entityFor } from './entities';
import { clearCommunityData, type EvictionReport } from './evict';
import { keepList, releaseList, type KeptListInput } from './kept-lists';
import { discardMutation, recordTable, retryMutation } from './outbox';
import { pinAll } from './pins';
import { fetchRecord, fetchRemotePage, type RemotePage } from './remote';
import { reportToStore, type StatusSink } from './status-store';
import { startSyncTriggers } from './triggers';
import type { FetchLike } from './transport';

/** The browser's fetch, looked up at each call (tests put the in-process server there). */
const browserFetch: FetchLike = (input, init) => fetch(input, init);

let engine: SyncEngine | null = null;

/**
 * After each completed cycle of a signed-in member, the protected areas around their spots are brought up
 * to date (docs/protected-areas.md "On the device"); that code loads only then, never with the first page.
 */
const afterCycle: StatusSink = (next) => {
  reportToStore(next);
  if (next.phase !== 'idle') return;
  void db.session
    .get('current')
    .then(async (session) => {
      if (!session?.user) return;
      (await import('./protected-areas/app')).requestProtectedRefresh();
    })
    .catch(() => undefined);
};

export function appSyncEngine(): SyncEngine {
  engine ??= createSyncEngine({ db, fetch: browserFetch, status: afterCycle });
  return engine;
}

/** Starts the triggers for the lifetime of the app (StrictMode's double mount stops and restarts them). */
export function useBackgroundSync(): void {
  useEffect(() => startSyncTriggers(appSyncEngine(), db), []);
}

/** "Sync now" in the panel, and Retry. */
export function syncNow(): void {
  appSyncEngine().requestSync('manual');
}

/** Not synced panel → Discard: drops the change and restores the record without it (C8). */
export function discardChange(mutationId: string): Promise<void> {
  return discardMutation(db, mutationId);
}

/** Not synced panel → Retry: back in the queue (with what depended on it), then sync at once. */
export async function retryChange(mutationId: string): Promise<void> {
  await retryMutation(db, mutationId);
  syncNow();
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * C15: a detail page opened — `ref` is the id or uid in its address. A record held here is pinned
 * 'opened' (its comments follow with the pin's hydration); one not held is read from the server when
 * online, stored and pinned. Resolves to the record's uid, or null when it is nowhere to be found (offline:
 * null too — the page says so).
 */
export async function openRecord(entity: SyncEntity, ref: string): Promise<string | null> {
  const descriptor = entityFor(entity);
  if (!descriptor) return null;
  const held = await byIdOrUid(recordTable(db, descriptor), ref);
  let uid = held?.uid ?? null;
  if (uid) {
    if ((await pinAll(db, entity, [uid], 'opened')) > 0) appSyncEngine().requestSync('pin');
    return uid;
  }
  if (!online()) return null;
  uid = await fetchRecord(db, browserFetch, entity, ref);
  if (uid) appSyncEngine().requestSync('pin');
  return uid;
}

/** C17: the next page of a list beyond what the device holds; its rows are stored and pinned 'seen'. */
export function loadRemotePage(
  entity: SyncEntity,
  query: string,
  cursor: string | null,
  limit: number,
): Promise<RemotePage> {
  return fetchRemotePage(db, browserFetch, entity, query, cursor, limit);
}

/** "Keep this category offline": recorded now, filled by the engine (at once when online). */
export async function keepListOffline(input: KeptListInput): Promise<void> {
  await keepList(db, input);
  appSyncEngine().requestSync('pin');
}

export function stopKeepingList(key: string): Promise<void> {
  return releaseList(db, key);
}

/** Settings → "Clear cached community data" (never the member's own, never anything pending). */
export async function clearCachedCommunityData(): Promise<EvictionReport> {
  const viewerId = (await db.session.get('current'))?.user?.id ?? null;
  const report = await clearCommunityData(db, viewerId);
  appSyncEngine().requestSync('manual');
  return report;
}
