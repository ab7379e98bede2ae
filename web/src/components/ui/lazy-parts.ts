/**
 * Radix loads with the first dialog, menu, tooltip or toast that needs it, not with the app (the first-load
 * budget in docs/architecture.md). Each primitive's Radix-backed parts live in a `*-parts.tsx` module that
 * its facade (dialog.tsx, dropdown-menu.tsx, tooltip.tsx, toast.tsx) imports dynamically; until then the
 * facade renders a light stand-in for the closed trigger. This is their shared loader — also used for other
 * code a first visit need not download (the comment and post forms, the home page's wellbeing stories): one
 * import per parts module, tried again on the next request when it failed (offline on a first visit, before
 * the service worker has cached the chunk), and a hook that re-renders when the parts arrive.
 */
import { useEffect, useSyncExternalStore } from 'react';

export interface LazyParts<T> {
  /** The parts if loaded, else undefined: once loaded, facades render Radix at once, with no flash. */
  current: () => T | undefined;
  /** Starts the import (once); resolves with the parts. */
  load: () => Promise<T>;
  /** The parts once loaded, re-rendering when they arrive; starts loading while `wanted`. */
  useParts: (wanted: boolean) => T | undefined;
}

const allParts = new Set<LazyParts<unknown>>();

/**
 * Loads every parts module created so far (the facades imported by then). For component tests, which
 * render a facade and query its dialog or menu in the same tick, as after the first one in the app.
 */
export async function preloadAllParts(): Promise<void> {
  await Promise.all([...allParts].map((parts) => parts.load()));
}

export function lazyParts<T>(importParts: () => Promise<T>): LazyParts<T> {
  let parts: T | undefined;
  let loading: Promise<T> | undefined;
  const listeners = new Set<() => void>();

  const current = () => parts;
  const load = () => {
    loading ??= importParts().then(
      (loaded) => {
        parts = loaded;
        for (const listener of listeners) listener();
        return loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  const created: LazyParts<T> = {
    current,
    load,
    useParts(wanted) {
      const loaded = useSyncExternalStore(subscribe, current, current);
      useEffect(() => {
        // A failed import leaves the trigger as it is; the next open or hover tries again.
        if (wanted && !parts) load().catch(() => undefined);
      }, [wanted]);
      return loaded;
    },
  };
  allParts.add(created);
  return created;
}

/** Starts loading without waiting: for hover and focus on a trigger, ahead of the click. */
export function prefetch(parts: LazyParts<unknown>): void {
  if (!parts.current()) parts.load().catch(() => undefined);
}

/** The parts inside a tree that only renders once they are loaded (a facade in Radix mode). */
export function requireParts<T>(parts: LazyParts<T>, where: string): T {
  const loaded = parts.current();
  if (!loaded) throw new Error(`${where} rendered before its Radix parts were loaded`);
  return loaded;
}
