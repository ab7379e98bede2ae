/**
 * The position check: inside, on the edge, near (50 m plus the position's accuracy), clear,
 * inside a hole, MultiPolygons, the UK's extremes, and no-data where no source covers the place. Distances
 * are checked against an independent spherical computation (geodesy's along- and cross-track distances).
 */
import LatLon from 'geodesy/latlon-spherical.js';
import { describe, expect, it } from 'vitest';
import { checkPosition } from './check';
import { distanceToGeometryM, pointInGeometry } from './geometry';
import { seededRandom } from './synthetic-areas.test-utils';
import { NEAR_METRES, type AreaGeometry, type LngLat, type ProtectedArea } from './types';

const lngLat = (p: LatLon): LngLat => [p.lng, p.lat];
const position = (p: LatLon) => ({ latitude: p.lat, longitude: p.lng });

/** A square ring `halfM` metres either side of the centre, clockwise from the north-east corner. */
function squareRing(centre: LatLon, halfM: number): LngLat[] {
  const corner = (bearing: number) => lngLat(centre.destinationPoint(halfM * Math.SQRT2, bearing));
  const ne = corner(45);
  return [ne, corner(135), corner(225), corner(315), [ne[0], ne[1]]];
}

/** The midpoint of a ring's edge `i` (between positions i and i + 1), in degrees: exactly on that edge. */
function edgeMidpoint(ring: LngLat[], i: number): LatLon {
  const [a, b] = [ring[i], ring[i + 1]];
  if (!a || !b) throw new Error(`no edge ${i}`);
  return new LatLon((a[1] + b[1]) / 2, (a[0] + b[0]) / 2);
}

/** Metres from a point to the nearest edge of a geometry, on the sphere, independently of the code tested. */
function referenceEdgeDistanceM(point: LatLon, geometry: AreaGeometry): number {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let nearest = Infinity;
  for (const ring of polygons.flat()) {
    for (let i = 1; i < ring.length; i++) {
      const [a, b] = [ring[i - 1], ring[i]];
      if (!a || !b) continue;
      const start = new LatLon(a[1], a[0]);
      const end = new LatLon(b[1], b[0]);
      const along = point.alongTrackDistanceTo(start, end);
      const length = start.distanceTo(end);
      const d =
        along <= 0
          ? point.distanceTo(start)
          : along >= length
            ? point.distanceTo(end)
            : Math.abs(point.crossTrackDistanceTo(start, end));
      nearest = Math.min(nearest, d);
    }
  }
  return nearest;
}

function area(id: number, name: string, geometry: AreaGeometry): ProtectedArea {
  const positions = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).flat(2);
  const lngs = positions.map((p) => p[0]);
  const lats = positions.map((p) => p[1]);
  return {
    id,
    source: 'nhle',
    reference: String(1_000_000 + id),
    name,
    kind: 'Scheduled monument',
    designatedOn: '1882-08-18',
    recordUrl: null,
    geometry,
    bbox: [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)],
  };
}

const STONEHENGE = new LatLon(51.1789, -1.8262);
const stonehengeRing = squareRing(STONEHENGE, 100); // a square of about 200 m
const stonehenge = area(1, 'Stonehenge', { type: 'Polygon', coordinates: [stonehengeRing] });
/** The midpoint of the square's east edge (edge 0: north-east to south-east corner). */
const eastEdge = edgeMidpoint(stonehengeRing, 0);
const east = (metres: number) => eastEdge.destinationPoint(metres, 90);

const AVEBURY = new LatLon(51.4286, -1.8541);
const holeRing = squareRing(AVEBURY, 100).reverse();
const henge = area(2, 'Avebury henge', {
  type: 'Polygon',
  coordinates: [squareRing(AVEBURY, 200), holeRing],
});

const MAIDEN_CASTLE = new LatLon(50.6947, -2.4692);
const westPart = squareRing(MAIDEN_CASTLE.destinationPoint(150, 270), 50);
const eastPart = squareRing(MAIDEN_CASTLE.destinationPoint(150, 90), 50);
const barrows = area(3, 'Barrow group', { type: 'MultiPolygon', coordinates: [[westPart], [eastPart]] });

const ALL = [stonehenge, henge, barrows];

