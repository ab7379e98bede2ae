/**
 * Tile arithmetic for "Save this area for offline" (docs/map.md, "Caching for offline"): which z/x/y tiles
 * cover the visible area at each zoom, how many there are, and roughly how much they weigh, so the member
 * sees the count and size before anything downloads.
 */

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface TileCoord {
  z: number;
  x: number;
  y: number;
}

/** Web Mercator stops here; tiles don't go further north or south. */
const MAX_LATITUDE = 85.0511287798;

export function lngToTileX(lng: number, z: number): number {
  const n = 2 ** z;
  return Math.min(n - 1, Math.max(0, Math.floor(((lng + 180) / 360) * n)));
}

export function latToTileY(lat: number, z: number): number {
  const n = 2 ** z;
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const rad = (clamped * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n;
  return Math.min(n - 1, Math.max(0, Math.floor(y)));
}

/** The x and y range of tiles at zoom z covering `bounds` (inclusive). */
export function tileRange(bounds: Bounds, z: number) {
  return {
    minX: lngToTileX(bounds.west, z),
    maxX: lngToTileX(bounds.east, z),
    minY: latToTileY(bounds.north, z),
    maxY: latToTileY(bounds.south, z),
  };
}

export function countTiles(bounds: Bounds, minZoom: number, maxZoom: number): number {
  let count = 0;
  for (let z = minZoom; z <= maxZoom; z++) {
    const r = tileRange(bounds, z);
    count += (r.maxX - r.minX + 1) * (r.maxY - r.minY + 1);
  }
  return count;
}

/** Every tile covering `bounds` from minZoom to maxZoom, lowest zoom first. */
export function* tilesIn(bounds: Bounds, minZoom: number, maxZoom: number): Generator<TileCoord> {
  for (let z = minZoom; z <= maxZoom; z++) {
    const r = tileRange(bounds, z);
    for (let x = r.minX; x <= r.maxX; x++) {
      for (let y = r.minY; y <= r.maxY; y++) yield { z, x, y };
    }
  }
}

/**
 * Typical tile weights, used before any tile of the source has been fetched: a detailed vector tile of
 * countryside is ~20–60 KB, a 256-pixel raster ~15–40 KB. Saving refines the figure as tiles arrive.
 */
export const TYPICAL_TILE_BYTES = { vector: 40 * 1024, raster: 30 * 1024 } as const;

export interface SaveEstimate {
  tiles: number;
  bytes: number;
}

export interface TileSourceSpec {
  type: 'vector' | 'raster';
  minzoom: number;
  maxzoom: number;
}

/**
 * Tiles and bytes to save `bounds` from `fromZoom` to `toZoom` for each source: a source is fetched only
 * up to its own maxzoom (the map draws deeper zooms from those tiles) and from its own minzoom.
 */
export function estimateSave(
  bounds: Bounds,
  fromZoom: number,
  toZoom: number,
  sources: TileSourceSpec[],
): SaveEstimate {
  let tiles = 0;
  let bytes = 0;
  for (const source of sources) {
    const lo = Math.max(fromZoom, source.minzoom);
    const hi = Math.min(toZoom, source.maxzoom);
    if (hi < lo) continue;
    const count = countTiles(bounds, lo, hi);
    tiles += count;
    bytes += count * TYPICAL_TILE_BYTES[source.type];
  }
  return { tiles, bytes };
}

/** The lowest zoom saved for an area seen at `zoom`: a few levels out, so zooming out still shows it. */
export function saveFromZoom(zoom: number): number {
  return Math.max(0, Math.floor(zoom) - 2);
}

/** "12.3 MB", "640 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
