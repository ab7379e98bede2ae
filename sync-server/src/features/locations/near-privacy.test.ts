/**
 * `?near=` for an anonymous visitor (docs/privacy.md "Detecting spots"; docs/product/map.md "API calls"):
 * a visitor is shown a shared spot rounded to 2 decimals, so the distance, the radius filter and the order
 * are measured from that rounded point. Measured from the stored point, three requests from three centres
 * would trilaterate it to a metre. Signed-in members see the stored point and are measured from it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Location } from '@schema/contracts/locations';
import { createTestApp, type TestApp } from '../../test/harness';
import { signedIn, type TestClient } from '../../sync/test-fixtures';
import { haversineKm } from './near';
import { createSpot } from './test-fixtures';

interface Point {
  latitude: number;
  longitude: number;
}

const KM_PER_DEGREE = (Math.PI * 6371) / 180;

/**
 * The point at the given distances from three centres: on a plane tangent near them (a few km across, so
 * the flattening costs a few metres), the three circle equations less the first are linear in x and y.
 */
function trilaterate(centres: Point[], distancesKm: number[]): Point {
  const [c0, c1, c2] = centres;
  const [d0, d1, d2] = distancesKm;
  if (!c0 || !c1 || !c2 || d0 === undefined || d1 === undefined || d2 === undefined)
    throw new Error('three centres and three distances');
  const cosLat = Math.cos((c0.latitude * Math.PI) / 180);
  const flat = (p: Point) => ({
    x: (p.longitude - c0.longitude) * cosLat * KM_PER_DEGREE,
    y: (p.latitude - c0.latitude) * KM_PER_DEGREE,
  });
  const [p1, p2] = [flat(c1), flat(c2)];
  // |P - Pi|² = di², minus |P|² = d0²: 2 Pi·P = |Pi|² + d0² - di².
  const r1 = p1.x ** 2 + p1.y ** 2 + d0 ** 2 - d1 ** 2;
  const r2 = p2.x ** 2 + p2.y ** 2 + d0 ** 2 - d2 ** 2;
  const det = 2 * p1.x * 2 * p2.y - 2 * p1.y * 2 * p2.x;
  const x = (r1 * 2 * p2.y - r2 * 2 * p1.y) / det;
  const y = (2 * p1.x * r2 - 2 * p2.x * r1) / det;
  return {
    latitude: c0.latitude + y / KM_PER_DEGREE,
    longitude: c0.longitude + x / (cosLat * KM_PER_DEGREE),
  };
}

describe('GET /api/locations?near= for an anonymous visitor', () => {
  let t: TestApp;
  let owner: { client: TestClient; user: { id: number } };
  let anon: TestClient;
  // Two shared spots ~1.2 km apart that round to the same public point, 52.30, -1.20.
  const alpha = { latitude: 52.30449, longitude: -1.20449 };
  const beta = { latitude: 52.29551, longitude: -1.19551 };
  const rounded = { latitude: 52.3, longitude: -1.2 };
  const centres: Point[] = [
    { latitude: 52.35, longitude: -1.2 },
    { latitude: 52.3, longitude: -1.1 },
    { latitude: 52.25, longitude: -1.26 },
  ];
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedIn(t, 'owner');
    anon = t.client();
    await createSpot(owner.client, { name: 'Alpha', ...alpha, isShared: true });
    await createSpot(owner.client, { name: 'Beta', ...beta, isShared: true });
  });
  afterAll(() => t.close());

  const distanceFrom = async (client: TestClient, centre: Point, name: string, radiusKm = 50) => {
    const res = await client.get(
      `/api/locations?near=${centre.latitude},${centre.longitude}&radiusKm=${radiusKm}&q=${name}`,
    );
    expect(res.status).toBe(200);
    return (res.json as Location[])[0]?.distanceKm;
  };

  it('three anonymous requests trilaterate the rounded point, never the stored one', async () => {
    const distances: number[] = [];
    for (const centre of centres) {
      const d = await distanceFrom(anon, centre, 'Alpha');
      expect(d).toBeCloseTo(haversineKm(centre, rounded), 3);
      distances.push(d ?? Number.NaN);
    }
    const found = trilaterate(centres, distances);
    expect(haversineKm(found, rounded), 'km from the rounded point').toBeLessThan(0.02);
    expect(haversineKm(found, alpha), 'km from the stored point').toBeGreaterThan(0.5);
  });

  it('two spots with the same rounded point answer alike from every centre', async () => {
    for (const centre of centres)
      expect(await distanceFrom(anon, centre, 'Beta')).toBe(await distanceFrom(anon, centre, 'Alpha'));
  });

  it('the radius is measured from the rounded point for a visitor, from the stored one for members', async () => {
    // From 52.30, -1.10: the rounded point is 6.80 km away, Alpha's stored one 7.10 km.
    const east = { latitude: 52.3, longitude: -1.1 };
    expect(await distanceFrom(anon, east, 'Alpha', 7)).toBeCloseTo(haversineKm(east, rounded), 3);
    expect(await distanceFrom(owner.client, east, 'Alpha', 7)).toBeUndefined();
    expect(await distanceFrom(owner.client, east, 'Alpha', 8)).toBeCloseTo(haversineKm(east, alpha), 3);
    // Beta's stored point is 6.51 km away, inside 6.6 km; its rounded one is not: a visitor does not get it.
    expect(await distanceFrom(owner.client, east, 'Beta', 6.6)).toBeCloseTo(haversineKm(east, beta), 3);
    expect(await distanceFrom(anon, east, 'Beta', 6.6)).toBeUndefined();
  });

  it('nearest first by the rounded point: spots sharing it keep the id order', async () => {
    for (const centre of centres) {
      const res = await anon.get(`/api/locations?near=${centre.latitude},${centre.longitude}&radiusKm=50`);
      const rows = res.json as Location[];
      expect(rows.map((r) => r.name)).toEqual(['Alpha', 'Beta']);
      expect(rows.map((r) => [r.latitude, r.longitude, r.approximate])).toEqual([
        [52.3, -1.2, true],
        [52.3, -1.2, true],
      ]);
    }
  });
});