describe('checkPosition: inside, near and clear', () => {
  it('a point inside the square is inside, at 0 m', () => {
    expect(checkPosition(ALL, position(STONEHENGE), 5, true)).toEqual({
      status: 'inside',
      areas: [{ id: 1, name: 'Stonehenge', kind: 'Scheduled monument', distanceM: 0 }],
    });
  });

  it('a point exactly on an edge or a corner counts as inside', () => {
    expect(checkPosition(ALL, position(eastEdge), 0, true).status).toBe('inside');
    const [cornerLng, cornerLat] = stonehengeRing[1] ?? [0, 0];
    expect(checkPosition(ALL, { latitude: cornerLat, longitude: cornerLng }, 0, true).status).toBe('inside');
    expect(pointInGeometry(lngLat(eastEdge), stonehenge.geometry)).toBe(true);
  });

  it('points along a slanting edge count as inside, whichever way rounding puts them', () => {
    const ring = [...stonehengeRing];
    ring[1] = lngLat(STONEHENGE.destinationPoint(100, 150)); // the east edge now slants
    const slanted: AreaGeometry = { type: 'Polygon', coordinates: [ring] };
    const [a, b] = [ring[0], ring[1]];
    if (!a || !b) throw new Error('no edge');
    for (let i = 1; i < 20; i++) {
      const t = i / 20 + 1 / 3_000;
      const onEdge: LngLat = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
      expect(pointInGeometry(onEdge, slanted), `t = ${t}`).toBe(true);
    }
  });

  it('30 m outside is near at any accuracy, with its distance in whole metres', () => {
    const result = checkPosition(ALL, position(east(30)), 0, true);
    expect(result).toEqual({
      status: 'near',
      areas: [{ id: 1, name: 'Stonehenge', kind: 'Scheduled monument', distanceM: 30 }],
    });
  });

  it('60 m outside is near only when the accuracy stretches 50 m far enough (60 ≤ 50 + 20)', () => {
    expect(checkPosition(ALL, position(east(60)), 0, true)).toEqual({ status: 'clear', areas: [] });
    expect(checkPosition(ALL, position(east(60)), 20, true).areas).toEqual([
      { id: 1, name: 'Stonehenge', kind: 'Scheduled monument', distanceM: 60 },
    ]);
    expect(checkPosition(ALL, position(east(60)), 20, true).status).toBe('near');
  });

  it('the near limit is inclusive and a negative or unknown accuracy counts as 0', () => {
    expect(checkPosition(ALL, position(east(NEAR_METRES - 0.5)), 0, true).status).toBe('near');
    expect(checkPosition(ALL, position(east(55)), -10, true).status).toBe('clear');
    expect(checkPosition(ALL, position(east(55)), Number.NaN, true).status).toBe('clear');
  });

  it('200 m and 2 km away are clear', () => {
    expect(checkPosition(ALL, position(east(200)), 20, true)).toEqual({ status: 'clear', areas: [] });
    expect(checkPosition(ALL, position(east(2_000)), 20, true)).toEqual({ status: 'clear', areas: [] });
  });

  it('lists every area within reach, nearest first', () => {
    const cursus = area(4, 'Cursus barrow', {
      type: 'Polygon',
      coordinates: [squareRing(east(130), 50)], // its west edge 80 m east of the square's
    });
    const result = checkPosition([cursus, stonehenge], position(east(30)), 5, true);
    expect(result.status).toBe('near');
    expect(result.areas.map((a) => [a.name, a.distanceM])).toEqual([
      ['Stonehenge', 30],
      ['Cursus barrow', 50],
    ]);
  });

  it('says inside when one area contains the point, even with others near', () => {
    const cursus = area(4, 'Cursus barrow', { type: 'Polygon', coordinates: [squareRing(east(40), 20)] });
    const result = checkPosition([stonehenge, cursus], position(east(40)), 5, true);
    expect(result.status).toBe('inside');
    expect(result.areas.map((a) => [a.name, a.distanceM])).toEqual([
      ['Cursus barrow', 0],
      ['Stonehenge', 40],
    ]);
  });
});

