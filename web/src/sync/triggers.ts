/**
 * When to sync (docs/sync.md "Triggers"; iOS and Firefox have no Background Sync, so the page does it):
 * at start-up, when the browser comes back online, when the tab becomes visible, every 30 s while it
 * stays visible, right after a local write, and when the stored session changes (a sign-in resumes a
 * paused outbox; a sign-out switches the viewer). Hidden tabs do not poll.
 */
import { liveQuery } from 'dexie';
import type { DigQuestDb } from '@web/db/database';
import type { SyncEngine } from './engine';
import { onLocalWrite } from './outbox';

export const SYNC_INTERVAL_MS = 30_000;

interface Listenable {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface TriggerEnv {
  window: Listenable;
  document: Listenable & { visibilityState: DocumentVisibilityState };
  intervalMs?: number;
}

const browserEnv = (): TriggerEnv => ({ window, document });

/** Starts every trigger; returns a function that stops them all. */
export function startSyncTriggers(
  engine: SyncEngine,
  db: DigQuestDb,
  env: TriggerEnv = browserEnv(),
): () => void {
  const intervalMs = env.intervalMs ?? SYNC_INTERVAL_MS;
  let timer: ReturnType<typeof setInterval> | undefined;

  const startPolling = () => {
    if (timer === undefined) timer = setInterval(() => engine.requestSync('interval'), intervalMs);
  };
  const stopPolling = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const onOnline = () => engine.requestSync('online');
  const onVisibility = () => {
    if (env.document.visibilityState === 'visible') {
      engine.requestSync('visible');
      startPolling();
    } else stopPolling();
  };

  env.window.addEventListener('online', onOnline);
  env.document.addEventListener('visibilitychange', onVisibility);
  const stopWrites = onLocalWrite(() => engine.requestSync('write'));

  let lastSession: string | undefined;
  const sessionWatch = liveQuery(() => db.session.get('current')).subscribe({
    next(row) {
      const stamp = `${row?.user?.id ?? ''}|${row?.checkedAt ?? ''}`;
      // The first answer is the state at start-up, already covered by the start-up sync.
      if (lastSession !== undefined && stamp !== lastSession) engine.requestSync('session');
      lastSession = stamp;
    },
    error() {
      // IndexedDB unavailable: the other triggers still run.
    },
  });

  engine.requestSync('startup');
  if (env.document.visibilityState === 'visible') startPolling();

  return () => {
    stopPolling();
    env.window.removeEventListener('online', onOnline);
    env.document.removeEventListener('visibilitychange', onVisibility);
    stopWrites();
    sessionWatch.unsubscribe();
  };
}
