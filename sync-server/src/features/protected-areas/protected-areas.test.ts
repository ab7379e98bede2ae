/**
 * Protected areas on the server (docs/protected-areas.md): the import of a publisher's GeoJSON — WGS84 and
 * British National Grid, polygons, multipolygons and holes, a bad ring refused with its reference — and its
 * re-import (updates, removals, counts); a FeatureServer query read page by page from a local server; and
 * the REST answers: areas in a box, paged and bounded, and the check (inside, on the edge, near, clear, in a
 * hole, no-data where no monument list covers the place). On the engine the run names (DB_ENGINE).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LatLon } from 'geodesy/osgridref.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckResult, LngLat, ProtectedArea } from '@schema/contracts/protected-areas';
import { createTestApp, type TestApp } from '../../test/harness';
import { featureServerFeatures, fileSaysBritishGrid, geoJsonFileFeatures, importAreas } from './import';
import { protectedAreaMessages } from './routes';

let t: TestApp;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-protected-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Near Stonehenge: a place in England, and metres as degrees around it. */
const CENTRE = { latitude: 51.1789, longitude: -1.8262 };
const dLat = (m: number) => m / 111_320;
const dLng = (m: number) => m / (111_320 * Math.cos((CENTRE.latitude * Math.PI) / 180));
const at = (east: number, north: number): LngLat => [
  CENTRE.longitude + dLng(east),
  CENTRE.latitude + dLat(north),
];
/** A closed square ring `half` metres each side of (east, north). */
const square = (east: number, north: number, half: number): LngLat[] => [
  at(east - half, north - half),
  at(east + half, north - half),
  at(east + half, north + half),
  at(east - half, north + half),
  at(east - half, north - half),
];
const feature = (reference: string, name: string, geometry: unknown) => ({
  type: 'Feature',
  properties: {
    ListEntry: reference,
    Name: name,
    SchedDate: '1925-02-23',
    hyperlink: `https://example.org/${reference}`,
  },
  geometry,
});
function writeCollection(name: string, features: unknown[], crs?: string): string {
  const file = path.join(dir, name);
  const head = crs ? { type: 'name', properties: { name: crs } } : undefined;
  fs.writeFileSync(
    file,
    JSON.stringify({ type: 'FeatureCollection', ...(head ? { crs: head } : {}), features }),
  );
  return file;
}
/** A ring's corners as British National Grid eastings and northings (geodesy's own transform). */
const toBng = (ring: LngLat[]) =>
  ring.map(([lng, lat]) => {
    const grid = new LatLon(lat, lng).toOsGrid();
    return [grid.easting, grid.northing];
  });

const MONUMENT = square(0, 0, 100);
const FAR_MONUMENT = square(5_000, 0, 100);
const RING = { type: 'Polygon', coordinates: [square(0, 3_000, 200), square(0, 3_000, 100)] };

async function importFile(file: string, britishGrid = false) {
  return importAreas(t.db, 'nhle', geoJsonFileFeatures(file), { britishGrid, batchSize: 2 });
}

const check = async (point: LngLat, accuracy = 0) =>
  (await t.client().get(`/api/protected-areas/check?lat=${point[1]}&lng=${point[0]}&accuracy=${accuracy}`))
    .json as CheckResult & { attribution: string[] };

