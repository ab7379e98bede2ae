/**
 * Validation of an imported geometry (GeoJSON Polygon or MultiPolygon in WGS84): the importer refuses a
 * feature with the problem named here, so an operator can find the ring in the publisher's file.
 */
import type { AreaGeometry, LngLat } from './types';

export type GeometryValidation = { ok: true; geometry: AreaGeometry } | { ok: false; problem: string };

type Checked<T> = { value: T } | { problem: string };

/** A [lng, lat] position in range; a third coordinate (height) is dropped. */
function checkPosition(value: unknown, where: string): Checked<LngLat> {
  if (!Array.isArray(value) || value.length < 2)
    return { problem: `${where} is not a pair of finite numbers` };
  const [lng, lat]: unknown[] = value;
  if (typeof lng !== 'number' || typeof lat !== 'number' || !Number.isFinite(lng) || !Number.isFinite(lat)) {
    return { problem: `${where} is not a pair of finite numbers` };
  }
  if (lng < -180 || lng > 180) return { problem: `${where} has longitude ${lng} (outside -180 to 180)` };
  if (lat < -90 || lat > 90) return { problem: `${where} has latitude ${lat} (outside -90 to 90)` };
  return { value: [lng, lat] };
}

/** A closed ring of at least 4 positions (GeoJSON's linear ring). */
function checkRing(value: unknown, ring: string): Checked<LngLat[]> {
  if (!Array.isArray(value)) return { problem: `${ring} is not an array of positions` };
  const positions: LngLat[] = [];
  for (const [i, item] of value.entries()) {
    const checked = checkPosition(item, `position ${i + 1} of ${ring}`);
    if ('problem' in checked) return checked;
    positions.push(checked.value);
  }
  if (positions.length < 4) {
    return { problem: `${ring} has ${positions.length} positions (a closed ring needs at least 4)` };
  }
  const first = positions[0];
  const last = positions.at(-1);
  if (!first || !last || first[0] !== last[0] || first[1] !== last[1]) {
    return { problem: `${ring} is not closed (its last position differs from its first)` };
  }
  return { value: positions };
}

/** Whether every position of `inner` lies within the bounding box of `outer` (loops: rings can be long). */
function withinBoxOf(inner: LngLat[], outer: LngLat[]): boolean {
  let [minLng, minLat, maxLng, maxLat] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lng, lat] of outer) {
    minLng = Math.min(minLng, lng);
    maxLng = Math.max(maxLng, lng);
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
  }
  return inner.every(([lng, lat]) => lng >= minLng && lng <= maxLng && lat >= minLat && lat <= maxLat);
}

/** A polygon: its outer ring, then holes that lie within it (a hole first and its outer ring after is refused). */
function checkPolygon(value: unknown, polygon: string): Checked<LngLat[][]> {
  if (!Array.isArray(value)) return { problem: `${polygon} is not an array of rings` };
  if (value.length === 0) return { problem: `${polygon} has no rings` };
  const rings: LngLat[][] = [];
  for (const [i, item] of value.entries()) {
    const checked = checkRing(item, `ring ${i + 1} of ${polygon}`);
    if ('problem' in checked) return checked;
    const outer = rings[0];
    if (outer && !withinBoxOf(checked.value, outer)) {
      return {
        problem: `ring ${i + 1} of ${polygon} reaches outside ring 1 (the outer ring comes first, then its holes)`,
      };
    }
    rings.push(checked.value);
  }
  return { value: rings };
}

/**
 * A Polygon or MultiPolygon with closed rings of at least 4 finite, in-range positions, holes after their
 * outer ring; or the first problem found, naming the polygon, ring and position counted from 1.
 */
export function validateGeometry(value: unknown): GeometryValidation {
  if (typeof value !== 'object' || value === null)
    return { ok: false, problem: 'the geometry is not an object' };
  const type: unknown = 'type' in value ? value.type : undefined;
  if (type !== 'Polygon' && type !== 'MultiPolygon') {
    return {
      ok: false,
      problem: `unknown geometry type ${JSON.stringify(type)} (expected Polygon or MultiPolygon)`,
    };
  }
  const coordinates: unknown = 'coordinates' in value ? value.coordinates : undefined;
  if (!Array.isArray(coordinates)) return { ok: false, problem: `the ${type} has no coordinates array` };
  if (type === 'Polygon') {
    const polygon = checkPolygon(coordinates, 'polygon 1');
    if ('problem' in polygon) return { ok: false, problem: polygon.problem };
    return { ok: true, geometry: { type, coordinates: polygon.value } };
  }
  if (coordinates.length === 0) return { ok: false, problem: 'the MultiPolygon has no polygons' };
  const polygons: LngLat[][][] = [];
  for (const [i, item] of coordinates.entries()) {
    const polygon = checkPolygon(item, `polygon ${i + 1}`);
    if ('problem' in polygon) return { ok: false, problem: polygon.problem };
    polygons.push(polygon.value);
  }
  return { ok: true, geometry: { type, coordinates: polygons } };
}
