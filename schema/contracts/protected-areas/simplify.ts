/**
 * Simplification of imported outlines to about 1 m: published boundaries often carry far more
 * vertices than a check needs, and each one costs storage on the device and time in every check.
 * Douglas–Peucker per ring, in metres around the ring's first position; kept positions are original ones,
 * so the outline never moves by more than the tolerance and every ring stays closed with 4 positions or more.
 */
import { polygonsOf, scaleAt } from './bbox';
import type { AreaGeometry, LngLat } from './types';

/** Squared metres from point p to the segment a–b. */
function squaredSegmentDistance(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  let t = lengthSquared > 0 ? ((px - ax) * dx + (py - ay) * dy) / lengthSquared : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const ex = ax + t * dx - px;
  const ey = ay + t * dy - py;
  return ex * ex + ey * ey;
}

/** The index between `first` and `last` farthest from the segment joining them, and its squared distance. */
function farthestBetween(xs: Float64Array, ys: Float64Array, first: number, last: number): [number, number] {
  let index = -1;
  let worst = -1;
  for (let i = first + 1; i < last; i++) {
    const d = squaredSegmentDistance(
      xs[i] ?? 0,
      ys[i] ?? 0,
      xs[first] ?? 0,
      ys[first] ?? 0,
      xs[last] ?? 0,
      ys[last] ?? 0,
    );
    if (d > worst) {
      worst = d;
      index = i;
    }
  }
  return [index, worst];
}

function simplifyRing(ring: LngLat[], toleranceM: number): LngLat[] {
  const n = ring.length;
  const origin = ring[0];
  if (n <= 4 || !origin || !(toleranceM > 0)) return ring;
  const { kx, ky } = scaleAt(origin[1]);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  ring.forEach(([lng, lat], i) => {
    xs[i] = (lng - origin[0]) * kx;
    ys[i] = (lat - origin[1]) * ky;
  });
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  // The ring starts and ends at one place, so split it first at the position farthest from its start.
  let split = 1;
  for (let i = 2; i < n - 1; i++) {
    if ((xs[i] ?? 0) ** 2 + (ys[i] ?? 0) ** 2 > (xs[split] ?? 0) ** 2 + (ys[split] ?? 0) ** 2) split = i;
  }
  keep[split] = 1;
  const toleranceSquared = toleranceM * toleranceM;
  const spans: [number, number][] = [
    [0, split],
    [split, n - 1],
  ];
  for (let span = spans.pop(); span; span = spans.pop()) {
    const [first, last] = span;
    const [index, worst] = farthestBetween(xs, ys, first, last);
    if (index > 0 && worst > toleranceSquared) {
      keep[index] = 1;
      spans.push([first, index], [index, last]);
    }
  }
  // Start, split and end alone make a 3-position ring, which GeoJSON refuses: keep the farthest one left.
  if (keep.reduce((sum, k) => sum + k, 0) < 4) {
    const [before, beforeWorst] = farthestBetween(xs, ys, 0, split);
    const [after, afterWorst] = farthestBetween(xs, ys, split, n - 1);
    keep[before > 0 && (after < 0 || beforeWorst >= afterWorst) ? before : after] = 1;
  }
  return ring.filter((_, i) => keep[i] === 1);
}

/** The geometry with each ring simplified to within `toleranceM` metres of its original outline. */
export function simplifyGeometry(geometry: AreaGeometry, toleranceM: number): AreaGeometry {
  const polygons = polygonsOf(geometry).map((polygon) =>
    polygon.map((ring) => simplifyRing(ring, toleranceM)),
  );
  return geometry.type === 'Polygon'
    ? { type: 'Polygon', coordinates: polygons[0] ?? [] }
    : { type: 'MultiPolygon', coordinates: polygons };
}