describe('import', () => {
  it('reads WGS84 and British National Grid, polygons, multipolygons and holes; refuses a bad ring by its reference', async () => {
    const bad = square(0, -3_000, 50).slice(0, 4);
    const file = writeCollection('first.geojson', [
      feature('1000001', 'Stone circle', { type: 'Polygon', coordinates: [MONUMENT] }),
      feature('1000002', 'Barrow group', {
        type: 'MultiPolygon',
        coordinates: [[FAR_MONUMENT], [square(5_000, 500, 50)]],
      }),
      feature('1000003', 'Enclosure with a courtyard', RING),
      feature('1000004', 'Unclosed bank', { type: 'Polygon', coordinates: [bad] }),
      feature('1000005', 'Round barrow', { type: 'Polygon', coordinates: [toBng(square(-2_000, 0, 60))] }),
    ]);
    const counts = await importFile(file);
    expect(counts).toMatchObject({ added: 4, updated: 0, removed: 0, refused: 1 });
    expect(counts.problems[0]).toMatch(/^1000004: /);

    // The grid one came back to WGS84 within a few metres of where it was drawn.
    const res = await t
      .client()
      .get(`/api/protected-areas?bbox=${[-1.9, 51.1, -1.7, 51.25].join(',')}&limit=50`);
    const areas = res.json as ProtectedArea[];
    const barrow = areas.find((a) => a.reference === '1000005');
    const [west, south] = at(-2_060, -60);
    expect(Math.abs((barrow?.bbox[0] ?? 0) - west) / dLng(1)).toBeLessThan(5);
    expect(Math.abs((barrow?.bbox[1] ?? 0) - south) / dLat(1)).toBeLessThan(5);
    expect(areas.find((a) => a.reference === '1000001')).toMatchObject({
      name: 'Stone circle',
      kind: 'Scheduled monument',
      designatedOn: '1925-02-23',
      recordUrl: 'https://example.org/1000001',
      source: 'nhle',
    });
  });

  it('a re-import updates what it lists again, adds what is new and removes what it no longer lists', async () => {
    const file = writeCollection('second.geojson', [
      feature('1000001', 'Stone circle (renamed)', { type: 'Polygon', coordinates: [MONUMENT] }),
      feature('1000002', 'Barrow group', { type: 'MultiPolygon', coordinates: [[FAR_MONUMENT]] }),
      feature('1000003', 'Enclosure with a courtyard', RING),
      feature('1000006', 'Hillfort', { type: 'Polygon', coordinates: [square(0, -8_000, 300)] }),
    ]);
    expect(await importFile(file)).toMatchObject({ added: 1, updated: 3, removed: 1, refused: 0 });
    const areas = (await t.client().get(`/api/protected-areas?bbox=-1.95,51.05,-1.7,51.25&limit=50`))
      .json as ProtectedArea[];
    expect(areas.map((a) => a.reference).sort()).toEqual(['1000001', '1000002', '1000003', '1000006']);
    expect(areas.find((a) => a.reference === '1000001')?.name).toBe('Stone circle (renamed)');
  });

  it('a file with nothing readable changes nothing (it would otherwise remove the whole source)', async () => {
    const before = (await t.client().get(`/api/protected-areas?bbox=-1.95,51.05,-1.7,51.25&limit=50`)).json;
    await expect(importFile(writeCollection('empty.geojson', []))).rejects.toThrow(
      'nhle: no area could be read (0 refused); nothing was changed',
    );
    const broken = writeCollection('broken.geojson', [
      feature('1000009', 'Unclosed', { type: 'Polygon', coordinates: [MONUMENT.slice(0, 4)] }),
    ]);
    await expect(importFile(broken)).rejects.toThrow(
      /^nhle: no area could be read \(1 refused, the first 1000009: /,
    );
    const after = (await t.client().get(`/api/protected-areas?bbox=-1.95,51.05,-1.7,51.25&limit=50`)).json;
    expect(after).toEqual(before);
  });

  it('a British National Grid file named so by its crs is read as such', async () => {
    const file = writeCollection(
      'bng.geojson',
      [feature('2000001', 'Cairn', { type: 'Polygon', coordinates: [toBng(square(0, 10_000, 40))] })],
      'urn:ogc:def:crs:EPSG::27700',
    );
    const counts = await importAreas(t.db, 'other', geoJsonFileFeatures(file), {
      britishGrid: fileSaysBritishGrid(file),
      fields: { reference: ['ListEntry'] },
    });
    expect(counts).toMatchObject({ added: 1, refused: 0 });
  });

  it('tells a British National Grid file by its crs member, not by a number elsewhere', () => {
    const square27700 = feature('27700', 'Cairn', { type: 'Polygon', coordinates: [MONUMENT] });
    for (const crs of ['urn:ogc:def:crs:EPSG::27700', 'EPSG:27700'])
      expect(fileSaysBritishGrid(writeCollection('crs.geojson', [square27700], crs))).toBe(true);
    expect(fileSaysBritishGrid(writeCollection('wgs84.geojson', [square27700]))).toBe(false);
    expect(
      fileSaysBritishGrid(writeCollection('crs84.geojson', [square27700], 'urn:ogc:def:crs:OGC:1.3:CRS84')),
    ).toBe(false);
  });

  it('reads an ArcGIS FeatureServer query page by page', async () => {
    const all = [1, 2, 3, 4, 5].map((n) =>
      feature(`30000${n}`, `Site ${n}`, { type: 'Polygon', coordinates: [MONUMENT] }),
    );
    const asked: string[] = [];
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      asked.push(url.searchParams.get('resultOffset') ?? '');
      const offset = Number(url.searchParams.get('resultOffset'));
      // The layer's maxRecordCount (2) is below the page size asked for: it answers fewer, and says more.
      const count = Math.min(2, Number(url.searchParams.get('resultRecordCount')));
      const features = all.slice(offset, offset + count);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          type: 'FeatureCollection',
          features,
          exceededTransferLimit: offset + count < all.length,
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const got: unknown[] = [];
      for await (const f of featureServerFeatures(
        `http://127.0.0.1:${port}/arcgis/rest/services/SM/FeatureServer/0/query?where=1%3D1`,
        { pageSize: 3 },
      ))
        got.push(f);
      expect(got).toEqual(all);
      expect(asked).toEqual(['0', '2', '4']);
    } finally {
      server.close();
    }
  });
  it('stops at a FeatureServer error (answered with status 200), never reading it as an empty layer', async () => {
    const server = http.createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ error: { code: 400, message: 'Invalid query parameters.' } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const features = featureServerFeatures(`http://127.0.0.1:${port}/FeatureServer/0/query`);
      await expect(importAreas(t.db, 'nhle', features)).rejects.toThrow(
        'FeatureServer answered no features at offset 0: Invalid query parameters.',
      );
    } finally {
      server.close();
    }
  });
});

