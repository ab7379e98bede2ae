/**
 * The app's one engine: the shared Dexie database, the browser's fetch, Web Locks, and the status store.
 * The app root mounts `useBackgroundSync()` once; everything else reads Dexie through live queries.
 */
import { useEffect } from 'react';
import { db } from '@web/db/database';
import { createSyncEngine, type SyncEngine } from './engine';
import { reportToStore } from './status-store';
import { startSyncTriggers } from './triggers';
import { discardMutation, retryMutation } from './outbox';

let engine: SyncEngine | null = null;

export function appSyncEngine(): SyncEngine {
  engine ??= createSyncEngine({ db, fetch: (input, init) => fetch(input, init), status: reportToStore });
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
