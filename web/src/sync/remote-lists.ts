/**
 * Lists beyond the window, for screens (C17). A list is a REST query (`q=roman&period=…`) read page by
 * page from its `X-Next-Cursor` chain; every page read is stored and pinned 'seen' (remote.ts), so the
 * screen keeps reading rows from Dexie and they stay readable offline. The chain of each list is kept for
 * the session (returning to the gallery continues where it stopped).
 *
 * Two uses:
 *   - a list the device mostly holds (the gallery, newest first): `followHeld` reads on past pages it
 *     holds entirely (the window) in large pages, and `last` is the oldest row read so far — the screen
 *     shows local rows down to there, so what it loads appears where the member is looking;
 *   - a list in the server's order (search, most popular): `uids` is the server's answer, in order.
 * Offline, nothing is asked: the screen says where its offline list ends.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { SyncEntity } from '@schema/contracts/sync-constants';
import type { SyncRecord } from '@web/db/database';
import { loadRemotePage } from './app-engine';
import { MAX_PAGE_SIZE_REST } from './remote';

export type RemoteStatus = 'idle' | 'loading' | 'error';

export interface RemoteListState {
  /** Uids in the server's order, every page read so far. */
  uids: readonly string[];
  /** The last row read (the oldest, for a newest-first list); null before the first page. */
  last: SyncRecord | null;
  status: RemoteStatus;
  /** True once the server said there is no further page. */
  done: boolean;
  /** True once at least one page was read. */
  started: boolean;
}

interface Chain extends RemoteListState {
  next: string | null;
  listeners: Set<() => void>;
}

const IDLE: RemoteListState = { uids: [], last: null, status: 'idle', done: false, started: false };
/** Pages held entirely are followed at once, up to this many per load (the window is a few of them). */
const MAX_HELD_PAGES = 10;
/** Lists remembered per session. */
const MAX_CHAINS = 30;
const chains = new Map<string, Chain>();

function chainFor(key: string): Chain {
  let chain = chains.get(key);
  if (!chain) {
    chain = { ...IDLE, next: null, listeners: new Set() };
    chains.set(key, chain);
    if (chains.size > MAX_CHAINS) {
      const oldest = chains.keys().next().value;
      if (oldest !== undefined && oldest !== key) chains.delete(oldest);
    }
  }
  return chain;
}

function update(chain: Chain, next: Partial<RemoteListState>): void {
  Object.assign(chain, next);
  // A new object for useSyncExternalStore: the snapshot changes only when something did.
  snapshots.set(chain, {
    uids: chain.uids,
    last: chain.last,
    status: chain.status,
    done: chain.done,
    started: chain.started,
  });
  for (const listener of chain.listeners) listener();
}

const snapshots = new WeakMap<Chain, RemoteListState>();
const snapshotOf = (chain: Chain): RemoteListState => snapshots.get(chain) ?? IDLE;

/** Reads the next page (and, with `followHeld`, on past pages the device held already). */
async function loadMore(
  chain: Chain,
  entity: SyncEntity,
  query: string,
  pageSize: number,
  followHeld: boolean,
) {
  if (chain.status === 'loading' || chain.done) return;
  update(chain, { status: 'loading' });
  try {
    let uids = [...chain.uids];
    let last = chain.last;
    let next = chain.next;
    let skipping = followHeld;
    for (let pages = 0; ; pages++) {
      const page = await loadRemotePage(entity, query, next, skipping ? MAX_PAGE_SIZE_REST : pageSize);
      const known = new Set(uids);
      uids = [...uids, ...page.records.map((r) => r.uid).filter((uid) => !known.has(uid))];
      last = page.records[page.records.length - 1] ?? last;
      next = page.next;
      skipping = followHeld && page.fresh === 0;
      if (!next || !skipping || pages + 1 >= MAX_HELD_PAGES) break;
    }
    chain.next = next;
    update(chain, { uids, last, done: next === null, started: true, status: 'idle' });
  } catch {
    update(chain, { status: 'error' });
  }
}

export interface RemoteList extends RemoteListState {
  /** Reads the next page; does nothing while one is read, after the last one, or when disabled. */
  loadMore(): void;
}

