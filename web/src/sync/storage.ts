/**
 * Device storage (docs/sync.md "Storage"): ask the browser once, after the first local write, to keep
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

/** Usage above this share of the quota counts as pressure: listed records beyond the window go first (C16). */
export const STORAGE_PRESSURE_SHARE = 0.8;

/** What the browser says this origin uses and may use; null where it cannot tell. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.estimate) return null;
  try {
    const { usage, quota } = await storage.estimate();
    return typeof usage === 'number' && typeof quota === 'number' ? { usage, quota } : null;
  } catch {
    return null;
  }
}

export async function underStoragePressure(): Promise<boolean> {
  const estimate = await storageEstimate();
  return estimate !== null && estimate.quota > 0 && estimate.usage / estimate.quota > STORAGE_PRESSURE_SHARE;
}

/** Whether the browser promised to keep this origin's data (null: it cannot say). */
export async function isStoragePersisted(): Promise<boolean | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persisted) return null;
  try {
    return await storage.persisted();
  } catch {
    return null;
  }
}

/** Settings → Storage: the member asks for persistent storage (the browser may still say no). */
export async function askStoragePersistence(db: DigQuestDb): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return false;
  const persisted = await storage.persist();
  await db.sync_state.put({ key: 'storage', persistRequested: true, persisted } satisfies StorageStateRow);
  return persisted;
}
