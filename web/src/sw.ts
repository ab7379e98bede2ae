/// <reference lib="webworker" />
/**
 * DigQuest service worker (vite-plugin-pwa injectManifest). Sections, in order:
 *   1. app shell precache (the map's files apart)   2. navigations   3. runtime caches   4. lifecycle messages
 * The sync work adds its handlers (e.g. background sync) as further sections below; keep each one
 * self-contained so they can be read and tested separately.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { setUpMapCache, splitManifest } from './sw-map-cache';
import { setUpNotifications } from './sw-notifications';

declare const self: ServiceWorkerGlobalScope;

// ── 1. App shell ─────────────────────────────────────────────────────────────
// Every built asset (JS chunks, CSS, icons, index.html) so the whole app opens offline — except the map's
// code and data (MapLibre, the basemap, the gazetteer), which are kept once a map is opened (sw-map-cache.ts,
// docs/map.md "The map offline"): most members' first visit is not to the map.
const manifest = splitManifest(self.__WB_MANIFEST);
precacheAndRoute(manifest.shell);
cleanupOutdatedCaches();
setUpMapCache(manifest.map);

// ── 2. Navigations ───────────────────────────────────────────────────────────
// Any in-app URL (/finds/42, /map?lat=…) is answered with the precached shell; the router takes over.
// Server paths are excluded so an API call or an image opened in a tab is never answered with HTML.
const SERVER_PATHS = [/^\/api\//, /^\/uploads\//, /^\/avatars\//, /^\/tiles\//];
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: SERVER_PATHS }));

// ── 3. Runtime caches ────────────────────────────────────────────────────────
const DAY = 24 * 60 * 60;

// Generated avatars are deterministic per username, so a cached copy stays correct.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/avatars/'),
  new CacheFirst({
    cacheName: 'dq-avatars',
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })],
  }),
);

// Uploaded photos are content-addressed (their name is their SHA-256), so they never change.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/uploads/'),
  new CacheFirst({
    cacheName: 'dq-uploads',
    plugins: [new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true })],
  }),
);

// Map areas saved for offline (web/src/features/map/services/saved-areas.ts, docs/map.md "Caching for
// offline"): the page stores a configured style's tiles in `dq-map-tiles:area-…` caches and the style's own
// files in `dq-map-tiles:style`. Saved tiles are answered from the cache first (they are what the member
// chose to keep, and no signal is the point); the style's files go to the network first, so an updated
// style is picked up online, and fall back to the saved copy offline. Anything not saved goes to the network.
// The shipped basemap is not here: it is kept with the map's files (sw-map-cache.ts) and read whole.
const SAVED_MAP_PREFIX = 'dq-map-tiles:';
const SAVED_MAP_STYLE = `${SAVED_MAP_PREFIX}style`;

async function savedMapResponse(request: Request): Promise<Response> {
  const names = (await caches.keys()).filter((name) => name.startsWith(SAVED_MAP_PREFIX));
  for (const name of names.filter((n) => n !== SAVED_MAP_STYLE)) {
    const hit = await (await caches.open(name)).match(request, { ignoreVary: true });
    if (hit) return hit;
  }
  const styleCopy = names.includes(SAVED_MAP_STYLE)
    ? await (await caches.open(SAVED_MAP_STYLE)).match(request, { ignoreVary: true })
    : undefined;
  if (!styleCopy) return fetch(request);
  try {
    const fresh = await fetch(request);
    return fresh.ok ? fresh : styleCopy;
  } catch {
    return styleCopy;
  }
}

// MapLibre fetches tiles, styles, sprites and glyphs with fetch() (destination ''), from another host or
// from our own /tiles/ route (the detailed map, MAP_PMTILES_URL: whole tiles, so each one can be cached;
// tiles not saved are left to the browser's HTTP cache, which the route's long Cache-Control fills).
registerRoute(
  ({ url, request, sameOrigin }) =>
    request.destination === '' && (!sameOrigin || url.pathname.startsWith('/tiles/')),
  { handle: ({ request }) => savedMapResponse(request) },
  'GET',
);

// API answers are never cached here: offline reads come from Dexie, and a stale cached answer would
// contradict it. NetworkOnly makes that explicit rather than relying on no route matching.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/'),
  new NetworkOnly(),
  'GET',
);

// ── 4. Lifecycle ─────────────────────────────────────────────────────────────
// No automatic skipWaiting: the page's "A new version is available" prompt asks first
// (docs/decisions/0018-pwa-update-prompt.md).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

// ── 5. Notifications ─────────────────────────────────────────────────────────
setUpNotifications();
