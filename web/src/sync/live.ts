/**
 * Live Dexie queries for components, with two differences from dexie-react-hooks' useLiveQuery:
 * - the failure is kept as a value instead of thrown into the render: IndexedDB can be missing or refused
 *   (private modes, storage disabled, old browsers), and lists must then show their error text ('Error
 *   loading finds. Please try again later.') rather than break the page;
 * - each answer is rendered as a transition, which React renders in slices that yield to the browser. A
 *   pull that lands hundreds of records, or a page of 24 cards, then never blocks taps and scrolling
 *   for long (docs/architecture.md "Data flow"): the old answer stays on screen until the new one is drawn.
 */
import { liveQuery } from 'dexie';
import { startTransition, useEffect, useState } from 'react';

export type Live<T> =
  { state: 'loading' } | { state: 'ready'; value: T } | { state: 'error'; error: unknown };

const LOADING = { state: 'loading' } as const satisfies Live<never>;

export function useLive<T>(querier: () => Promise<T> | T, deps: unknown[]): Live<T> {
  const [live, setLive] = useState<Live<T>>(LOADING);
  useEffect(() => {
    const subscription = liveQuery(async (): Promise<Live<T>> => {
      try {
        return { state: 'ready', value: await querier() };
      } catch (error) {
        return { state: 'error', error };
      }
    }).subscribe({
      next: (value) => startTransition(() => setLive(value)),
      error: (error: unknown) => startTransition(() => setLive({ state: 'error', error })),
    });
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
