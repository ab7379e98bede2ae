/// <reference lib="webworker" />
/**
 * The map's offline copy, in the service worker (docs/map.md "The map offline"). The map's code and data
 * — MapLibre's chunk, stylesheet and worker, the shipped basemap and the gazetteer, about half of the
 * build's bytes — are left out of the install-time precache, so a first visit to any other page does not
 * download them. They are kept in their own cache (MAP_CACHE_NAME) instead:
 *   - whenever a controlled page fetches one (runtime caching, cache first: the files are versioned);
 *   - all at once when a page with a map asks (CACHE_MAP), which also covers a first visit, whose page the
 *     worker does not control yet; the answer on the message's port says when the copy is complete;
 *   - again by a new version of the worker when the last one had a copy, so an update keeps the map offline.
 * Files of earlier builds are deleted when a new version activates.
 */
import type { PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import {
  MAP_ASSET_PATTERN,
  MAP_CACHE_NAME,
  isCacheMapMessage,
  type OfflineMapReply,
} from './features/map/services/offline-map-protocol';

declare const self: ServiceWorkerGlobalScope;

export type ManifestEntry = string | PrecacheEntry;

const urlOf = (entry: ManifestEntry) => (typeof entry === 'string' ? entry : entry.url);

/** The precache manifest parted into the app shell (precached at install) and the map's files. */
export function splitManifest(entries: ManifestEntry[]): { shell: ManifestEntry[]; map: ManifestEntry[] } {
  return {
    shell: entries.filter((entry) => !MAP_ASSET_PATTERN.test(urlOf(entry))),
    map: entries.filter((entry) => MAP_ASSET_PATTERN.test(urlOf(entry))),
  };
}

interface MapFile {
  url: string;
  /** The URL with the revision for files whose name does not change with their content (the basemap). */
  cacheKey: string;
  revised: boolean;
}

function mapFiles(entries: ManifestEntry[]): Map<string, MapFile> {
  const files = new Map<string, MapFile>();
  for (const entry of entries) {
    const url = new URL(urlOf(entry), self.registration.scope);
    const revision = typeof entry === 'string' ? null : (entry.revision ?? null);
    const key = new URL(url);
    if (revision) key.searchParams.set('__dq_revision', revision);
    files.set(url.pathname, { url: url.href, cacheKey: key.href, revised: revision !== null });
  }
  return files;
}

export function setUpMapCache(entries: ManifestEntry[]): void {
  const files = mapFiles(entries);
  const keys = new Set([...files.values()].map((file) => file.cacheKey));

  async function missing(cache: Cache): Promise<MapFile[]> {
    const found = await Promise.all([...files.values()].map((file) => cache.match(file.cacheKey)));
    return [...files.values()].filter((_, i) => !found[i]);
  }

  async function save(file: MapFile, cache: Cache): Promise<void> {
    // Hashed files may come from the HTTP cache (the page has just loaded them); the basemap is checked.
    const response = await fetch(file.url, { cache: file.revised ? 'no-cache' : 'default' });
    if (response.status !== 200) throw new Error(`${file.url}: ${response.status}`);
    await cache.put(file.cacheKey, response);
  }

  // One download at a time, whoever asks (two tabs, the home page's map then /map).
  let saving: Promise<boolean> | null = null;
  function saveAll(todo: MapFile[], cache: Cache): Promise<boolean> {
    saving ??= Promise.all(todo.map((file) => save(file, cache)))
      .then(() => true)
      .catch(() => false)
      .finally(() => (saving = null));
    return saving;
  }

  async function keep(report: (state: OfflineMapReply['state']) => void): Promise<void> {
    const cache = await caches.open(MAP_CACHE_NAME);
    const todo = await missing(cache);
    if (todo.length > 0) {
      report('saving');
      if (!(await saveAll(todo, cache))) return report('failed');
    }
    report('ready');
  }

  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && files.has(url.pathname),
    {
      handle: async ({ url, request, event }) => {
        const file = files.get(url.pathname);
        const cache = await caches.open(MAP_CACHE_NAME);
        const hit = file ? await cache.match(file.cacheKey) : undefined;
        if (hit) return hit;
        const response = await fetch(request);
        if (file && response.status === 200 && !request.headers.has('range')) {
          // Not awaited: the page reads the body while a copy goes to the cache.
          const copy = cache.put(file.cacheKey, response.clone()).catch(() => undefined);
          event.waitUntil(copy);
        }
        return response;
      },
    },
    'GET',
  );

  self.addEventListener('message', (event: ExtendableMessageEvent) => {
    if (!isCacheMapMessage(event.data)) return;
    const port = event.ports[0];
    const report = (state: OfflineMapReply['state']) =>
      port?.postMessage({ type: 'MAP_OFFLINE', state } satisfies OfflineMapReply);
    event.waitUntil(keep(report));
  });

  // A member who had the map offline keeps it across an update: the new files download with the new worker.
  self.addEventListener('install', (event: ExtendableEvent) => {
    event.waitUntil(
      (async () => {
        if (!(await caches.has(MAP_CACHE_NAME))) return;
        const cache = await caches.open(MAP_CACHE_NAME);
        if ((await cache.keys()).length === 0) return;
        await saveAll(await missing(cache), cache);
      })().catch(() => undefined),
    );
  });

  self.addEventListener('activate', (event: ExtendableEvent) => {
    event.waitUntil(
      (async () => {
        if (!(await caches.has(MAP_CACHE_NAME))) return;
        const cache = await caches.open(MAP_CACHE_NAME);
        const stale = (await cache.keys()).filter((request) => !keys.has(request.url));
        await Promise.all(stale.map((request) => cache.delete(request)));
      })().catch(() => undefined),
    );
  });
}
