/**
 * What the map page and the service worker say to each other about the map's offline copy (docs/map.md
 * "The map offline"). The map's code and data (MapLibre, its worker and stylesheet, the shipped basemap and
 * the gazetteer) are not in the first-visit precache; the page asks the worker to keep them with
 * CACHE_MAP, and the worker answers on the message's port with the copy's state as it changes.
 * Shared by web/src/sw-map-cache.ts and services/offline-map.ts; no imports, so the worker stays small.
 */

/** The one Cache Storage cache holding the map's files, keyed by URL and, for unhashed files, revision. */
export const MAP_CACHE_NAME = 'dq-map-offline';

/**
 * Build outputs that are the map's, not the app shell's: MapLibre's chunk, stylesheet and worker, and the
 * files in public/basemap/. Matched against the precache manifest's URLs (relative to the scope).
 */
export const MAP_ASSET_PATTERN = /^\/?(assets\/maplibre[^/]*\.(js|mjs|css)|basemap\/[^/]+)$/;

export const CACHE_MAP_MESSAGE = 'CACHE_MAP';

/** checking: not known yet; saving: downloading now; ready: all of it is kept; failed: a download failed. */
export type OfflineMapState = 'checking' | 'saving' | 'ready' | 'failed';

export interface OfflineMapReply {
  type: 'MAP_OFFLINE';
  state: Exclude<OfflineMapState, 'checking'>;
}

export function isCacheMapMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'type' in data && data.type === CACHE_MAP_MESSAGE;
}

export function isOfflineMapReply(data: unknown): data is OfflineMapReply {
  return (
    typeof data === 'object' &&
    data !== null &&
    'type' in data &&
    data.type === 'MAP_OFFLINE' &&
    'state' in data &&
    (data.state === 'saving' || data.state === 'ready' || data.state === 'failed')
  );
}
