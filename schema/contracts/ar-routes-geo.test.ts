import { describe, expect, it } from 'vitest';
import {
  advanceWalk,
  bearingDeg,
  compassPoint,
  destination,
  distanceM,
  overlayOpacity,
  relativeBearing,
  type GeoPoint,
} from './ar-routes-geo';

const LONDON = { lat: 51.5074, lng: -0.1278 };
const PARIS = { lat: 48.8566, lng: 2.3522 };

describe('distance and bearing (haversine, R = 6,371 km)', () => {
  it('London → Paris: about 343.5 km on an initial bearing of about 148.1°, within 0.5 %', () => {
    const km = distanceM(LONDON, PARIS) / 1000;
    expect(Math.abs(km - 343.5) / 343.5).toBeLessThan(0.005);
    const bearing = bearingDeg(LONDON, PARIS);
    expect(Math.abs(bearing - 148.1) / 148.1).toBeLessThan(0.005);
  });

  it('Paris → London heads north-west, and a point to itself is 0 m', () => {
    expect(Math.abs(bearingDeg(PARIS, LONDON) - 330.2)).toBeLessThan(1.5);
    expect(compassPoint(bearingDeg(PARIS, LONDON))).toBe('NW');
    expect(distanceM(LONDON, LONDON)).toBe(0);
  });

  it('due east and due north read 90° and 0°; destination() lands where it says', () => {
    const start = { lat: 52, lng: 1 };
    const east = destination(start, 90, 500);
    expect(distanceM(start, east)).toBeCloseTo(500, 3);
    expect(bearingDeg(start, east)).toBeCloseTo(90, 1);
    expect(bearingDeg(start, destination(start, 0, 300))).toBeCloseTo(0, 5);
  });

  it('the arrow is the bearing relative to the device heading', () => {
    expect(relativeBearing(90, 30)).toBe(60);
    expect(relativeBearing(10, 350)).toBe(20);
    expect(relativeBearing(200, null)).toBe(200);
  });
});

describe('overlay opacity max(0.3, 1 − distance/1000)', () => {
  it.each([
    [0, 1],
    [500, 0.5],
    [700, 0.3],
    [1000, 0.3],
    [5000, 0.3],
  ])('%d m → %d', (metres, opacity) => {
    expect(overlayOpacity(metres)).toBeCloseTo(opacity, 10);
  });

  it('650 m is still above the floor (0.35)', () => {
    expect(overlayOpacity(650)).toBeCloseTo(0.35, 10);
  });
});

describe('walking a route', () => {
  const start = { lat: 52, lng: 1 };
  const points: GeoPoint[] = [start, destination(start, 90, 200), destination(start, 90, 400)];

  it('a point advances within 20 m and not at 25 m', () => {
    const near = destination(points[0] as GeoPoint, 0, 15);
    expect(advanceWalk(points, { next: 0, completed: false }, near)).toEqual({ next: 1, completed: false });
    const far = destination(points[1] as GeoPoint, 270, 25);
    expect(advanceWalk(points, { next: 1, completed: false }, far)).toEqual({ next: 1, completed: false });
  });

  it('reaching the last point completes the walk, and it stays completed', () => {
    let state = { next: 0, completed: false };
    for (const p of points) state = advanceWalk(points, state, p);
    expect(state).toEqual({ next: 2, completed: true });
    expect(advanceWalk(points, state, start)).toEqual({ next: 2, completed: true });
  });

  it('the next point must be reached in order: standing on the end first does not complete', () => {
    expect(advanceWalk(points, { next: 0, completed: false }, points[2] as GeoPoint)).toEqual({
      next: 0,
      completed: false,
    });
  });
});
