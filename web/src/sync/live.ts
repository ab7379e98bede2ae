/**
 * useLiveQuery with the failure kept as a value instead of thrown into the render: IndexedDB can be
 * missing or refused (private modes, storage disabled, old browsers), and lists must then show their
 * error text ('Error loading finds. Please try again later.') rather than break the page.
 */
import { useLiveQuery } from 'dexie-react-hooks';

export type Live<T> =
  { state: 'loading' } | { state: 'ready'; value: T } | { state: 'error'; error: unknown };

const LOADING = { state: 'loading' } as const satisfies Live<never>;

export function useLive<T>(querier: () => Promise<T> | T, deps: unknown[]): Live<T> {
  return useLiveQuery(
    async (): Promise<Live<T>> => {
      try {
        return { state: 'ready', value: await querier() };
      } catch (error) {
        return { state: 'error', error };
      }
    },
    deps,
    LOADING,
  );
}

/** The value, or `fallback` while loading and when the store cannot be read. */
export function useLiveValue<T>(querier: () => Promise<T> | T, deps: unknown[], fallback: T): T {
  const live = useLive(querier, deps);
  return live.state === 'ready' ? live.value : fallback;
}
