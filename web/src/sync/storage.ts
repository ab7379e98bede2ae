/**
 * Device storage (DESIGN.md §4 Storage, §8): ask the browser once, after the first local write, to keep
 * our data (Safari may otherwise evict it after 7 days unused), and turn quota failures into one error
 * the UI shows instead of a silently lost find.
 */
import type { DigQuestDb, StorageStateRow } from '@web/db/database';

export const STORAGE_FULL_MESSAGE =
  'Your device is out of storage space. Free up some space, then try again.';

export class StorageFullError extends Error {
  constructor() {
    super(STORAGE_FULL_MESSAGE);
    this.name = 'StorageFullError';
  }
}

/** Dexie wraps the DOMException; either the error or its inner cause carries the name. */
export function isQuotaError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'QuotaExceededError') return true;
  const inner: unknown = Reflect.get(err, 'inner');
  return inner instanceof Error && inner.name === 'QuotaExceededError';
}

let asked = false;

/** C13: once per device (remembered in sync_state), never blocking the write that triggered it. */
export async function requestPersistence(db: DigQuestDb): Promise<void> {
  if (asked) return;
  asked = true;
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return;
  try {
    const row = await db.sync_state.get('storage');
    if (row && row.key === 'storage' && row.persistRequested) return;
    const persisted = await storage.persist();
    await db.sync_state.put({ key: 'storage', persistRequested: true, persisted } satisfies StorageStateRow);
  } catch {
    // Not granted or not supported: the data still works, it is just evictable. Nothing to surface.
  }
}
