/**
 * The guidance maths of AR routes (docs/product/ar-routes.md "Guidance"): great-circle distance and initial
 * bearing (haversine, Earth radius 6,371 km as docs/product/constants.md says), the overlay's opacity, the
 * arrow's angle relative to the device heading, and how a walk advances along a route's points. Pure: the
 * page, its tests and the server's `?near=` all use these functions.
 */
import { OPACITY_FADE_M, OPACITY_FLOOR, WAYPOINT_REACHED_M } from './ar-routes-constants';

const EARTH_RADIUS_M = 6_371_000;

export interface GeoPoint {
  lat: number;
  lng: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Great-circle distance in metres. */
export function distanceM(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from `a` to `b`, degrees clockwise from true north, in [0, 360). */
export function bearingDeg(a: GeoPoint, b: GeoPoint): number {
  const φ1 = rad(a.lat);
  const φ2 = rad(b.lat);
  const Δλ = rad(b.lng - a.lng);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return normalise(deg(Math.atan2(y, x)));
}

/** Any angle into [0, 360). */
export const normalise = (angle: number) => ((angle % 360) + 360) % 360;

/** The arrow's rotation: the bearing as seen from a device pointing at `heading` (null: north up). */
export const relativeBearing = (bearing: number, heading: number | null) =>
  normalise(bearing - (heading ?? 0));

/** Overlay opacity: max(0.3, 1 − distance / 1000), never above 1. */
export function overlayOpacity(distanceMetres: number): number {
  return Math.min(1, Math.max(OPACITY_FLOOR, 1 - Math.max(0, distanceMetres) / OPACITY_FADE_M));
}

/** The eight compass points, for the list guidance ('NE'). */
export function compassPoint(bearing: number): string {
  const points = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
  return points[Math.round(normalise(bearing) / 45) % 8] ?? 'N';
}

/** A point `distance` metres from `from` on `bearing` (the sample routes are placed with it). */
export function destination(from: GeoPoint, bearing: number, distance: number): GeoPoint {
  const δ = distance / EARTH_RADIUS_M;
  const θ = rad(bearing);
  const φ1 = rad(from.lat);
  const λ1 = rad(from.lng);
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ));
  const λ2 =
    λ1 + Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
  return { lat: deg(φ2), lng: normalise(deg(λ2) + 180) - 180 };
}

/** Where a walk along a route stands: the index of the next point to reach, or done. */
export interface WalkState {
  next: number;
  completed: boolean;
}

/**
 * One position update: every point reached in order within 20 m advances (a fix can skip past a close
 * waypoint, so it keeps advancing while the next one is also within reach); reaching the last completes.
 * A completed walk stays completed.
 */
export function advanceWalk(points: readonly GeoPoint[], state: WalkState, position: GeoPoint): WalkState {
  if (state.completed || points.length === 0) return { next: state.next, completed: true };
  let next = state.next;
  while (next < points.length) {
    const target = points[next];
    if (!target || distanceM(position, target) > WAYPOINT_REACHED_M) break;
    next += 1;
  }
  return next >= points.length ? { next: points.length - 1, completed: true } : { next, completed: false };
}

/** Guidance to the next point: distance (m), bearing, and the overlay's opacity. */
export function guidance(position: GeoPoint, target: GeoPoint) {
  const distance = distanceM(position, target);
  return { distance, bearing: bearingDeg(position, target), opacity: overlayOpacity(distance) };
}