describe('checkPosition: holes and MultiPolygons', () => {
  it('the middle of a hole is not inside; 100 m from the hole edge it is clear', () => {
    expect(pointInGeometry(lngLat(AVEBURY), henge.geometry)).toBe(false);
    expect(checkPosition([henge], position(AVEBURY), 0, true)).toEqual({ status: 'clear', areas: [] });
  });

  it('inside the hole 20 m from its edge is near, at 20 m', () => {
    // The reversed ring runs NE, NW, SW, SE: edge 3 is its east edge; 20 m west of it is inside the hole.
    const holeEastEdge = edgeMidpoint(holeRing, 3).destinationPoint(20, 270);
    const result = checkPosition([henge], position(holeEastEdge), 0, true);
    expect(result).toEqual({
      status: 'near',
      areas: [{ id: 2, name: 'Avebury henge', kind: 'Scheduled monument', distanceM: 20 }],
    });
  });

  it('between the hole and the outer edge is inside', () => {
    expect(checkPosition([henge], position(AVEBURY.destinationPoint(150, 90)), 0, true).status).toBe(
      'inside',
    );
  });

  it('a MultiPolygon: inside either part, near one part, clear between them', () => {
    expect(checkPosition([barrows], position(MAIDEN_CASTLE.destinationPoint(150, 90)), 0, true).status).toBe(
      'inside',
    );
    expect(checkPosition([barrows], position(MAIDEN_CASTLE.destinationPoint(150, 270)), 0, true).status).toBe(
      'inside',
    );
    expect(checkPosition([barrows], position(MAIDEN_CASTLE), 0, true)).toEqual({
      status: 'clear',
      areas: [],
    });
    const nearWest = checkPosition([barrows], position(MAIDEN_CASTLE.destinationPoint(70, 270)), 0, true);
    expect(nearWest.status).toBe('near');
    expect(nearWest.areas).toEqual([
      { id: 3, name: 'Barrow group', kind: 'Scheduled monument', distanceM: 30 },
    ]);
  });
});

describe('checkPosition: no data', () => {
  it('where no imported source covers the place it says no-data, never clear, even inside an area', () => {
    expect(checkPosition(ALL, position(STONEHENGE), 5, false)).toEqual({ status: 'no-data', areas: [] });
    expect(checkPosition([], position(east(2_000)), 5, false)).toEqual({ status: 'no-data', areas: [] });
  });

  it('with no areas at all in a covered place it is clear', () => {
    expect(checkPosition([], position(STONEHENGE), 5, true)).toEqual({ status: 'clear', areas: [] });
  });
});

const EXTREMES: [string, LatLon][] = [
  ['Lerwick', new LatLon(60.153, -1.1493)],
  ['the Isles of Scilly', new LatLon(49.9145, -6.3126)],
  ['Lowestoft', new LatLon(52.4815, 1.7628)],
  ['Belfast', new LatLon(54.5973, -5.9301)],
];

describe("the UK's extremes", () => {
  it.each(EXTREMES)(
    'near %s: inside, 30 m north is near, 2 km south is clear; distances within 1 %',
    (_, centre) => {
      const ring = squareRing(centre, 100);
      const monument = area(9, 'Monument', { type: 'Polygon', coordinates: [ring] });
      expect(checkPosition([monument], position(centre), 0, true).status).toBe('inside');

      const north = edgeMidpoint(ring, 3).destinationPoint(30, 0);
      const near = checkPosition([monument], position(north), 0, true);
      expect(near.status).toBe('near');
      expect(near.areas[0]?.distanceM).toBe(Math.round(referenceEdgeDistanceM(north, monument.geometry)));

      const south = centre.destinationPoint(2_000, 180);
      expect(checkPosition([monument], position(south), 0, true)).toEqual({ status: 'clear', areas: [] });
      const reference = referenceEdgeDistanceM(south, monument.geometry);
      expect(
        Math.abs(distanceToGeometryM(lngLat(south), monument.geometry) - reference) / reference,
      ).toBeLessThan(0.01);
    },
  );
});

describe('distanceToGeometryM against a spherical reference', () => {
  it('0 inside; within 1 % of the along/cross-track distance from 1 m to 5 km, across the UK', () => {
    const random = seededRandom(29);
    let compared = 0;
    for (let i = 0; i < 400; i++) {
      const centre = new LatLon(49.9 + random() * 10.9, -8 + random() * 9.8);
      const vertices = 5 + Math.floor(random() * 40);
      const ring: LngLat[] = [];
      for (let v = 0; v < vertices; v++) {
        const bearing = (360 * v) / vertices;
        ring.push(lngLat(centre.destinationPoint(50 + random() * 400, bearing)));
      }
      ring.push([...(ring[0] ?? [0, 0])]);
      const geometry: AreaGeometry = { type: 'Polygon', coordinates: [ring] };
      const point = centre.destinationPoint(random() * 5_000, random() * 360);
      const measured = distanceToGeometryM(lngLat(point), geometry);
      if (pointInGeometry(lngLat(point), geometry)) {
        expect(measured).toBe(0);
        continue;
      }
      const reference = referenceEdgeDistanceM(point, geometry);
      expect(Math.abs(measured - reference)).toBeLessThanOrEqual(Math.max(0.01 * reference, 0.05));
      compared++;
    }
    expect(compared).toBeGreaterThan(300);
  });
});
