/**
 * Save this area for offline with the detailed map our server serves (docs/map.md, "The detailed map"):
 * the real server in process with MAP_PMTILES_URL set to the project's test archive (one town, zoom 0–15),
 * `fetch` answered by its app, and an in-memory Cache Storage (test-utils.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestDetailArchive, TEST_TOWN } from '../../../../../scripts/make-test-detail-archive';
import { createTestApp, type TestApp } from '../../../sync/test-utils';
import { DETAIL_FROM_ZOOM } from '../model/constants';
import { mapSourcesFrom, type DetailSource } from '../model/map-sources';
import { countTiles } from '../model/tiles';
import { deleteSavedArea, estimateArea, listSavedAreas, planDetailSave, saveArea } from './saved-areas';
import { MemoryCacheStorage } from './test-utils';

/** The test app's PUBLIC_URL (sync-server/src/test/harness.ts): the page's origin here. */
const ORIGIN = 'http://localhost:3000';
let t: TestApp;
let detail: DetailSource;
const storage = new MemoryCacheStorage();
const tileRequests: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ MAP_PMTILES_URL: 'detail.pmtiles' });
  fs.writeFileSync(path.join(t.dataDir, 'detail.pmtiles'), makeTestDetailArchive());
  const sources = mapSourcesFrom((await t.client().get('/api/config')).json);
  if (!sources.detail) throw new Error('the server gave no detailed map');
  detail = sources.detail;
  vi.stubGlobal('caches', storage);
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new Request(input).url;
    if (!url.startsWith(`${ORIGIN}/`)) throw new Error(`a request to another host: ${url}`);
    tileRequests.push(url);
    return t.app.request(url, init);
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await t.close();
});

describe('save this area with the detailed map', () => {
  it('keeps every tile of the town from the chosen zoom (not below the detailed map’s first) to 15', async () => {
    const plan = planDetailSave(detail, ORIGIN);
    if (plan.kind !== 'ready') throw new Error(plan.reason);
    const { bounds } = TEST_TOWN;
    const expected = countTiles(bounds, DETAIL_FROM_ZOOM, 15);
    expect(estimateArea(plan, bounds, 8).tiles).toBe(expected);

    const area = await saveArea(plan, bounds, 8, 'Near Lancaster', {
      signal: new AbortController().signal,
      onProgress: () => undefined,
    });
    expect(area).toMatchObject({ tiles: expected, minZoom: 8 });
    expect(area.bytes).toBeGreaterThan(0);
    expect(tileRequests).toHaveLength(expected);
    expect(tileRequests.every((u) => /\/tiles\/detail\/\d+\/\d+\/\d+\.mvt\?v=[\w-]+$/.test(u))).toBe(true);

    // Each tile is kept under the URL the map asks for, as our server sent it: a vector tile of the town.
    const cache = [...storage.caches.entries()].find(([name]) => name.includes('area-'))?.[1];
    const z15 = tileRequests.find((u) => u.includes('/tiles/detail/15/')) ?? '';
    const kept = await cache?.match(z15);
    expect(kept?.status).toBe(200);
    const bytes = Buffer.from(await (kept?.arrayBuffer() ?? new ArrayBuffer(0)));
    const mvt = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
    expect(mvt.includes('roads') || mvt.includes('landuse')).toBe(true);

    expect(await listSavedAreas()).toEqual([area]);
    await deleteSavedArea(area.id);
    expect(await listSavedAreas()).toEqual([]);
  });

  it('an empty tile (204) is kept as empty, so offline the map is told there is nothing there', async () => {
    const plan = planDetailSave(detail, ORIGIN);
    if (plan.kind !== 'ready') throw new Error(plan.reason);
    // Open country west of the town, where the archive has no tile.
    const beyond = { west: -2.95, south: 54.031, east: -2.949, north: 54.032 };
    tileRequests.length = 0;
    const area = await saveArea(plan, beyond, 15, 'Beyond the town', {
      signal: new AbortController().signal,
      onProgress: () => undefined,
    });
    const cache = [...storage.caches.entries()].find(([name]) => name.includes('area-'))?.[1];
    const kept = await cache?.match(tileRequests[0] ?? '');
    expect(kept?.status).toBe(204);
    expect(area.bytes).toBe(0);
    await deleteSavedArea(area.id);
  });
});
