/**
 * What the browser says about this site's storage (navigator.storage): how much is used of what quota,
 * and whether it promised to keep the data. Read when the page opens and after the member acts.
 */
import { useCallback, useEffect, useState } from 'react';
import { db } from '@web/db/database';
import { askStoragePersistence, isStoragePersisted, storageEstimate } from '@web/sync';

export type StorageInfo =
  | { state: 'loading' }
  | { state: 'error' }
  | {
      state: 'ready';
      /** null: the browser does not say. */
      estimate: { usage: number; quota: number } | null;
      persisted: boolean | null;
    };

export function useStorageInfo(): { info: StorageInfo; refresh(): void; askPersistence(): Promise<boolean> } {
  const [info, setInfo] = useState<StorageInfo>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let cancelled = false;
    Promise.all([storageEstimate(), isStoragePersisted()]).then(
      ([estimate, persisted]) => {
        if (!cancelled) setInfo({ state: 'ready', estimate, persisted });
      },
      () => {
        if (!cancelled) setInfo({ state: 'error' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [version]);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  const askPersistence = useCallback(async () => {
    const granted = await askStoragePersistence(db);
    refresh();
    return granted;
  }, [refresh]);
  return { info, refresh, askPersistence };
}
