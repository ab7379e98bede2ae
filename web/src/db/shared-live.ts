/**
 * One live Dexie query shared by every component that asks the same question (docs/architecture.md "Data
 * flow"). The header, the nav, every card's like button and most pages ask who is signed in, whether the
 * device has synced and what waits in the outbox; each asking through its own `liveQuery` opened its own
 * IndexedDB transaction on mount and again after every write to the table — 42 reads of the session row
 * and 35 of the sync state and outbox while the home page first loaded. Here the first component to ask
 * opens the query, later ones read its answer, and the last one to leave closes it; a new asker after that
 * starts again from "loading", so nobody is shown a stale answer.
 *
 * A key names the question: two queriers under one key must return the same thing.
 */
import { liveQuery } from 'dexie';
import { useCallback, useSyncExternalStore } from 'react';

export type Live<T> =
  { state: 'loading' } | { state: 'ready'; value: T } | { state: 'error'; error: unknown };

export const LOADING = { state: 'loading' } as const satisfies Live<never>;

interface Entry {
  live: Live<unknown>;
  listeners: Set<() => void>;
  subscription: { unsubscribe: () => void } | null;
}

const entries = new Map<string, Entry>();

function entryFor(key: string): Entry {
  let entry = entries.get(key);
  if (!entry) {
    entry = { live: LOADING, listeners: new Set(), subscription: null };
    entries.set(key, entry);
  }
  return entry;
}

function publish(entry: Entry, live: Live<unknown>): void {
  entry.live = live;
  for (const listener of [...entry.listeners]) listener();
}

/**
 * A Dexie live query whose failure is an answer too: IndexedDB can be missing or refused (private modes,
 * storage off), and a screen then shows its error text rather than breaking. `onAnswer` gets every answer.
 */
export function subscribeLive<T>(
  querier: () => Promise<T> | T,
  onAnswer: (live: Live<T>) => void,
): { unsubscribe: () => void } {
  return liveQuery(async (): Promise<Live<T>> => {
    try {
      return { state: 'ready', value: await querier() };
    } catch (error) {
      return { state: 'error', error };
    }
  }).subscribe({ next: onAnswer, error: (error: unknown) => onAnswer({ state: 'error', error }) });
}

function subscribeTo(key: string, querier: () => unknown, listener: () => void): () => void {
  const entry = entryFor(key);
  entry.listeners.add(listener);
  entry.subscription ??= subscribeLive(querier, (live) => publish(entry, live));
  return () => {
    entry.listeners.delete(listener);
    if (entry.listeners.size > 0) return;
    entry.subscription?.unsubscribe();
    entries.delete(key);
  };
}

/** The shared answer to `key`, read live; `querier` runs once per change however many components ask. */
export function useSharedLive<T>(key: string, querier: () => Promise<T> | T): Live<T> {
  // The querier of the first component to ask is the one that runs (see the key's rule above).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const subscribe = useCallback((listener: () => void) => subscribeTo(key, querier, listener), [key]);
  const snapshot = useCallback(() => entryFor(key).live, [key]);
  // Every entry's answer is one of the Live<T> its querier produced.
  return useSyncExternalStore(subscribe, snapshot) as Live<T>;
}

/** How many shared queries are open (tests). */
export function openSharedQueries(): number {
  return [...entries.values()].filter((e) => e.subscription !== null).length;
}
