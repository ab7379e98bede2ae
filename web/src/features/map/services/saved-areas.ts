/**
 * "Save this area for offline" (docs/map.md, "Caching for offline"): the tiles of the visible area, from a
 * few zooms out down to zoom 16, fetched tile by tile from the configured style's sources and kept in Cache
 * Storage, one cache per area (`dq-map-tiles:area-…`), so deleting an area is deleting its cache. The
 * style's own files (the style, TileJSON, sprites, glyphs) go in one shared cache. The service worker
 * (web/src/sw.ts) answers the map's requests from these caches, so saved areas draw with no signal.
 *
 * Nothing is fetched from OpenStreetMap's tile servers, whose usage policy forbids bulk downloads, nor
 * from pmtiles:// archives (read by byte ranges, which cannot be cached tile by tile).
 */
import type { StyleSpecification } from 'maplibre-gl';
import {
  SAVE_CAP_BYTES,
  SAVE_MAX_ZOOM,
  SAVED_STYLE_CACHE,
  SAVED_TILES_CACHE_PREFIX,
} from '../model/constants';
import {
  isFetchableUrl,
  isForbiddenTileHost,
  styleAssetUrls,
  tileSourcesOf,
  tileUrl,
  withTileJson,
  type StyleTileSource,
} from '../model/style-sources';
import { estimateSave, tilesIn, type Bounds, type SaveEstimate } from '../model/tiles';
import { DETAIL_SOURCE, detailSourceSpec, type DetailSource } from '../model/map-sources';

export interface SavedArea {
  id: string;
  name: string;
  bounds: Bounds;
  minZoom: number;
  maxZoom: number;
  tiles: number;
  bytes: number;
  savedAt: string;
  styleUrl: string;
}

export type SavePlan =
  | { kind: 'ready'; sources: StyleTileSource[]; assets: string[]; styleUrl: string }
  | { kind: 'refused'; reason: string };

export interface SaveProgress {
  done: number;
  total: number;
  bytes: number;
}

const AREA_CACHE_PREFIX = `${SAVED_TILES_CACHE_PREFIX}area-`;
/**
 * The key of an area's own description inside its cache: never requested, so on a reserved domain
 * (.invalid never resolves) rather than a path of ours.
 */
const AREA_META_URL = 'https://digquest.invalid/saved-map-area.json';
const PARALLEL_FETCHES = 6;
/** Areas being saved by this page: their caches have no description yet and must not be swept. */
const inProgress = new Set<string>();

export const SAVE_REFUSALS = {
  noCaches: 'This browser cannot keep map tiles for offline use.',
  openStreetMap:
    "This map's tiles come from OpenStreetMap's own servers, whose usage policy does not allow saving areas. Ask the site's operator for a tile source that does.",
  noTiles: "This map's style has no tile source that can be saved tile by tile.",
  tooLarge: (limit: string) => `That is more than ${limit}. Zoom in to save a smaller area.`,
  capReached: (limit: string) => `Saving stopped at the ${limit} limit. Zoom in to save a smaller area.`,
  failed: 'The area could not be saved. Check your connection and try again.',
} as const;

export function cachesAvailable(): boolean {
  return typeof caches !== 'undefined';
}

async function fetchJson(url: string): Promise<unknown> {
  const res = await fetch(url, { credentials: 'omit' });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json();
}

/** Reads the style's sources (and their TileJSON) and decides whether the area may be saved. */
export async function planSave(style: StyleSpecification, styleUrl: string): Promise<SavePlan> {
  if (!cachesAvailable()) return { kind: 'refused', reason: SAVE_REFUSALS.noCaches };
  const sources: StyleTileSource[] = [];
  const assets = [styleUrl, ...styleAssetUrls(style, styleUrl)];
  for (const source of tileSourcesOf(style, styleUrl)) {
    let full = source;
    if (!source.tiles.length && source.url && isFetchableUrl(source.url)) {
      full = withTileJson(source, await fetchJson(source.url).catch(() => null));
      assets.push(source.url);
    }
    if (full.tiles.some(isForbiddenTileHost)) return { kind: 'refused', reason: SAVE_REFUSALS.openStreetMap };
    if (full.tiles.length && full.tiles.every(isFetchableUrl)) sources.push(full);
  }
  if (!sources.length) return { kind: 'refused', reason: SAVE_REFUSALS.noTiles };
  return { kind: 'ready', sources, assets, styleUrl };
}

/**
 * The plan for the detailed map our server serves (MAP_PMTILES_URL): its tiles only, from the zoom where
 * the map starts drawing it. Aerial imagery is never saved (its providers' terms rarely allow bulk
 * downloads), nor the outline map, which the app already holds.
 */
export function planDetailSave(detail: DetailSource, origin: string): SavePlan {
  if (!cachesAvailable()) return { kind: 'refused', reason: SAVE_REFUSALS.noCaches };
  const spec = detailSourceSpec(detail, origin);
  const tiles = spec.tiles ?? [];
  const source: StyleTileSource = {
    id: DETAIL_SOURCE,
    type: 'vector',
    tiles,
    url: null,
    minzoom: spec.minzoom ?? 0,
    maxzoom: spec.maxzoom ?? SAVE_MAX_ZOOM,
    scheme: 'xyz',
    attribution: spec.attribution ?? null,
  };
  return { kind: 'ready', sources: [source], assets: [], styleUrl: tiles[0] ?? origin };
}

