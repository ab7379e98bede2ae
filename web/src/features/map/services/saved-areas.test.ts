/**
 * Save this area for offline (docs/map.md, "Caching for offline") against a tile host on this machine's
 * loopback: Node's own HTTP server serving a style, its TileJSON, sprites, glyphs and tiles. Cache Storage
 * is a browser API, so a small in-memory one with the same methods stands in for it (test-utils.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StyleSpecification } from 'maplibre-gl';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAVED_STYLE_CACHE } from '../model/constants';
import { countTiles } from '../model/tiles';
import { deleteSavedArea, listSavedAreas, planSave, saveArea, SAVE_REFUSALS } from './saved-areas';
import { MemoryCacheStorage } from './test-utils';

const TILE_BYTES = 1000;
let server: Server;
let base = '';
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requested.push(req.url ?? '');
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.url === '/tiles.json') {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ tiles: [`${base}/t/{z}/{x}/{y}.mvt`], minzoom: 0, maxzoom: 14 }));
    } else if (req.url?.startsWith('/t/')) {
      res.end(Buffer.alloc(TILE_BYTES, 1));
    } else if (req.url?.startsWith('/sprites/') || req.url?.startsWith('/fonts/')) {
      res.end('asset');
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let storage: MemoryCacheStorage;
beforeAll(() => {
  storage = new MemoryCacheStorage();
  vi.stubGlobal('caches', storage);
});
afterEach(() => {
  storage.caches.clear();
  requested.length = 0;
});
afterAll(() => vi.unstubAllGlobals());

const style = (): StyleSpecification => ({
  version: 8,
  sprite: `${base}/sprites/outdoor`,
  glyphs: `${base}/fonts/{fontstack}/{range}.pbf`,
  sources: { base: { type: 'vector', url: `${base}/tiles.json` } },
  layers: [
    {
      id: 'names',
      type: 'symbol',
      source: 'base',
      'source-layer': 'places',
      layout: { 'text-font': ['Noto Sans Regular'] },
    },
  ],
});
const STYLE_URL = () => `${base}/style.json`;
/** A few fields near Lancaster, saved from zoom 12. */
const bounds = { west: -2.82, south: 54.04, east: -2.79, north: 54.06 };

describe('save this area for offline', () => {
  it('refuses OpenStreetMap’s tile servers', async () => {
    const osm: StyleSpecification = {
      version: 8,
      sources: { osm: { type: 'raster', tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'] } },
      layers: [{ id: 'osm', type: 'raster', source: 'osm' }],
    };
    expect(await planSave(osm, 'https://example.org/style.json')).toEqual({
      kind: 'refused',
      reason: SAVE_REFUSALS.openStreetMap,
    });
  });

  it('saves every tile from the chosen zoom to the source’s own maxzoom, with the style’s files, and lists it', async () => {
    const plan = await planSave(style(), STYLE_URL());
    if (plan.kind !== 'ready') throw new Error(plan.reason);
    const progress: number[] = [];
    const area = await saveArea(plan, bounds, 12, 'Near Lancaster', {
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(p.done),
    });
    const expected = countTiles(bounds, 12, 14); // the source stops at 14: deeper zooms draw from it
    expect(area).toMatchObject({
      name: 'Near Lancaster',
      tiles: expected,
      bytes: expected * TILE_BYTES,
      minZoom: 12,
    });
    expect(progress.at(-1)).toBe(expected);
    expect(requested.filter((u) => u.startsWith('/t/'))).toHaveLength(expected);
    const shared = storage.caches.get(SAVED_STYLE_CACHE);
    expect([...(shared?.entries.keys() ?? [])].map((u) => u.replace(base, ''))).toEqual(
      expect.arrayContaining([
        '/tiles.json',
        '/sprites/outdoor@2x.png',
        '/fonts/Noto%20Sans%20Regular/0-255.pbf',
      ]),
    );
    expect(await listSavedAreas()).toEqual([area]);

    await deleteSavedArea(area.id);
    expect(await listSavedAreas()).toEqual([]);
    expect(storage.caches.has(SAVED_STYLE_CACHE)).toBe(false);
  });

  it('cancelling keeps nothing of the area', async () => {
    const plan = await planSave(style(), STYLE_URL());
    if (plan.kind !== 'ready') throw new Error(plan.reason);
    const controller = new AbortController();
    const saving = saveArea(plan, bounds, 12, 'Cancelled', {
      signal: controller.signal,
      onProgress: (p) => p.done === 3 && controller.abort(),
    });
    await expect(saving).rejects.toThrow();
    expect(await listSavedAreas()).toEqual([]);
    expect([...storage.caches.keys()].filter((n) => n.includes('area-'))).toEqual([]);
  });
});
