/**
 * Live Dexie queries for components, with two differences from dexie-react-hooks' useLiveQuery:
 * - the failure is kept as a value instead of thrown into the render: IndexedDB can be missing or refused
 *   (private modes, storage disabled, old browsers), and lists must then show their error text ('Error
 *   loading finds. Please try again later.') rather than break the page;
 * - each answer is rendered as a transition, which React renders in slices that yield to the browser. A
 *   pull that lands hundreds of records, or a page of 24 cards, then never blocks taps and scrolling
 *   for long (docs/architecture.md "Data flow"): the old answer stays on screen until the new one is drawn.
 */
import { startTransition, useEffect, useState } from 'react';
import { LOADING, subscribeLive, useSharedLive, type Live } from '@web/db/shared-live';

export type { Live };

export function useLive<T>(querier: () => Promise<T> | T, deps: unknown[]): Live<T> {
  const [live, setLive] = useState<Live<T>>(LOADING);
  useEffect(() => {
    const subscription = subscribeLive(querier, (value) => startTransition(() => setLive(value)));
    return () => subscription.unsubscribe();
    // The caller names what the query depends on, as with useEffect itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return live;
}

/** The value, or `fallback` while loading and when the store cannot be read. */
export function useLiveValue<T>(querier: () => Promise<T> | T, deps: unknown[], fallback: T): T {
  const live = useLive(querier, deps);
  return live.state === 'ready' ? live.value : fallback;
}

/**
 * useLiveValue for a question many components ask at once (the outbox summary, whether a record waits to
 * sync): one query for all of them, under `key` (web/src/db/shared-live.ts).
 */
export function useSharedLiveValue<T>(key: string, querier: () => Promise<T> | T, fallback: T): T {
  const live = useSharedLive(key, querier);
  return live.state === 'ready' ? live.value : fallback;
}
