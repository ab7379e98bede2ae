/**
 * The sync engine: one cycle = (under the cross-tab lock) forget what a previous viewer alone could see,
 * push the signed-in member's queue, pull every scope until caught up (C14), read newly pinned records
 * (C15) and kept lists, then evict what no rule keeps (C16). Injectable — `createSyncEngine({ db, fetch })`
 * — so node tests drive it against the real server app in-process.
 *
 * Offline: the cycle stops after the local step; everything stays queued. Network failures and 5xx: the
 * queue is kept and the cycle retried with exponential backoff (C4). 401: the outbox pauses with "Sign in
 * to sync" until the stored session changes (C6); the queue of one member is never pushed under another
 * member's session (C6): only mutations whose userId is the session's member are taken.
 */
import type { DigQuestDb } from '@web/db/database';
import { evictOutsideScopes } from './evict';
import { refreshKeptLists } from './kept-lists';
import { createSyncLock, type SyncLock } from './lock';
import { pinEngagedParents } from './pins';
import { hydratePins, prepareViewer, pullAll } from './pull';
import { pushOutbox } from './push';
import { underStoragePressure } from './storage';
import type { EngineStatus, StatusSink } from './status-store';
import { SyncHttpError, type FetchLike } from './transport';

export const SIGN_IN_TO_SYNC = 'Sign in to sync';
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

export type SyncReason =
  'startup' | 'online' | 'visible' | 'interval' | 'write' | 'pin' | 'session' | 'retry' | 'manual';

export interface SyncEngineOptions {
  db: DigQuestDb;
  fetch: FetchLike;
  /** Injected clock (tests fake only Date; timers stay real). */
  now?: () => number;
  lock?: SyncLock;
  isOnline?: () => boolean;
  status?: StatusSink;
  pullLimit?: number;
  /** Under storage pressure, listed records beyond the window are dropped first (C16); injectable. */
  storagePressure?: () => Promise<boolean>;
  /** Mutations per push request (default MAX_PUSH_BATCH); tests make it small to cross batch borders. */
  maxBatch?: number;
  random?: () => number;
}

export interface SyncReport {
  outcome: 'synced' | 'offline' | 'paused' | 'retry';
  applied: number;
  rejected: number;
  pulled: number;
  error?: string;
}

export interface SyncEngine {
  /** Runs a cycle now (waiting for the lock) and reports how it went. */
  sync(reason?: SyncReason): Promise<SyncReport>;
  /** Fire-and-forget trigger: coalesced while a cycle runs; interval and write triggers respect backoff. */
  requestSync(reason: SyncReason): void;
  readonly status: EngineStatus;
  dispose(): void;
}

const defaultOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db } = options;
  const now = options.now ?? (() => Date.now());
  const lock = options.lock ?? createSyncLock();
  const isOnline = options.isOnline ?? defaultOnline;
  const random = options.random ?? Math.random;
  let status: EngineStatus = { phase: 'idle', lastError: null, nextRetryAt: null };
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The stored session (member + when it was confirmed) a 401 paused us under; a new one resumes. */
  let pausedSession: string | null = null;
  let running: Promise<SyncReport> | null = null;
  let rerun = false;
  let disposed = false;

  function report(next: Partial<EngineStatus>): void {
    status = { ...status, ...next };
    options.status?.(next);
  }

  function scheduleRetry(error: string): void {
    failures += 1;
    const delay = Math.min(BACKOFF_BASE_MS * 2 ** (failures - 1), BACKOFF_MAX_MS) * (0.5 + random() / 2);
    report({ phase: 'retrying', lastError: error, nextRetryAt: now() + delay });
    clearTimeout(retryTimer);
    if (!disposed) retryTimer = setTimeout(() => engine.requestSync('retry'), delay);
  }

  async function cycle(): Promise<SyncReport> {
    const result: SyncReport = { outcome: 'synced', applied: 0, rejected: 0, pulled: 0 };
    const session = await db.session.get('current');
    const user = session?.user ?? null;
    // Privacy first, and even offline: a new viewer never sees the previous one's coordinates or likes.
    await prepareViewer(db, user?.id ?? null);
    if (!isOnline()) {
      report({ phase: 'offline' });
      return { ...result, outcome: 'offline' };
    }
    const sessionStamp = user ? `${user.id}|${session?.checkedAt ?? ''}` : null;
    if (pausedSession !== null && pausedSession === sessionStamp) {
      report({ phase: 'paused', lastError: SIGN_IN_TO_SYNC });
      return { ...result, outcome: 'paused', error: SIGN_IN_TO_SYNC };
    }
    pausedSession = null;
    // Left in flight by a tab that closed mid-push: it may have reached the server, so replay it as is.
    await db.outbox.where('status').equals('inflight').modify({ status: 'pending', sent: true });
    report({ phase: 'syncing' });
    try {
      if (user) {
        const pushed = await pushOutbox({
          db,
          fetch: options.fetch,
          userId: user.id,
          maxBatch: options.maxBatch,
        });
        result.applied = pushed.applied;
        result.rejected = pushed.rejected;
        if (pushed.retryLater)
          throw new SyncHttpError(
            'server',
            500,
            'internal',
            'The server could not apply some changes. They will be retried.',
          );
      }
      const pulled = await pullAll({
        db,
        fetch: options.fetch,
        viewerId: user?.id ?? null,
        limit: options.pullLimit,
      });
      result.pulled = pulled.changes;
      const viewerId = user?.id ?? null;
      await pinEngagedParents(db, viewerId);
      await hydratePins({ db, fetch: options.fetch, viewerId, limit: options.pullLimit });
      await refreshKeptLists(db, options.fetch, now());
      const pressure = await (options.storagePressure ?? underStoragePressure)();
      // Down to the windows the server said it keeps (S27), not an assumed size.
      await evictOutsideScopes(db, { viewerId, ...(pressure ? { seenBudget: 0 } : {}) });
      const pullState = await db.sync_state.get('pull');
      if (pullState?.key === 'pull')
        await db.sync_state.put({ ...pullState, lastSyncedAt: new Date(now()).toISOString() });
      // C11: the member changed while this cycle ran (at start-up the session check signs them in a moment
      // after the first cycle began as a visitor): run again at once as the new viewer, own records
      // included, rather than at the next trigger.
      const after = await db.session.get('current');
      if ((after?.user?.id ?? null) !== viewerId) rerun = true;
      failures = 0;
      clearTimeout(retryTimer);
      report({ phase: 'idle', lastError: null, nextRetryAt: null });
      return result;
    } catch (err) {
      if (err instanceof SyncHttpError && err.kind === 'auth') {
        pausedSession = sessionStamp;
        report({ phase: 'paused', lastError: SIGN_IN_TO_SYNC, nextRetryAt: null });
        return { ...result, outcome: 'paused', error: SIGN_IN_TO_SYNC };
      }
      const message = err instanceof Error ? err.message : String(err);
      scheduleRetry(message);
      return { ...result, outcome: 'retry', error: message };
    }
  }

  function run(): Promise<SyncReport> {
    if (running) {
      rerun = true;
      return running;
    }
    running = (async () => {
      let last: SyncReport;
      do {
        rerun = false;
        last = await lock(cycle);
      } while (rerun && !disposed);
      return last;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const engine: SyncEngine = {
    sync: () => run(),
    requestSync(reason) {
      if (disposed) return;
      const backingOff = status.nextRetryAt !== null && now() < status.nextRetryAt;
      if (backingOff && (reason === 'interval' || reason === 'write' || reason === 'pin')) return;
      if (reason === 'online' || reason === 'manual' || reason === 'session') failures = 0;
      run().catch(() => undefined);
    },
    get status() {
      return status;
    },
    dispose() {
      disposed = true;
      clearTimeout(retryTimer);
    },
  };
  return engine;
}