export interface RemoteListOptions {
  entity: SyncEntity;
  /** The REST list query without cursor and limit. */
  query: string;
  /** False offline (and while the screen does not want the server's list). */
  enabled: boolean;
  pageSize: number;
  followHeld?: boolean;
}

export function useRemoteList({
  entity,
  query,
  enabled,
  pageSize,
  followHeld = false,
}: RemoteListOptions): RemoteList {
  const key = `${entity}?${query}|${followHeld ? 'after-local' : 'server-order'}`;
  const subscribe = useCallback(
    (listener: () => void) => {
      const chain = chainFor(key);
      chain.listeners.add(listener);
      return () => chain.listeners.delete(listener);
    },
    [key],
  );
  const state = useSyncExternalStore(
    subscribe,
    () => snapshotOf(chainFor(key)),
    () => IDLE,
  );
  const more = useCallback(() => {
    if (enabled) void loadMore(chainFor(key), entity, query, pageSize, followHeld);
  }, [enabled, key, entity, query, pageSize, followHeld]);
  return { ...state, loadMore: more };
}

/** Tests: forget every list read so far. */
export function forgetRemoteLists(): void {
  chains.clear();
}

/**
 * How a list ends (C17): nothing more; offline ("Older finds need a connection"); or more on the server,
 * read by `loadMore` (also when the end scrolls into view).
 */
export type ListEnd =
  { kind: 'complete' } | { kind: 'offline' } | { kind: 'more'; status: RemoteStatus; loadMore(): void };

function endOf(list: RemoteList, online: boolean): ListEnd {
  if (list.done) return { kind: 'complete' };
  if (!online) return { kind: 'offline' };
  return { kind: 'more', status: list.status, loadMore: list.loadMore };
}

export interface ContinuationOptions {
  entity: SyncEntity;
  /** The list's REST filter (e.g. 'period=Roman'), without cursor and limit. */
  query: string;
  pageSize: number;
  online: boolean;
  /** The created_at of the window's edge (useWindowEdge): the list is complete down to it. */
  edge: string | null;
}

/**
 * A newest-first list the device mostly holds (C17): `since` is where the local list must stop online —
 * the window's edge, or the oldest record read beyond it — so what a page brings appears at the end, not
 * among older records the device happens to hold (the member's own, pinned ones). Offline, or once the
 * server's list is read to its end, nothing is cut (null).
 */
export function useListContinuation({ entity, query, pageSize, online, edge }: ContinuationOptions): {
  since: string | null;
  end: ListEnd;
} {
  const list = useRemoteList({ entity, query, enabled: online, pageSize, followHeld: true });
  const last = list.last && 'created_at' in list.last ? list.last.created_at : null;
  const since = !online || list.done || edge === null ? null : last !== null && last < edge ? last : edge;
  return { since, end: endOf(list, online) };
}

export interface ServerResultsOptions {
  entity: SyncEntity;
  /** The REST query (e.g. 'q=roman&period=Roman'); '' for none. */
  query: string;
  pageSize: number;
  /** False offline, or when the screen shows its local list. */
  enabled: boolean;
  /** Typing is not a request per key: the first page is asked once the query rests this long. */
  debounceMs?: number;
}

/**
 * A list in the server's order (search, most popular; C17): the server's uids, or null until its first
 * page arrived (or when it could not be asked: the screen shows its local results then).
 */
export function useServerResults({
  entity,
  query,
  pageSize,
  enabled,
  debounceMs = 300,
}: ServerResultsOptions): { uids: readonly string[] | null; failed: boolean; end: ListEnd } {
  const list = useRemoteList({ entity, query, enabled, pageSize });
  const { started, status, loadMore } = list;
  useEffect(() => {
    if (!enabled || started || status !== 'idle') return;
    const timer = setTimeout(loadMore, debounceMs);
    return () => clearTimeout(timer);
  }, [enabled, started, status, loadMore, debounceMs]);
  // Until the first page answers (the debounce included) the end reads as loading, so a list end in view
  // does not ask for it on every key.
  const waiting = enabled && !started && status !== 'error';
  return {
    uids: enabled && started ? list.uids : null,
    failed: status === 'error' && !started,
    end: waiting ? { kind: 'more', status: 'loading', loadMore } : endOf(list, enabled),
  };
}