describe('GET /api/protected-areas', () => {
  it('pages by id and refuses a malformed or oversized box', async () => {
    const first = await t.client().get('/api/protected-areas?bbox=-1.95,51.05,-1.7,51.25&limit=2');
    expect((first.json as ProtectedArea[]).length).toBe(2);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const next = await t
      .client()
      .get(`/api/protected-areas?bbox=-1.95,51.05,-1.7,51.25&limit=2&cursor=${cursor}`);
    expect((next.json as ProtectedArea[]).length).toBe(2);
    expect(
      ((await t.client().get('/api/protected-areas?bbox=1,2,3')).json as { message: string }).message,
    ).toBe(protectedAreaMessages.bbox);
    const huge = await t.client().get('/api/protected-areas?bbox=-3,50,-1,52');
    expect([huge.status, (huge.json as { message: string }).message]).toEqual([
      400,
      protectedAreaMessages.bboxTooLarge,
    ]);
  });

  it('lists the imported sources with their attribution', async () => {
    const sources = (await t.client().get('/api/protected-areas/sources')).json as {
      source: string;
      attribution: string;
    }[];
    expect(sources.find((s) => s.source === 'nhle')?.attribution).toMatch(
      /^Contains Historic England data © Historic England \d{4}\./,
    );
  });
});

describe('GET /api/protected-areas/check', () => {
  it('inside, on the edge, near (30 m), clear (2 km), inside a hole; the accuracy widens "near"', async () => {
    expect(await check(at(0, 0))).toMatchObject({
      status: 'inside',
      areas: [{ name: 'Stone circle (renamed)', distanceM: 0 }],
    });
    expect((await check(at(100, 0))).status).toBe('inside');
    expect(await check(at(130, 0))).toMatchObject({ status: 'near', areas: [{ distanceM: 30 }] });
    expect((await check(at(180, 0))).status).toBe('clear');
    expect((await check(at(180, 0), 40)).status).toBe('near');
    expect(await check(at(2_000, 1_000))).toMatchObject({ status: 'clear', areas: [] });
    // The courtyard is a hole 200 m across: its middle is 100 m from any edge.
    expect((await check(at(0, 3_000))).status).toBe('clear');
    expect((await check(at(80, 3_000))).status).toBe('near');
    expect((await check(at(0, 0))).attribution[0]).toMatch(/Historic England/);
  });

  it('no-data where no monument list covers the place (Edinburgh with only England imported), never "clear"', async () => {
    expect(await check([-3.1883, 55.9533])).toMatchObject({ status: 'no-data', areas: [] });
    expect(await check([2.3522, 48.8566])).toMatchObject({ status: 'no-data' });
  });

  it('refuses a bad position or accuracy', async () => {
    const bad = await t.client().get('/api/protected-areas/check?lat=91&lng=0');
    expect([bad.status, (bad.json as { message: string }).message]).toEqual([
      400,
      protectedAreaMessages.position,
    ]);
    const accuracy = await t.client().get('/api/protected-areas/check?lat=51&lng=-1&accuracy=-5');
    expect((accuracy.json as { message: string }).message).toBe(protectedAreaMessages.accuracy);
  });
});
