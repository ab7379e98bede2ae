/**
 * A minimal PMTiles v3 writer for the shipped basemap (scripts/make-basemap.ts, docs/map.md). The `pmtiles`
 * package only reads archives, so the build writes its one file with this: a 127-byte header, a root
 * directory (leaf directories only when the root would not fit in the first 16 KiB), the JSON metadata,
 * then the tile contents. Identical tiles (open sea, inland squares) are stored once and consecutive ones
 * share a run-length entry. Directories are varint-encoded and compressed with the `compress` function the
 * caller passes (gzip), so this file runs in Node and in the browser alike and has no dependency.
 *
 * Layout of the format: the PMTiles v3 specification (header fields, directory encoding, Hilbert tile ids).
 */

/** Hilbert tile id of z/x/y, as PMTiles numbers tiles (same as `zxyToTileId` of the `pmtiles` reader). */
export function tileIdOf(z: number, x: number, y: number): number {
  let acc = ((1 << z) * (1 << z) - 1) / 3;
  let tx = x;
  let ty = y;
  for (let s = 1 << (z - 1); s > 0; s >>= 1) {
    const rx = tx & s ? 1 : 0;
    const ry = ty & s ? 1 : 0;
    acc += ((3 * rx) ^ ry) * s * s;
    // Rotate the quadrant so the curve stays continuous.
    if (ry === 0) {
      if (rx === 1) {
        tx = s - 1 - tx;
        ty = s - 1 - ty;
      }
      [tx, ty] = [ty, tx];
    }
  }
  return acc;
}

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  /** The tile as stored (already compressed with `tileCompression`). */
  data: Uint8Array;
}

export interface ArchiveOptions {
  tiles: ArchiveTile[];
  metadata: Record<string, unknown>;
  /** [west, south, east, north] in degrees. */
  bounds: [number, number, number, number];
  center: [lng: number, lat: number, zoom: number];
  /** Compresses directories and metadata; its format is `internalCompression`. */
  compress: (bytes: Uint8Array) => Uint8Array;
  /** 2 = gzip (the PMTiles Compression enum). */
  internalCompression: number;
  tileCompression: number;
  /** 1 = Mapbox Vector Tile (the PMTiles TileType enum). */
  tileType: number;
}

interface DirEntry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

const HEADER_BYTES = 127;
/** Header plus root directory must fit in the first request a reader makes. */
const ROOT_LIMIT = 16384 - HEADER_BYTES;

function writeVarint(out: number[], value: number): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

/** Directory encoding: count, then tile id deltas, run lengths, lengths, offsets (0 = right after the last). */
export function serializeDirectory(entries: DirEntry[]): Uint8Array {
  const out: number[] = [];
  writeVarint(out, entries.length);
  let lastId = 0;
  for (const e of entries) {
    writeVarint(out, e.tileId - lastId);
    lastId = e.tileId;
  }
  for (const e of entries) writeVarint(out, e.runLength);
  for (const e of entries) writeVarint(out, e.length);
  entries.forEach((e, i) => {
    const prev = entries[i - 1];
    writeVarint(out, i > 0 && prev && e.offset === prev.offset + prev.length ? 0 : e.offset + 1);
  });
  return Uint8Array.from(out);
}

function contentKey(bytes: Uint8Array): string {
  // Tiles are small; a string key of their bytes is exact (no hash collisions) and fast enough at build time.
  let key = `${bytes.length}:`;
  for (let i = 0; i < bytes.length; i += 4096) {
    key += String.fromCharCode(...bytes.subarray(i, Math.min(i + 4096, bytes.length)));
  }
  return key;
}

/** Tile entries in tile id order, contents stored once each, consecutive repeats merged into runs. */
function layoutTiles(tiles: ArchiveTile[]) {
  const sorted = tiles
    .map((t) => ({ tileId: tileIdOf(t.z, t.x, t.y), data: t.data }))
    .sort((a, b) => a.tileId - b.tileId);
  const entries: DirEntry[] = [];
  const blobs: Uint8Array[] = [];
  const offsets = new Map<string, number>();
  let size = 0;
  for (const { tileId, data } of sorted) {
    const key = contentKey(data);
    let offset = offsets.get(key);
    if (offset === undefined) {
      offset = size;
      offsets.set(key, offset);
      blobs.push(data);
      size += data.length;
    }
    const last = entries.at(-1);
    if (last && last.offset === offset && last.tileId + last.runLength === tileId) last.runLength++;
    else entries.push({ tileId, offset, length: data.length, runLength: 1 });
  }
  return { entries, blobs, size, contents: offsets.size, addressed: sorted.length };
}

/** Root and leaf directories: everything in the root when it fits, otherwise leaves of `leafSize` entries. */
function buildDirectories(entries: DirEntry[], compress: (b: Uint8Array) => Uint8Array) {
  const root = compress(serializeDirectory(entries));
  if (root.length <= ROOT_LIMIT) return { root, leaves: new Uint8Array(0) };
  for (let leafSize = 4096; ; leafSize *= 2) {
    const rootEntries: DirEntry[] = [];
    const leafParts: Uint8Array[] = [];
    let leafOffset = 0;
    for (let i = 0; i < entries.length; i += leafSize) {
      const chunk = entries.slice(i, i + leafSize);
      const leaf = compress(serializeDirectory(chunk));
      rootEntries.push({
        tileId: chunk[0]?.tileId ?? 0,
        offset: leafOffset,
        length: leaf.length,
        runLength: 0,
      });
      leafParts.push(leaf);
      leafOffset += leaf.length;
    }
    const rootBytes = compress(serializeDirectory(rootEntries));
    if (rootBytes.length <= ROOT_LIMIT) return { root: rootBytes, leaves: concat(leafParts) };
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The whole archive as one byte array. */
export function writePmtiles(options: ArchiveOptions): Uint8Array {
  const { entries, blobs, size, contents, addressed } = layoutTiles(options.tiles);
  const { root, leaves } = buildDirectories(entries, options.compress);
  const metadata = options.compress(new TextEncoder().encode(JSON.stringify(options.metadata)));

  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const leavesOffset = metadataOffset + metadata.length;
  const dataOffset = leavesOffset + leaves.length;

  const header = new Uint8Array(HEADER_BYTES);
  const view = new DataView(header.buffer);
  header.set(new TextEncoder().encode('PMTiles'), 0);
  view.setUint8(7, 3);
  const u64 = (at: number, value: number) => view.setBigUint64(at, BigInt(value), true);
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, leavesOffset);
  u64(48, leaves.length);
  u64(56, dataOffset);
  u64(64, size);
  u64(72, addressed);
  u64(80, entries.length);
  u64(88, contents);
  view.setUint8(96, 1); // clustered: contents are in tile id order of their first use
  view.setUint8(97, options.internalCompression);
  view.setUint8(98, options.tileCompression);
  view.setUint8(99, options.tileType);
  const zooms = options.tiles.map((t) => t.z);
  view.setUint8(100, zooms.length ? Math.min(...zooms) : 0);
  view.setUint8(101, zooms.length ? Math.max(...zooms) : 0);
  const e7 = (deg: number) => Math.round(deg * 1e7);
  const [west, south, east, north] = options.bounds;
  view.setInt32(102, e7(west), true);
  view.setInt32(106, e7(south), true);
  view.setInt32(110, e7(east), true);
  view.setInt32(114, e7(north), true);
  const [lng, lat, zoom] = options.center;
  view.setUint8(118, zoom);
  view.setInt32(119, e7(lng), true);
  view.setInt32(123, e7(lat), true);

  return concat([header, root, metadata, leaves, ...blobs]);
}
