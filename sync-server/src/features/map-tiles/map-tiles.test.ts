/**
 * The detailed map's tiles (docs/map.md, "The detailed map"): `GET /tiles/detail/{z}/{x}/{y}.mvt` and its
 * TileJSON over the project's test archive (one town, zoom 0–15, gzip tiles), read from DATA_DIR and from
 * an http address; what `GET /api/config` tells the app.
 */
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PMTiles } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestDetailArchive, testTownTile } from '../../../../scripts/make-test-detail-archive';
import { FileArchiveSource } from '../../lib/map-detail';
import { createTestApp, type TestApp } from '../../test/harness';
import { TILE_MESSAGES } from './routes';

const ARCHIVE = makeTestDetailArchive();
const GZIP = { 'accept-encoding': 'gzip, deflate, br' };
let t: TestApp;
let version = '';

async function get(app: TestApp, url: string, headers: Record<string, string> = {}) {
  const res = await app.app.request(url, { headers });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const tilePath = ({ z, x, y }: { z: number; x: number; y: number }) => `/tiles/detail/${z}/${x}/${y}.mvt`;

beforeAll(async () => {
  t = await createTestApp({ MAP_PMTILES_URL: 'maps/detail.pmtiles' });
  fs.mkdirSync(path.join(t.dataDir, 'maps'));
  fs.writeFileSync(path.join(t.dataDir, 'maps/detail.pmtiles'), ARCHIVE);
  const config = await t.client().get('/api/config');
  version = /\?v=([\w-]+)$/.exec(String(config.json.mapDetail?.tiles))?.[1] ?? '';
});
afterAll(() => t.close());

describe('detailed map tiles from a file in DATA_DIR', () => {
  it('GET /api/config gives the tile template on our origin, zoom range, bounds and OpenStreetMap credit', async () => {
    const res = await t.client().get('/api/config');
    expect(res.json.mapDetail).toEqual({
      tiles: `/tiles/detail/{z}/{x}/{y}.mvt?v=${version}`,
      minzoom: 0,
      maxzoom: 15,
      bounds: [-2.84, 54.03, -2.76, 54.07],
      attribution: expect.stringContaining('© OpenStreetMap contributors'),
    });
    expect(version).toMatch(/^[\w-]{12}$/);
    expect(res.json.mapImagery).toBeUndefined();
  });

  it('a tile over the town comes as stored, gzip passed on, the same tile the pmtiles reader finds', async () => {
    const tile = testTownTile(14);
    const { res, bytes } = await get(t, `${tilePath(tile)}?v=${version}`, GZIP);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const mvt = gunzipSync(bytes);
    const reader = new PMTiles(new FileArchiveSource(path.join(t.dataDir, 'maps/detail.pmtiles')));
    const expected = await reader.getZxy(tile.z, tile.x, tile.y);
    expect(new Uint8Array(mvt)).toEqual(new Uint8Array(expected?.data ?? new ArrayBuffer(0)));
    for (const layer of ['roads', 'buildings', 'landuse', 'earth']) expect(mvt.includes(layer)).toBe(true);
  });

  it('a client that does not accept gzip gets the tile decompressed', async () => {
    const { res, bytes } = await get(t, tilePath(testTownTile(15)));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect([bytes[0], bytes[1]]).not.toEqual([0x1f, 0x8b]);
    expect(Buffer.from(bytes).includes('roads')).toBe(true);
  });

  it('the current version is cached for a year, other requests for a day, with an ETag and 304s', async () => {
    const url = tilePath(testTownTile(13));
    const versioned = await get(t, `${url}?v=${version}`, GZIP);
    expect(versioned.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const plain = await get(t, url, GZIP);
    expect(plain.res.headers.get('cache-control')).toBe('public, max-age=86400');
    const etag = plain.res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(t, url, { ...GZIP, 'if-none-match': etag });
    expect(again.res.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    // The decompressed answer is another representation: another ETag.
    const identity = await get(t, url, { 'if-none-match': etag });
    expect(identity.res.status).toBe(200);
    expect(identity.res.headers.get('etag')).not.toBe(etag);
  });

  it('a tile the archive lacks within its zooms is 204; beyond its zooms 404', async () => {
    const sea = await get(t, '/tiles/detail/14/0/0.mvt', GZIP);
    expect(sea.res.status).toBe(204);
    expect(sea.bytes.length).toBe(0);
    const { z, x, y } = testTownTile(16);
    const deeper = await t.client().get(tilePath({ z, x, y }));
    expect(deeper.status).toBe(404);
    expect(deeper.json).toMatchObject({ code: 'not-found' });
  });

  it('coordinates that name no tile are 400 with the error shape, never 500', async () => {
    for (const url of [
      '/tiles/detail/3/8/0.mvt',
      '/tiles/detail/3/0/8.mvt',
      '/tiles/detail/31/0/0.mvt',
      '/tiles/detail/a/0/0.mvt',
      '/tiles/detail/14/-1/0.mvt',
      '/tiles/detail/14/1/2.png',
      '/tiles/detail/14/1/2.5.mvt',
      '/tiles/detail/999/0/0.mvt',
    ]) {
      const res = await t.client().get(url);
      expect(res.status, url).toBe(400);
      expect(res.json, url).toEqual({
        error: TILE_MESSAGES.badTile,
        message: TILE_MESSAGES.badTile,
        code: 'validation-failed',
      });
    }
  });

  it('serves TileJSON with the tiles on the public address', async () => {
    const res = await t.client().get('/tiles/detail.json');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      tilejson: '3.0.0',
      tiles: [`http://localhost:3000/tiles/detail/{z}/{x}/{y}.mvt?v=${version}`],
      minzoom: 0,
      maxzoom: 15,
      vector_layers: expect.arrayContaining([expect.objectContaining({ id: 'roads' })]),
    });
  });

  it('another /tiles/ path is a JSON 404, not the app’s page', async () => {
    const res = await t.client().get('/tiles/other/1/0/0.mvt');
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: 'not-found' });
  });
});

