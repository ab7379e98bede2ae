/**
 * Work the first paint does not need (starting the sync engine, registering the service worker) waits
 * until the first page has been shown and the main thread is idle, so it does not compete with that page
 * for the network and the main thread.
 */
import { useEffect, useState } from 'react';

/** Runs `task` once the document has loaded and the main thread is idle. Returns a cancel function. */
export function whenIdle(task: () => void, { timeoutMs = 3000 }: { timeoutMs?: number } = {}): () => void {
  let cancelled = false;
  let cancelIdle: (() => void) | undefined;
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      // Safari has no requestIdleCallback: a short timeout after load is the nearest thing.
      const handle = window.setTimeout(task, 200);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    cancelIdle?.();
  };
}

let firstPageShown = false;
const waitingForFirstPage = new Set<() => void>();

/** Called by the layout once the first page itself (not its loading placeholder) has rendered. */
export function markFirstPageShown(): void {
  if (firstPageShown) return;
  firstPageShown = true;
  for (const start of waitingForFirstPage) start();
  waitingForFirstPage.clear();
}

/** False until the first page has been shown and the main thread has then been idle; true for good after. */
export function useIdleAfterFirstPage(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let cancel: (() => void) | undefined;
    const start = () => {
      cancel = whenIdle(() => setIdle(true));
    };
    if (firstPageShown) start();
    else waitingForFirstPage.add(start);
    return () => {
      waitingForFirstPage.delete(start);
      cancel?.();
    };
  }, []);
  return idle;
}
