/**
 * One tab syncs at a time (docs/sync.md "Triggers", C3). With Web Locks the lock is cross-tab and is
 * released by the browser if the tab dies mid-sync; a tab that asks while another syncs waits its turn
 * (its own write may have landed after the other tab read the queue). The others see the results
 * through live queries.
 *
 * Without Web Locks (older Safari) the fallback serialises syncs within the tab only. Two tabs may then
 * push the same mutation concurrently; the server's replay rules make that harmless (S3: the second copy
 * answers `duplicate`; S4: a create never duplicates).
 */
export type SyncLock = <T>(run: () => Promise<T>) => Promise<T>;

export const SYNC_LOCK_NAME = 'digquest-sync';

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

function browserLocks(): LockManagerLike | undefined {
  if (typeof navigator === 'undefined') return undefined;
  const locks: unknown = Reflect.get(navigator, 'locks');
  return typeof locks === 'object' && locks !== null && typeof Reflect.get(locks, 'request') === 'function'
    ? (navigator.locks satisfies LockManagerLike)
    : undefined;
}

export function createSyncLock(
  locks: LockManagerLike | undefined = browserLocks(),
  name = SYNC_LOCK_NAME,
): SyncLock {
  if (locks) return (run) => locks.request(name, run);
  let tail: Promise<unknown> = Promise.resolve();
  return (run) => {
    const result = tail.then(run, run);
    tail = result.catch(() => undefined);
    return result;
  };
}