describe('without a detailed map, or with one that cannot be read', () => {
  it('tiles are 404 and /api/config says nothing of detail', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.client().get(tilePath(testTownTile(14)));
      expect(res.status).toBe(404);
      expect(res.json).toEqual({
        error: TILE_MESSAGES.noDetail,
        message: TILE_MESSAGES.noDetail,
        code: 'not-found',
      });
      expect((await bare.client().get('/api/config')).json.mapDetail).toBeUndefined();
    } finally {
      await bare.close();
    }
  });

  it('a missing archive file is 503 with the error shape; /api/config leaves detail out', async () => {
    const broken = await createTestApp({ MAP_PMTILES_URL: 'nowhere.pmtiles' });
    try {
      const res = await broken.client().get(tilePath(testTownTile(14)));
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject({ message: TILE_MESSAGES.unavailable, code: 'unavailable' });
      expect((await broken.client().get('/api/config')).json.mapDetail).toBeUndefined();
    } finally {
      await broken.close();
    }
  });
});

describe('aerial imagery', () => {
  it('GET /api/config gives the template, its credit as escaped text and its deepest zoom', async () => {
    const aerial = await createTestApp({
      MAP_IMAGERY_URL: 'https://imagery.example.org/{z}/{x}/{y}.jpg',
      MAP_IMAGERY_ATTRIBUTION: 'Imagery <b>© Example</b> & partners',
      MAP_IMAGERY_MAX_ZOOM: '18',
    });
    try {
      const res = await aerial.client().get('/api/config');
      expect(res.json.mapImagery).toEqual({
        tiles: 'https://imagery.example.org/{z}/{x}/{y}.jpg',
        attribution: 'Imagery &#60;b&#62;© Example&#60;/b&#62; &#38; partners',
        maxzoom: 18,
      });
      expect(res.headers.get('content-security-policy')).toContain('https://imagery.example.org');
    } finally {
      await aerial.close();
    }
  });
});

describe('detailed map tiles from an http address (a bucket or CDN serving byte ranges)', () => {
  let server: Server;
  let remote: TestApp;
  const ranges: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
      ranges.push(req.headers.range ?? 'none');
      if (!range) {
        res.writeHead(200, { 'Content-Length': ARCHIVE.length }).end(ARCHIVE);
        return;
      }
      const start = Number(range[1]);
      const end = Math.min(Number(range[2]), ARCHIVE.length - 1);
      const part = ARCHIVE.subarray(start, end + 1);
      res.writeHead(206, {
        'Content-Range': `bytes ${start}-${end}/${ARCHIVE.length}`,
        'Content-Length': part.length,
      });
      res.end(part);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    remote = await createTestApp({ MAP_PMTILES_URL: `http://127.0.0.1:${port}/uk.pmtiles` });
  });
  afterAll(async () => {
    await remote.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('reads the archive by byte ranges and serves whole tiles', async () => {
    const { res, bytes } = await get(remote, tilePath(testTownTile(14)), GZIP);
    expect(res.status).toBe(200);
    expect(gunzipSync(bytes).includes('buildings')).toBe(true);
    expect(ranges.length).toBeGreaterThan(0);
    expect(ranges.every((r) => r.startsWith('bytes='))).toBe(true);
  });
});
