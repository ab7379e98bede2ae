/**
 * The shared geometry: validation of imported polygons (what the importer refuses, with the ring named),
 * bounding boxes, and simplification to about 1 m that keeps the outline and keeps rings valid.
 */
import LatLon from 'geodesy/latlon-spherical.js';
import { describe, expect, it } from 'vitest';
import {
  bboxIntersects,
  bboxOf,
  distanceToGeometryM,
  expandBBox,
  simplifyGeometry,
  validateGeometry,
} from './geometry';
import { offsetLngLat, seededRandom } from './synthetic-areas.test-utils';
import type { AreaGeometry, LngLat } from './types';

const square: LngLat[] = [
  [-1.83, 51.17],
  [-1.82, 51.17],
  [-1.82, 51.18],
  [-1.83, 51.18],
  [-1.83, 51.17],
];
const hole: LngLat[] = [
  [-1.827, 51.173],
  [-1.823, 51.173],
  [-1.823, 51.177],
  [-1.827, 51.173],
];

describe('validateGeometry', () => {
  it('accepts a Polygon with a hole and a MultiPolygon, keeping only longitude and latitude', () => {
    const polygon = { type: 'Polygon', coordinates: [square, hole] };
    expect(validateGeometry(polygon)).toEqual({ ok: true, geometry: polygon });
    const withHeights = {
      type: 'MultiPolygon',
      coordinates: [[square.map(([lng, lat]) => [lng, lat, 120.5])], [hole]],
      crs: 'ignored',
    };
    expect(validateGeometry(withHeights)).toEqual({
      ok: true,
      geometry: { type: 'MultiPolygon', coordinates: [[square], [hole]] },
    });
  });

  it.each([
    ['not an object', 'LINESTRING', 'the geometry is not an object'],
    [
      'an unknown type',
      { type: 'LineString', coordinates: square },
      'unknown geometry type "LineString" (expected Polygon or MultiPolygon)',
    ],
    ['no coordinates', { type: 'Polygon' }, 'the Polygon has no coordinates array'],
    ['no rings', { type: 'Polygon', coordinates: [] }, 'polygon 1 has no rings'],
    ['no polygons', { type: 'MultiPolygon', coordinates: [] }, 'the MultiPolygon has no polygons'],
    [
      'an unclosed hole',
      { type: 'Polygon', coordinates: [square, hole.slice(0, 3).concat([[-1.824, 51.176]])] },
      'ring 2 of polygon 1 is not closed (its last position differs from its first)',
    ],
    [
      'a 3-point ring',
      { type: 'MultiPolygon', coordinates: [[square], [[square[0], square[1], square[0]]]] },
      'ring 1 of polygon 2 has 3 positions (a closed ring needs at least 4)',
    ],
    [
      'NaN',
      { type: 'Polygon', coordinates: [[square[0], [Number.NaN, 51.17], ...square.slice(2)]] },
      'position 2 of ring 1 of polygon 1 is not a pair of finite numbers',
    ],
    [
      'latitude 95',
      { type: 'Polygon', coordinates: [[square[0], [-1.82, 95], ...square.slice(2)]] },
      'position 2 of ring 1 of polygon 1 has latitude 95 (outside -90 to 90)',
    ],
    [
      'longitude 200',
      { type: 'Polygon', coordinates: [[square[0], [200, 51.17], ...square.slice(2)]] },
      'position 2 of ring 1 of polygon 1 has longitude 200 (outside -180 to 180)',
    ],
    [
      'a ring that is not an array',
      { type: 'Polygon', coordinates: [square, 'ring'] },
      'ring 2 of polygon 1 is not an array of positions',
    ],
    [
      'a hole before its outer ring',
      { type: 'Polygon', coordinates: [hole, square] },
      'ring 2 of polygon 1 reaches outside ring 1 (the outer ring comes first, then its holes)',
    ],
  ])('refuses %s', (_, value, problem) => {
    expect(validateGeometry(value)).toEqual({ ok: false, problem });
  });
});

