/**
 * Whether the map works with no signal on this device (docs/map.md "The map offline"). Opening a map asks
 * the service worker to keep the map's code and data (offline-map-protocol.ts); the worker answers with
 * 'saving', then 'ready' or 'failed', shown in the layers panel (components/offline-map-status.tsx). With
 * no service worker (the dev server, an old browser) the state stays 'checking' and nothing is shown.
 */
import { useSyncExternalStore } from 'react';
import { CACHE_MAP_MESSAGE, isOfflineMapReply, type OfflineMapState } from './offline-map-protocol';

let state: OfflineMapState = 'checking';
let asked = false;
const listeners = new Set<() => void>();

function set(next: OfflineMapState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

/** Asks the service worker, once per page load (again after a failure), to keep the map for offline use. */
export function keepMapOffline(): void {
  if (asked || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  asked = true;
  // `ready` waits for the worker the app registers after its first page (features/pwa/update-prompt.tsx).
  void navigator.serviceWorker.ready.then((registration) => {
    const worker = registration.active;
    if (!worker) return void (asked = false);
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      if (!isOfflineMapReply(event.data)) return;
      set(event.data.state);
      if (event.data.state === 'failed') {
        asked = false;
        window.addEventListener('online', keepMapOffline, { once: true });
      }
    };
    worker.postMessage({ type: CACHE_MAP_MESSAGE }, [channel.port2]);
  });
}

export function useOfflineMapState(): OfflineMapState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
