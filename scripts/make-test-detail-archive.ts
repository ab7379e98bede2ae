/**
 * A small detailed map for tests (docs/map.md, "The detailed map"): one made-up town laid over Lancaster's
 * position, zoom 0–15, in one PMTiles v3 archive with gzip-compressed vector tiles, as a `pmtiles extract`
 * of a Protomaps build would be. Its layers and `kind`s are Protomaps' own (`earth`, `landuse`, `water`,
 * `roads`, `buildings`, `places`), so `@protomaps/basemaps` draws it like the real thing: a grid of
 * streets with buildings, fields with hedged edges, a wood, a park, a lake, a river, a road across and
 * footpaths over the fields. The geometry is invented (no OpenStreetMap data is copied into the repository).
 *
 * Tests call `makeTestDetailArchive()`; `npx tsx scripts/make-test-detail-archive.ts <file>` writes it.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import GeoJSONVT, { type LegacyTile } from 'geojson-vt';
import { writePmtiles } from '../web/src/features/map/model/pmtiles-writer';
import { latToTileY, lngToTileX, tileRange } from '../web/src/features/map/model/tiles';

const require = createRequire(import.meta.url);
const vtpbf = require('vt-pbf') as {
  fromGeojsonVt(layers: Record<string, LegacyTile>, options: { version: number; extent: number }): Uint8Array;
};

/** The town's box: about 5 km by 4.5 km around Lancaster's centre. */
export const TEST_TOWN = {
  name: 'Lancaster',
  center: { latitude: 54.05, longitude: -2.8 },
  bounds: { west: -2.84, south: 54.03, east: -2.76, north: 54.07 },
} as const;
export const TEST_ARCHIVE_MAX_ZOOM = 15;

/** The tile over the town's centre at zoom z. */
export function testTownTile(z: number): { z: number; x: number; y: number } {
  const { latitude, longitude } = TEST_TOWN.center;
  return { z, x: lngToTileX(longitude, z), y: latToTileY(latitude, z) };
}
const EXTENT = 4096;

type Props = Record<string, string | number>;
const feature = (geometry: Geometry, properties: Props): Feature => ({
  type: 'Feature',
  geometry,
  properties,
});
const ring = (w: number, s: number, e: number, n: number): Position[] => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];
const box = (w: number, s: number, e: number, n: number): Geometry => ({
  type: 'Polygon',
  coordinates: [ring(w, s, e, n)],
});
const line = (...points: Position[]): Geometry => ({ type: 'LineString', coordinates: points });

