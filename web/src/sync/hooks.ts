/**
 * Live views of the outbox and sync state for the UI (dexie-react-hooks: they re-render when any tab's
 * write or sync changes the tables). Counts come from Dexie, never from a second copy in zustand.
 */
import { useSyncExternalStore } from 'react';
import type { SyncEntity } from '@schema/contracts/sync-constants';
import { db, type OutboxMutation } from '@web/db/database';
import { useSharedLive } from '@web/db/shared-live';
import { useLiveValue, useSharedLiveValue } from './live';
import { useSyncStatus } from './status-store';

export interface OutboxSummary {
  /** The signed-in member's mutations waiting to be pushed (or in flight). */
  waiting: number;
  /** The signed-in member's mutations the server refused (Not synced). */
  rejected: number;
  /** Mutations queued by other members on this device: kept, pushed only under their session. */
  otherMembers: number;
}

const EMPTY: OutboxSummary = { waiting: 0, rejected: 0, otherMembers: 0 };

async function summarise(): Promise<OutboxSummary> {
  const userId = (await db.session.get('current'))?.user?.id ?? null;
  const summary = { ...EMPTY };
  // One read (getAll), not a cursor: stepping a cursor over the 5,000 mutations an import queues costs a
  // round trip per row, after every batch and every push (docs/map.md "Spots on the map", figures).
  for (const m of await db.outbox.toArray()) {
    if (m.userId !== userId) summary.otherMembers += 1;
    else if (m.status === 'rejected') summary.rejected += 1;
    else summary.waiting += 1;
  }
  return summary;
}

const NO_MUTATIONS: OutboxMutation[] = [];
const NO_PENDING: ReadonlyMap<string, PendingState> = new Map();

export function useOutboxSummary(): OutboxSummary {
  return useSharedLiveValue('outbox:summary', summarise, EMPTY);
}

/** The member's rejected mutations, oldest first, for the Not synced panel. */
export function useRejectedMutations(): OutboxMutation[] {
  return useLiveValue(
    async () => {
      const userId = (await db.session.get('current'))?.user?.id ?? null;
      return db.outbox
        .where('status')
        .equals('rejected')
        .filter((m) => m.userId === userId)
        .sortBy('mutationId');
    },
    [],
    NO_MUTATIONS,
  );
}

export type PendingState = 'waiting' | 'rejected';

/** uid → the record's sync state, for the "waiting to sync" / "not synced" markers of one entity. */
export function usePendingRecords(entity: string): ReadonlyMap<string, PendingState> {
  return useSharedLiveValue(
    `outbox:pending:${entity}`,
    async (): Promise<ReadonlyMap<string, PendingState>> => {
      const map = new Map<string, PendingState>();
      // This entity's mutations in one read of the `[entity+uid]` index (see summarise).
      const queued = await db.outbox
        .where('[entity+uid]')
        .between([entity, ''], [entity, '\uffff'], true, true)
        .toArray();
      for (const m of queued) {
        if (m.status === 'rejected' || map.get(m.uid) !== 'rejected')
          map.set(m.uid, m.status === 'rejected' ? 'rejected' : 'waiting');
      }
      return map;
    },
    NO_PENDING,
  );
}

/** The mutation of one record currently on its way to the server (e.g. a like being sent). */
export function useInflight(entity: string, uid: string): boolean {
  return useSharedLiveValue(
    `outbox:inflight:${entity}:${uid}`,
    async () =>
      (await db.outbox
        .where('[entity+uid]')
        .equals([entity, uid])
        .filter((m) => m.status === 'inflight')
        .count()) > 0,
    false,
  );
}

const readLastSyncedAt = async () => {
  const row = await db.sync_state.get('pull');
  return row?.key === 'pull' ? row.lastSyncedAt : null;
};

export function useLastSyncedAt(): string | null {
  return useSharedLiveValue('sync_state:lastSyncedAt', readLastSyncedAt, null);
}

export type InitialSync = 'loading' | 'ready' | 'error';

const hasSynced = async () => {
  const row = await db.sync_state.get('pull');
  return row?.key === 'pull' && row.lastSyncedAt !== null;
};

/**
 * Whether this device has ever completed a pull. Lists use it to tell "nothing here yet" (ready and
 * empty) from "still fetching" (loading) and "cannot fetch" (error: offline or the server failing).
 */
export function useInitialSync(): InitialSync {
  const synced = useSharedLive('sync_state:synced', hasSynced);
  const phase = useSyncStatus((s) => s.phase);
  // A retry's attempt ('syncing') says nothing new until it ends: while the last attempt failed, screens
  // keep their error rather than flash their skeletons with every retry of a failing server.
  const lastFailed = useSyncStatus((s) => s.serverReached === false);
  if (synced.state === 'error') return 'error';
  if (synced.state === 'loading') return 'loading';
  if (synced.value) return 'ready';
  return phase === 'offline' || phase === 'retrying' || lastFailed ? 'error' : 'loading';
}

/**
 * Whether the device has read an opened record's comments from the server (C15: its pin is hydrated once
 * the engine has fetched the record and its comments). Until then an empty list may only mean "not here
 * yet"; undefined while the device is asked.
 */
export function usePinHydrated(entity: SyncEntity, uid: string): boolean | undefined {
  return useLiveValue<boolean | undefined>(
    async () => (await db.pins.get([entity, uid]))?.hydrated === true,
    [entity, uid],
    undefined,
  );
}

/** For the logout guard (auth feature): a warning while the member has changes not yet synced. */
export function unsyncedWarning(count: number): string | null {
  if (count === 0) return null;
  const what = count === 1 ? '1 change has' : `${count} changes have`;
  return `${what} not synced yet. They stay on this device and sync the next time you sign in.`;
}

export function useUnsyncedWarning(): string | null {
  const { waiting, rejected } = useOutboxSummary();
  return unsyncedWarning(waiting + rejected);
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser believes it is online (re-renders on `online` / `offline`). */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

const NO_UIDS: ReadonlySet<string> = new Set();

/** Uids of one entity's records with a mutation on its way to the server (one query for a whole list). */
export function useInflightUids(entity: string): ReadonlySet<string> {
  return useSharedLiveValue(
    `outbox:inflight-uids:${entity}`,
    async (): Promise<ReadonlySet<string>> => {
      const uids = new Set<string>();
      await db.outbox
        .where('status')
        .equals('inflight')
        .each((m) => {
          if (m.entity === entity) uids.add(m.uid);
        });
      return uids;
    },
    NO_UIDS,
  );
}
