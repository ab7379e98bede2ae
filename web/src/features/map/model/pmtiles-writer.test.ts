import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PMTiles, zxyToTileId } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { MemorySource } from './memory-source';
import { tileIdOf, writePmtiles, type ArchiveTile } from './pmtiles-writer';

const gzip = (bytes: Uint8Array) => new Uint8Array(gzipSync(bytes));
const bytesOf = (text: string) => new TextEncoder().encode(text);
/** The reader hands tiles back decompressed. */
const textOf = (data: ArrayBuffer) => new TextDecoder().decode(data);

function readerFor(archive: Uint8Array): PMTiles {
  const buffer = new ArrayBuffer(archive.byteLength);
  new Uint8Array(buffer).set(archive);
  return new PMTiles(new MemorySource('test', buffer));
}

function archiveOf(tiles: ArchiveTile[]) {
  return writePmtiles({
    tiles,
    metadata: { name: 'test', attribution: 'Natural Earth' },
    bounds: [-11, 49, 2, 61],
    center: [-2.89479, 54.093409, 6],
    compress: gzip,
    internalCompression: 2,
    tileCompression: 2,
    tileType: 1,
  });
}

describe('PMTiles v3 writer', () => {
  it('numbers tiles on the Hilbert curve exactly as the pmtiles reader does', () => {
    for (let z = 0; z <= 12; z++) {
      const n = 2 ** z;
      for (const [x, y] of [
        [0, 0],
        [n - 1, 0],
        [0, n - 1],
        [n - 1, n - 1],
        [Math.floor(n / 3), Math.floor((2 * n) / 3)],
      ] as const) {
        expect(tileIdOf(z, x, y), `${z}/${x}/${y}`).toBe(zxyToTileId(z, x, y));
      }
    }
  });

  it('round-trips: header, metadata and every tile read back with the pmtiles reader', async () => {
    const tiles: ArchiveTile[] = [
      { z: 0, x: 0, y: 0, data: gzip(bytesOf('world')) },
      { z: 5, x: 15, y: 10, data: gzip(bytesOf('england')) },
      { z: 5, x: 15, y: 9, data: gzip(bytesOf('scotland')) },
      { z: 10, x: 503, y: 331, data: gzip(bytesOf('lancashire')) },
    ];
    const reader = readerFor(archiveOf(tiles));
    const header = await reader.getHeader();
    expect(header).toMatchObject({
      specVersion: 3,
      minZoom: 0,
      maxZoom: 10,
      numAddressedTiles: 4,
      numTileContents: 4,
      tileType: 1,
      tileCompression: 2,
      centerZoom: 6,
      clustered: true,
    });
    expect(header.centerLat).toBeCloseTo(54.093409, 5);
    expect(header.minLon).toBeCloseTo(-11, 5);
    expect(await reader.getMetadata()).toEqual({ name: 'test', attribution: 'Natural Earth' });
    for (const tile of tiles) {
      const got = await reader.getZxy(tile.z, tile.x, tile.y);
      expect(got && textOf(got.data)).toBe(new TextDecoder().decode(gunzipSync(tile.data)));
    }
    expect(await reader.getZxy(5, 0, 0)).toBeUndefined();
  });

  it('stores identical tiles once and merges consecutive repeats into one run', async () => {
    const sea = gzip(bytesOf('land everywhere'));
    // A whole zoom-3 grid of the same content: 64 tiles, consecutive on the curve.
    const tiles: ArchiveTile[] = [];
    for (let x = 0; x < 8; x++) for (let y = 0; y < 8; y++) tiles.push({ z: 3, x, y, data: sea });
    tiles.push({ z: 4, x: 7, y: 5, data: gzip(bytesOf('coast')) });
    const archive = archiveOf(tiles);
    const header = await readerFor(archive).getHeader();
    expect(header.numAddressedTiles).toBe(65);
    expect(header.numTileContents).toBe(2);
    expect(header.numTileEntries).toBe(2);
    expect(archive.length).toBeLessThan(400);
    const reader = readerFor(archive);
    const middle = await reader.getZxy(3, 4, 6);
    expect(middle && textOf(middle.data)).toBe('land everywhere');
  });

  it('moves entries into leaf directories when the root would not fit in 16 KiB', async () => {
    // Unique contents of scattered lengths for half a zoom-8 grid: a directory gzip cannot squeeze into
    // the root (lengths vary, so they don't compress away).
    const tiles: ArchiveTile[] = [];
    let seed = 7;
    const padding = () => ' '.repeat((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 300);
    for (let x = 0; x < 256; x++) {
      for (let y = 0; y < 128; y++) tiles.push({ z: 8, x, y, data: bytesOf(`${x}/${y}${padding()}`) });
    }
    const archive = writePmtiles({
      tiles,
      metadata: {},
      bounds: [-180, 0, 180, 85],
      center: [0, 0, 0],
      compress: gzip,
      internalCompression: 2,
      tileCompression: 1,
      tileType: 1,
    });
    const reader = readerFor(archive);
    const header = await reader.getHeader();
    expect(header.leafDirectoryLength).toBeGreaterThan(0);
    expect(header.rootDirectoryOffset + header.rootDirectoryLength).toBeLessThanOrEqual(16384);
    for (const [x, y] of [
      [0, 0],
      [200, 17],
      [255, 127],
    ]) {
      const got = await reader.getZxy(8, x!, y!);
      expect(got && textOf(got.data).trim()).toBe(`${x}/${y}`);
    }
  });
});

describe('the shipped basemap (public/basemap/uk.pmtiles)', () => {
  it('covers Great Britain and Ireland from zoom 0 to 10 with earth and places', async () => {
    const file = readFileSync('public/basemap/uk.pmtiles');
    const reader = readerFor(new Uint8Array(file));
    const header = await reader.getHeader();
    expect(header).toMatchObject({ minZoom: 0, maxZoom: 10, tileType: 1 });
    expect(header.minLon).toBeLessThan(-10.5);
    expect(header.maxLat).toBeGreaterThan(60.8);
    // Zoom 10 over Lancaster: land and the town's label.
    const tile = await reader.getZxy(10, 504, 328);
    expect(tile).toBeDefined();
    const text = new TextDecoder('latin1').decode(tile!.data);
    expect(text).toContain('earth');
    expect(text).toContain('Lancaster');
    expect(file.length).toBeLessThan(450 * 1024);
  });
});