describe('bounding boxes', () => {
  it('bboxOf covers every position of every polygon', () => {
    expect(bboxOf({ type: 'Polygon', coordinates: [square, hole] })).toEqual([-1.83, 51.17, -1.82, 51.18]);
    const far: LngLat[] = [
      [1, 52],
      [1.1, 52],
      [1.1, 52.1],
      [1, 52],
    ];
    expect(bboxOf({ type: 'MultiPolygon', coordinates: [[square], [far]] })).toEqual([
      -1.83, 51.17, 1.1, 52.1,
    ]);
  });

  it('expandBBox grows a box by at least the given metres on every side', () => {
    const box = bboxOf({ type: 'Polygon', coordinates: [square] });
    const grown = expandBBox(box, 500);
    const [minLng, minLat, maxLng, maxLat] = grown;
    const corner = new LatLon(51.18, -1.82);
    expect(corner.distanceTo(new LatLon(maxLat, -1.82))).toBeCloseTo(500, 0);
    expect(new LatLon(51.17, -1.83).distanceTo(new LatLon(minLat, -1.83))).toBeCloseTo(500, 0);
    // East and west: at least 500 m at the box's northern edge, where degrees of longitude are shortest.
    expect(corner.distanceTo(new LatLon(51.18, maxLng))).toBeGreaterThanOrEqual(500);
    expect(new LatLon(51.18, -1.83).distanceTo(new LatLon(51.18, minLng))).toBeGreaterThanOrEqual(500);
    expect(corner.distanceTo(new LatLon(51.18, maxLng))).toBeLessThan(505);
  });

  it('bboxIntersects counts touching boxes and refuses separate ones', () => {
    expect(bboxIntersects([0, 0, 1, 1], [1, 1, 2, 2])).toBe(true);
    expect(bboxIntersects([0, 0, 1, 1], [0.5, -1, 0.6, 3])).toBe(true);
    expect(bboxIntersects([0, 0, 1, 1], [1.01, 0, 2, 1])).toBe(false);
    expect(bboxIntersects([0, 0, 1, 1], [0, 1.01, 1, 2])).toBe(false);
  });
});

/** Metres from a position to the nearest edge of a ring (the ring's outline, inside or out). */
function outlineDistanceM(point: LngLat, ring: LngLat[]): number {
  const asLine: AreaGeometry = { type: 'Polygon', coordinates: [ring] };
  const d = distanceToGeometryM(point, asLine);
  if (d > 0) return d;
  // Inside: measure to the outline from a ring with the point in a hole reaching to infinity.
  const world: LngLat[] = [
    [-179, -89],
    [179, -89],
    [179, 89],
    [-179, 89],
    [-179, -89],
  ];
  return distanceToGeometryM(point, { type: 'Polygon', coordinates: [world, ring] });
}

function wobblyRing(points: number, seed: number): LngLat[] {
  const random = seededRandom(seed);
  const centre: LngLat = [-1.8262, 51.1789];
  const ring: LngLat[] = [];
  for (let i = 0; i < points; i++) {
    // A 400 m square's outline walked in small steps, each point off the straight line by up to 40 cm.
    const t = (4 * i) / points;
    const side = Math.floor(t);
    const along = (t - side) * 400 - 200;
    const off = 200 + (random() - 0.5) * 0.8;
    const [east, north] =
      side === 0 ? [along, -off] : side === 1 ? [off, along] : side === 2 ? [-along, off] : [-off, -along];
    ring.push(offsetLngLat(centre, east, north));
  }
  ring.push([...(ring[0] ?? centre)]);
  return ring;
}

describe('simplifyGeometry', () => {
  it('a ring of 1,000 near-collinear points shrinks, and no point of the original moves more than 1 m', () => {
    const ring = wobblyRing(1_000, 7);
    const simplified = simplifyGeometry({ type: 'Polygon', coordinates: [ring] }, 1);
    const [kept] = simplified.type === 'Polygon' ? simplified.coordinates : [];
    if (!kept) throw new Error('no ring');
    expect(kept.length).toBeLessThan(50);
    expect(kept.length).toBeGreaterThanOrEqual(5);
    expect(kept[0]).toEqual(kept.at(-1));
    // Every kept position is one of the original ones, and every original one lies within 1 m of the result.
    const originals = new Set(ring.map((p) => p.join()));
    expect(kept.every((p) => originals.has(p.join()))).toBe(true);
    const worst = Math.max(...ring.map((p) => outlineDistanceM(p, kept)));
    expect(worst).toBeLessThanOrEqual(1.0001);
    expect(validateGeometry(simplified).ok).toBe(true);
  });

  it('keeps every ring closed with at least 4 positions, holes and MultiPolygons included', () => {
    const tiny: LngLat[] = [
      [-1.8, 51.2],
      [-1.79999, 51.2],
      [-1.79999, 51.20001],
      [-1.79999 - 1e-9, 51.2000099],
      [-1.8, 51.20001],
      [-1.8, 51.2],
    ];
    const geometry: AreaGeometry = { type: 'MultiPolygon', coordinates: [[square, hole], [tiny]] };
    const simplified = simplifyGeometry(geometry, 50);
    expect(validateGeometry(simplified)).toEqual({ ok: true, geometry: simplified });
    if (simplified.type !== 'MultiPolygon') throw new Error('type changed');
    for (const ring of simplified.coordinates.flat()) {
      expect(ring.length).toBeGreaterThanOrEqual(4);
      expect(ring[0]).toEqual(ring.at(-1));
    }
    // A square is already as simple as it gets: its five positions stay.
    expect(simplified.coordinates[0]?.[0]).toEqual(square);
  });

  it('leaves a geometry with nothing to remove as it was', () => {
    const polygon: AreaGeometry = { type: 'Polygon', coordinates: [square, hole] };
    expect(simplifyGeometry(polygon, 1)).toEqual(polygon);
  });
});