/** The town's features, layer by layer. */
function townLayers(): Record<string, FeatureCollection> {
  const { west, south, east, north } = TEST_TOWN.bounds;
  const { latitude: cy, longitude: cx } = TEST_TOWN.center;
  const collect = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });

  // Fields: a 6 × 5 grid over the whole box, minus the town in the middle; one wood, one park.
  const fields: Feature[] = [];
  const cols = 6;
  const rows = 5;
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      const w = west + ((east - west) * i) / cols;
      const s = south + ((north - south) * j) / rows;
      const e = west + ((east - west) * (i + 1)) / cols;
      const n = south + ((north - south) * (j + 1)) / rows;
      const inTown = i >= 2 && i <= 3 && j >= 1 && j <= 3;
      if (inTown) continue;
      const kind = i === 0 && j === 0 ? 'wood' : (i + j) % 3 === 0 ? 'meadow' : 'farmland';
      fields.push(feature(box(w, s, e, n), { kind }));
    }
  }
  fields.push(
    feature(box(cx - 0.004, cy + 0.004, cx + 0.002, cy + 0.008), { kind: 'park', name: 'Town Park' }),
  );

  const streets: Feature[] = [];
  for (let k = -3; k <= 3; k++) {
    const dx = k * 0.0025;
    const dy = k * 0.0015;
    streets.push(
      feature(line([cx + dx, cy - 0.005], [cx + dx, cy + 0.005]), {
        kind: 'minor_road',
        name: `Street ${k + 4}`,
      }),
    );
    streets.push(
      feature(line([cx - 0.008, cy + dy], [cx + 0.008, cy + dy]), {
        kind: 'minor_road',
        name: `Lane ${k + 4}`,
      }),
    );
  }
  const roads = [
    feature(line([west, cy - 0.001], [east, cy + 0.001]), {
      kind: 'major_road',
      name: 'High Road',
      ref: 'A6',
    }),
    feature(line([cx - 0.001, south], [cx + 0.001, north]), {
      kind: 'highway',
      name: 'Town Bypass',
      ref: 'M6',
    }),
    // Footpaths over the fields, corner to corner.
    feature(line([west + 0.002, south + 0.002], [cx - 0.01, cy - 0.006]), {
      kind: 'path',
      kind_detail: 'footway',
    }),
    feature(line([east - 0.002, north - 0.002], [cx + 0.01, cy + 0.006]), {
      kind: 'path',
      kind_detail: 'footway',
    }),
    feature(line([west + 0.002, north - 0.003], [east - 0.002, north - 0.004]), {
      kind: 'path',
      kind_detail: 'track',
    }),
    ...streets,
  ];

  const buildings: Feature[] = [];
  for (let i = -6; i < 6; i++) {
    for (let j = -4; j < 4; j++) {
      const w = cx + i * 0.00125 + 0.0002;
      const s = cy + j * 0.00075 + 0.0002;
      buildings.push(feature(box(w, s, w + 0.0006, s + 0.0003), { kind: 'building', min_zoom: 13 }));
    }
  }

  return {
    earth: collect([feature(box(west - 0.01, south - 0.01, east + 0.01, north + 0.01), { kind: 'earth' })]),
    landuse: collect(fields),
    water: collect([
      feature(box(east - 0.012, south + 0.004, east - 0.006, south + 0.008), {
        kind: 'lake',
        name: 'Mill Pond',
      }),
      feature(line([west, north - 0.012], [cx, north - 0.01], [east, north - 0.015]), {
        kind: 'river',
        name: 'River Lune',
      }),
    ]),
    roads: collect(roads),
    buildings: collect(buildings),
    places: collect([
      feature(
        { type: 'Point', coordinates: [cx, cy] },
        { kind: 'locality', name: TEST_TOWN.name, min_zoom: 8 },
      ),
    ]),
  };
}

/** The archive's bytes (about 100 tiles; tens of KB). */
export function makeTestDetailArchive(): Uint8Array {
  const layers = townLayers();
  const indexes = Object.entries(layers).map(
    ([name, data]) =>
      [
        name,
        new GeoJSONVT(data, {
          maxZoom: TEST_ARCHIVE_MAX_ZOOM,
          indexMaxZoom: 6,
          extent: EXTENT,
          buffer: 64,
          tolerance: 1,
        }),
      ] as const,
  );
  const tiles: { z: number; x: number; y: number; data: Uint8Array }[] = [];
  for (let z = 0; z <= TEST_ARCHIVE_MAX_ZOOM; z++) {
    const range = tileRange(TEST_TOWN.bounds, z);
    for (let x = range.minX; x <= range.maxX; x++) {
      for (let y = range.minY; y <= range.maxY; y++) {
        const tileLayers: Record<string, LegacyTile> = {};
        for (const [name, index] of indexes) {
          const features = (index.getTile(z, x, y)?.features ?? []).filter(
            (f) => z >= Number(f.tags?.min_zoom ?? 0),
          );
          if (features.length) tileLayers[name] = { features };
        }
        if (!Object.keys(tileLayers).length) continue;
        const pbf = vtpbf.fromGeojsonVt(tileLayers, { version: 2, extent: EXTENT });
        tiles.push({ z, x, y, data: gzipSync(pbf) });
      }
    }
  }
  const { west, south, east, north } = TEST_TOWN.bounds;
  return writePmtiles({
    tiles,
    metadata: {
      name: 'DigQuest test town',
      attribution: 'Made up for tests',
      vector_layers: Object.keys(layers).map((id) => ({ id, fields: {} })),
    },
    bounds: [west, south, east, north],
    center: [TEST_TOWN.center.longitude, TEST_TOWN.center.latitude, 14],
    compress: (bytes) => gzipSync(bytes),
    internalCompression: 2,
    tileCompression: 2,
    tileType: 1,
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out) throw new Error('Usage: tsx scripts/make-test-detail-archive.ts <file.pmtiles>');
  const bytes = makeTestDetailArchive();
  writeFileSync(out, bytes);
  console.log(`${out}: ${Math.round(bytes.length / 1024)} KB`);
}
