/**
 * Bounding boxes and the local projection the protected-area geometry works in (geometry.ts): degrees of
 * longitude shrink with the cosine of the latitude; a degree of latitude is the same everywhere on a sphere.
 */
import type { AreaGeometry, BBox, LngLat } from './types';

/** The mean Earth radius (IUGG), as in haversine distances. */
const EARTH_RADIUS_M = 6_371_008.8;
const METRES_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_M;

/** The polygons of a geometry, each a list of rings (the outer ring first, then its holes). */
export function polygonsOf(geometry: AreaGeometry): LngLat[][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

/** Metres per degree of longitude (kx) and of latitude (ky) around a latitude. */
export function scaleAt(latitude: number): { kx: number; ky: number } {
  return { kx: METRES_PER_DEGREE * Math.cos((latitude * Math.PI) / 180), ky: METRES_PER_DEGREE };
}

/**
 * A lower bound of distanceToGeometryM for any geometry inside the box, in the same projection: lets a
 * check skip an area whose box is already too far without reading its vertices.
 */
export function distanceToBBoxM(point: LngLat, bbox: BBox): number {
  const [lng, lat] = point;
  const { kx, ky } = scaleAt(lat);
  const dx = Math.max(bbox[0] - lng, 0, lng - bbox[2]) * kx;
  const dy = Math.max(bbox[1] - lat, 0, lat - bbox[3]) * ky;
  return Math.sqrt(dx * dx + dy * dy);
}

/** The bounding box of every position of a geometry. */
export function bboxOf(geometry: AreaGeometry): BBox {
  let minLng = Infinity;
  let minLat = Infinity;
  let maxLng = -Infinity;
  let maxLat = -Infinity;
  for (const polygon of polygonsOf(geometry)) {
    for (const ring of polygon) {
      for (const [lng, lat] of ring) {
        if (lng < minLng) minLng = lng;
        if (lng > maxLng) maxLng = lng;
        if (lat < minLat) minLat = lat;
        if (lat > maxLat) maxLat = lat;
      }
    }
  }
  return [minLng, minLat, maxLng, maxLat];
}

/**
 * A box grown by at least `metres` on every side. East and west use the degree length at the box's latitude
 * farthest from the equator (the shortest), so the growth is never less than asked anywhere in the box.
 */
export function expandBBox(bbox: BBox, metres: number): BBox {
  const grow = Math.max(0, metres);
  const dLat = grow / METRES_PER_DEGREE;
  const farthestLat = Math.min(89.9, Math.max(Math.abs(bbox[1]), Math.abs(bbox[3])) + dLat);
  const dLng = grow / scaleAt(farthestLat).kx;
  return [bbox[0] - dLng, Math.max(-90, bbox[1] - dLat), bbox[2] + dLng, Math.min(90, bbox[3] + dLat)];
}

/** Whether two boxes overlap or touch. */
export function bboxIntersects(a: BBox, b: BBox): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}
