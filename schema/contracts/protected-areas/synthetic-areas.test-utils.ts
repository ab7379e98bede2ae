/**
 * Synthetic scheduled monuments for the tests and `npm run bench:protected:device`: the real data is not
 * shipped (licence and size), so both generate star-shaped polygons like the NHLE's (10–60 vertices, 50–500 m
 * across), one in ten with a hole, from a seeded generator so every run sees the same areas.
 */
import { bboxOf } from './geometry';
import type { AreaGeometry, BBox, LngLat, ProtectedArea } from './types';

/** England's bounding box (with some sea), where the NHLE's 20,000 scheduled monuments lie. */
export const ENGLAND_BBOX: BBox = [-5.75, 49.95, 1.77, 55.81];

const METRES_PER_DEGREE_LAT = 111_195;

/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed, the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A point `east` and `north` metres from a centre (flat-earth offsets: fine for synthetic shapes). */
export function offsetLngLat([lng, lat]: LngLat, eastM: number, northM: number): LngLat {
  const metresPerDegreeLng = METRES_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180);
  return [lng + eastM / metresPerDegreeLng, lat + northM / METRES_PER_DEGREE_LAT];
}

/** A closed star-shaped ring of `vertices` corners around a centre, radii between 70 % and 100 % of `radiusM`. */
function starRing(random: () => number, centre: LngLat, vertices: number, radiusM: number): LngLat[] {
  const ring: LngLat[] = [];
  for (let i = 0; i < vertices; i++) {
    const angle = (2 * Math.PI * i) / vertices;
    const r = radiusM * (0.7 + 0.3 * random());
    ring.push(offsetLngLat(centre, r * Math.cos(angle), r * Math.sin(angle)));
  }
  const first = ring[0];
  if (first) ring.push([first[0], first[1]]);
  return ring;
}

/** `count` synthetic monuments spread uniformly over `within`, ids from 1. */
export function syntheticAreas(count: number, seed: number, within: BBox = ENGLAND_BBOX): ProtectedArea[] {
  const random = seededRandom(seed);
  const areas: ProtectedArea[] = [];
  for (let id = 1; id <= count; id++) {
    const centre: LngLat = [
      within[0] + random() * (within[2] - within[0]),
      within[1] + random() * (within[3] - within[1]),
    ];
    const vertices = 10 + Math.floor(random() * 51);
    const radiusM = 25 + random() * 225;
    const rings = [starRing(random, centre, vertices, radiusM)];
    if (id % 10 === 0) rings.push(starRing(random, centre, 10, radiusM * 0.3).reverse());
    const geometry: AreaGeometry = { type: 'Polygon', coordinates: rings };
    areas.push({
      id,
      source: 'nhle',
      reference: String(1_000_000 + id),
      name: `Synthetic monument ${id}`,
      kind: 'Scheduled monument',
      designatedOn: null,
      recordUrl: null,
      geometry,
      bbox: bboxOf(geometry),
    });
  }
  return areas;
}

/** A point within `maxM` metres of a random area's centre, so checks meet insides, edges and near misses. */
export function pointNearAnArea(random: () => number, areas: readonly ProtectedArea[], maxM: number): LngLat {
  const area = areas[Math.floor(random() * areas.length)];
  if (!area) throw new Error('no areas to choose from');
  const [minLng, minLat, maxLng, maxLat] = area.bbox;
  const angle = random() * 2 * Math.PI;
  const r = random() * maxM;
  return offsetLngLat(
    [(minLng + maxLng) / 2, (minLat + maxLat) / 2],
    r * Math.cos(angle),
    r * Math.sin(angle),
  );
}

/** A point anywhere in `within`, uniformly. */
export function pointIn(random: () => number, within: BBox = ENGLAND_BBOX): LngLat {
  return [within[0] + random() * (within[2] - within[0]), within[1] + random() * (within[3] - within[1])];
}
