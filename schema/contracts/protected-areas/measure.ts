/**
 * Where a point stands against a protected area: inside or not, and how far from its nearest edge.
 *
 * Distances use a local equirectangular projection centred on the point asked about (x east, y north, in
 * metres). At the few kilometres a check looks at, its error against the sphere is a few hundredths of a
 * per cent in the UK, far below GPS accuracy, and it costs a multiplication per vertex, which keeps the
 * device's check well under the 2 ms goal.
 */
import { polygonsOf, scaleAt } from './bbox';
import type { AreaGeometry, LngLat } from './types';

/** A point this close to an edge is on it, so inside: edges drawn in degrees rarely hold a point exactly. */
export const ON_EDGE_METRES = 0.001;

/** Squared metres from the origin to the segment a–b (projected coordinates). */
function squaredDistanceToSegment(ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  let t = lengthSquared > 0 ? -(ax * dx + ay * dy) / lengthSquared : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const px = ax + t * dx;
  const py = ay + t * dy;
  return px * px + py * py;
}

/**
 * Whether a point is inside a geometry (even-odd per polygon, so a hole is outside; on an edge is inside),
 * and its distance in metres to the nearest edge, 0 when inside. One pass over the vertices does both.
 */
export function measureFromPoint(
  point: LngLat,
  geometry: AreaGeometry,
): { inside: boolean; distanceM: number } {
  const { inside, edgeM } = measureEdges(point, geometry);
  if (inside || edgeM <= ON_EDGE_METRES) return { inside: true, distanceM: 0 };
  return { inside: false, distanceM: edgeM };
}

/** Metres from the point to the nearest edge (a hole's included), whether the point is inside or not. */
export function edgeDistanceM(point: LngLat, geometry: AreaGeometry): number {
  return measureEdges(point, geometry).edgeM;
}

function measureEdges(point: LngLat, geometry: AreaGeometry): { inside: boolean; edgeM: number } {
  const [lng0, lat0] = point;
  const { kx, ky } = scaleAt(lat0);
  let nearestSquared = Infinity;
  let inside = false;
  for (const polygon of polygonsOf(geometry)) {
    let crossings = 0;
    for (const ring of polygon) {
      // Each edge runs from the previous position (ax, ay) to this one; the first position only starts it.
      let ax = 0;
      let ay = 0;
      let started = false;
      for (const [lng, lat] of ring) {
        const bx = (lng - lng0) * kx;
        const by = (lat - lat0) * ky;
        if (started) {
          // A ray from the point towards +x crosses this edge (half-open in y, so a vertex counts once).
          if (ay > 0 !== by > 0 && ax + ((0 - ay) * (bx - ax)) / (by - ay) > 0) crossings++;
          const d = squaredDistanceToSegment(ax, ay, bx, by);
          if (d < nearestSquared) nearestSquared = d;
        }
        ax = bx;
        ay = by;
        started = true;
      }
    }
    if (crossings % 2 === 1) inside = true;
  }
  return { inside, edgeM: Math.sqrt(nearestSquared) };
}

/** Whether a point lies inside a geometry: even-odd with holes; a point on an edge counts as inside. */
export function pointInGeometry(point: LngLat, geometry: AreaGeometry): boolean {
  return measureFromPoint(point, geometry).inside;
}

/** 0 inside; otherwise metres to the nearest edge (a hole's edges included). */
export function distanceToGeometryM(point: LngLat, geometry: AreaGeometry): number {
  return measureFromPoint(point, geometry).distanceM;
}