export function estimateArea(plan: Extract<SavePlan, { kind: 'ready' }>, bounds: Bounds, fromZoom: number) {
  return estimateSave(bounds, fromZoom, SAVE_MAX_ZOOM, plan.sources);
}

export function exceedsCap(estimate: SaveEstimate): boolean {
  return estimate.bytes > SAVE_CAP_BYTES;
}

/**
 * Fetches one URL into `cache`; returns its size, or 0 when the server had nothing. An empty tile (204:
 * sea, a field beyond the map's data) is kept as such, so offline the map is told "empty", not "no signal".
 */
async function store(cache: Cache, url: string, signal: AbortSignal): Promise<number> {
  const res = await fetch(url, { signal, credentials: 'omit', mode: 'cors' });
  if (res.status === 204) {
    await cache.put(url, new Response(null, { status: 204, headers: res.headers }));
    return 0;
  }
  if (!res.ok) return 0;
  const body = await res.blob();
  await cache.put(url, new Response(body, { status: res.status, headers: res.headers }));
  return body.size;
}

/**
 * Saves the tiles of `bounds` from `fromZoom` to zoom 16. Stops at the size cap; cancelling (`signal`)
 * or failing deletes what was saved of this area. Resolves with the saved area.
 */
export async function saveArea(
  plan: Extract<SavePlan, { kind: 'ready' }>,
  bounds: Bounds,
  fromZoom: number,
  name: string,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (p: SaveProgress) => void },
): Promise<SavedArea> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const cacheName = AREA_CACHE_PREFIX + id;
  const urls: string[] = [];
  for (const source of plan.sources) {
    const lo = Math.max(fromZoom, source.minzoom);
    const hi = Math.min(SAVE_MAX_ZOOM, source.maxzoom);
    let i = 0;
    for (const tile of tilesIn(bounds, lo, hi)) {
      // Several template hosts ({a,b,c}.tiles…) serve the same tiles: spread requests over them.
      const template = source.tiles[i++ % source.tiles.length] ?? '';
      urls.push(tileUrl(template, tile, source.scheme));
    }
  }
  inProgress.add(cacheName);
  const cache = await caches.open(cacheName);
  try {
    const shared = await caches.open(SAVED_STYLE_CACHE);
    await Promise.all(plan.assets.map((url) => store(shared, url, signal).catch(() => 0)));
    const progress: SaveProgress = { done: 0, total: urls.length, bytes: 0 };
    let next = 0;
    const worker = async () => {
      while (next < urls.length) {
        const url = urls[next++] ?? '';
        signal.throwIfAborted();
        // Awaited first: `bytes += await …` would read the total before the wait and lose other workers' sizes.
        const size = await store(cache, url, signal);
        progress.bytes += size;
        progress.done++;
        onProgress({ ...progress });
        if (progress.bytes > SAVE_CAP_BYTES) throw new RangeError('cap');
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker));
    const area: SavedArea = {
      id,
      name,
      bounds,
      minZoom: fromZoom,
      maxZoom: SAVE_MAX_ZOOM,
      tiles: progress.done,
      bytes: progress.bytes,
      savedAt: new Date().toISOString(),
      styleUrl: plan.styleUrl,
    };
    await cache.put(
      AREA_META_URL,
      new Response(JSON.stringify(area), { headers: { 'Content-Type': 'application/json' } }),
    );
    return area;
  } catch (err) {
    await caches.delete(cacheName);
    throw err;
  } finally {
    inProgress.delete(cacheName);
  }
}

function isSavedArea(value: unknown): value is SavedArea {
  return (
    typeof value === 'object' && value !== null && 'id' in value && 'bytes' in value && 'bounds' in value
  );
}

/** Saved areas, newest first. A save cut short (the tab closed) left a cache with no description: swept. */
export async function listSavedAreas(): Promise<SavedArea[]> {
  if (!cachesAvailable()) return [];
  const names = (await caches.keys()).filter((n) => n.startsWith(AREA_CACHE_PREFIX) && !inProgress.has(n));
  const areas = await Promise.all(
    names.map(async (name) => {
      const meta = await (await caches.open(name)).match(AREA_META_URL);
      const value: unknown = meta ? await meta.json().catch(() => null) : null;
      if (isSavedArea(value)) return value;
      await caches.delete(name);
      return null;
    }),
  );
  return areas.filter((a): a is SavedArea => a !== null).sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

/** Deletes an area's tiles; the last area takes the style's shared files with it. */
export async function deleteSavedArea(id: string): Promise<void> {
  await caches.delete(AREA_CACHE_PREFIX + id);
  const left = (await caches.keys()).some((n) => n.startsWith(AREA_CACHE_PREFIX));
  if (!left) await caches.delete(SAVED_STYLE_CACHE);
}
