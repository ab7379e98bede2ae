/**
 * `?near=lat,lng&radiusKm=` (docs/product/map.md "API calls"): great-circle distance with R = 6,371 km,
 * nearest first, paged; the bounding box read from the `(lat, lng)` index, on the engine the run names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Location } from '@schema/contracts/locations';
import { createTestApp, type TestApp } from '../../test/harness';
import { queryPlans, signedIn, type TestClient } from '../../sync/test-fixtures';
import { boundingBox, haversineKm } from './near';
import { listLocations } from './service';
import { createSpot, insertSpots } from './test-fixtures';

describe('haversine and the bounding box', () => {
  it('distances on a sphere of radius 6,371 km', () => {
    const london = { latitude: 51.5074, longitude: -0.1278 };
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    expect(haversineKm(london, paris)).toBeCloseTo(343.56, 1);
    expect(haversineKm(london, london)).toBe(0);
    // One degree of latitude: π·6371/180.
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111.195, 3);
  });

  it('holds every point of the circle, and wraps at the 180° meridian and near the poles', () => {
    const centre = { latitude: 57, longitude: -4, radiusKm: 100 };
    const box = boundingBox(centre);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      // A point 99.9 km away in each direction (spherical destination formula).
      const d = 99.9 / 6371;
      const b = (bearing * Math.PI) / 180;
      const lat1 = (centre.latitude * Math.PI) / 180;
      const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
      const lng2 =
        centre.longitude +
        (Math.atan2(
          Math.sin(b) * Math.sin(d) * Math.cos(lat1),
          Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
        ) *
          180) /
          Math.PI;
      const lat = (lat2 * 180) / Math.PI;
      expect(lat).toBeGreaterThanOrEqual(box.south);
      expect(lat).toBeLessThanOrEqual(box.north);
      expect(box.lngRanges.some(([w, e]) => lng2 >= w && lng2 <= e)).toBe(true);
    }
    expect(boundingBox({ latitude: 0, longitude: 179.9, radiusKm: 50 }).lngRanges).toHaveLength(2);
    expect(boundingBox({ latitude: 89.95, longitude: 0, radiusKm: 50 }).lngRanges).toEqual([[-180, 180]]);
  });
});

describe('GET /api/locations?near=', () => {
  let t: TestApp;
  let member: { client: TestClient; user: { id: number } };
  beforeAll(async () => {
    t = await createTestApp();
    member = await signedIn(t, 'walker');
  });
  afterAll(() => t.close());

  it('nearest first within the radius, each with its distance; paged by distance', async () => {
    const centre = { latitude: 52.0, longitude: -1.0 };
    // Due north every 0.01° (1.112 km): 0, 1.1, 2.2 … 11.1 km; and one 0.2° east (13.7 km).
    for (let i = 10; i >= 0; i--)
      await createSpot(member.client, {
        name: `North ${i}`,
        latitude: centre.latitude + i / 100,
        longitude: centre.longitude,
      });
    await createSpot(member.client, {
      name: 'East far',
      latitude: centre.latitude,
      longitude: centre.longitude + 0.2,
    });
    const near = `near=${centre.latitude},${centre.longitude}`;
    const all = (await member.client.get(`/api/locations?${near}&radiusKm=10&limit=200`)).json as Location[];
    expect(all.map((r) => r.name)).toEqual([
      'North 0',
      'North 1',
      'North 2',
      'North 3',
      'North 4',
      'North 5',
      'North 6',
      'North 7',
      'North 8',
    ]);
    expect(all[1]?.distanceKm).toBeCloseTo(1.112, 3);
    // The default radius is 10 km.
    expect(((await member.client.get(`/api/locations?${near}`)).json as Location[]).length).toBe(9);
    const wide = (await member.client.get(`/api/locations?${near}&radiusKm=14`)).json as Location[];
    expect(wide.map((r) => r.name).slice(-1)).toEqual(['East far']);

    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await member.client.get(
        `/api/locations?${near}&radiusKm=10&limit=4${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...(res.json as Location[]).map((r) => r.name));
      cursor = res.headers.get('x-next-cursor');
    }
    expect(seen).toEqual(all.map((r) => r.name));
  });

  it('reads the bounding box from the (lat, lng) index, never a scan of every spot', async () => {
    await insertSpots(t, member.user.id, 200, {
      at: (i) => ({ latitude: 50 + i / 50, longitude: -3 + i / 100 }),
      shared: true,
    });
    const plans = await queryPlans(t, async (store) => {
      await listLocations(
        store,
        { id: member.user.id },
        { near: { latitude: 51, longitude: -2.5, radiusKm: 20 }, limit: 50 },
      );
    });
    const boxQuery = plans.find((p) => /"lat" >= \?|"lat" >= \$/.test(p.query));
    expect(boxQuery, 'the bounding-box query').toBeDefined();
    if (t.engine === 'postgres') expect(boxQuery?.plan.filter((l) => /Seq Scan/.test(l))).toEqual([]);
    else expect(boxQuery?.plan.join('; ')).toMatch(/USING (COVERING )?INDEX locations_position/);
  });
});
