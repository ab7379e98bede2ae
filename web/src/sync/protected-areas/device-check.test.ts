/**
 * The device's protected-area check answers as the server's does (docs/protected-areas.md "On the device"):
 * the same fixtures imported into the real server in process, the device's cache filled from it through
 * GET /api/protected-areas, then each position checked both ways — inside, on the edge, 30 m outside, the
 * accuracy widening "near", 2 km away, inside a hole, and no-data where no monument list covers the nation.
 * Then what only the device can say: no-data where it holds no cell, with no signal at all.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckResult, LngLat } from '@schema/contracts/protected-areas';
import { DigQuestDb } from '@web/db/database';
import { appFetch, serverPerFile } from '../test-utils';
import { at, boxAround, feature, importMonuments, polygon, square } from './test-utils';
import { checkOnDevice } from './index';
import { refreshProtectedAreas } from './refresh';

const server = serverPerFile();
const db = new DigQuestDb(`protected-check-${Math.random()}`);
const EDINBURGH: LngLat = [-3.1883, 55.9533];
const edinburghBox = (): [number, number, number, number] => [
  EDINBURGH[0] - 0.05,
  EDINBURGH[1] - 0.05,
  EDINBURGH[0] + 0.05,
  EDINBURGH[1] + 0.05,
];

beforeAll(async () => {
  await importMonuments(server.t, [
    feature('1000001', 'Stone circle', polygon(square(0, 0, 100))),
    feature('1000002', 'Barrow group', {
      type: 'MultiPolygon',
      coordinates: [[square(5_000, 0, 100)], [square(5_000, 500, 50)]],
    }),
    feature('1000003', 'Enclosure with a courtyard', polygon(square(0, 3_000, 200), square(0, 3_000, 100))),
    feature('1000004', 'Abbey precinct', polygon(square(-20_000, 0, 150))),
  ]);
  const fetch = appFetch(server.t, () => '');
  // The map's view over the fixtures, then one over Edinburgh (Scotland: no list imported).
  for (const view of [boxAround(1_500, 1_500, 6_000), edinburghBox()])
    expect(await refreshProtectedAreas({ db, fetch, view, isOnline: () => true })).toMatchObject({
      outcome: 'done',
    });
});
afterAll(async () => {
  db.close();
  await db.delete();
});

async function serverCheck(point: LngLat, accuracy: number): Promise<CheckResult> {
  const res = await server.t.app.request(
    `/api/protected-areas/check?lat=${point[1]}&lng=${point[0]}&accuracy=${accuracy}`,
  );
  const { status, areas } = (await res.json()) as CheckResult;
  return { status, areas };
}

const deviceCheck = (point: LngLat, accuracyM: number) =>
  checkOnDevice({ latitude: point[1], longitude: point[0], accuracyM }, db);

describe('checkOnDevice answers as GET /api/protected-areas/check', () => {
  const cases: [string, LngLat, number, CheckResult['status']][] = [
    ['inside', at(0, 0), 0, 'inside'],
    ['on the edge', at(100, 0), 0, 'inside'],
    ['30 m outside', at(130, 0), 0, 'near'],
    ['80 m outside', at(180, 0), 0, 'clear'],
    ['80 m outside with 40 m accuracy', at(180, 0), 40, 'near'],
    ['2 km away', at(2_000, 1_000), 0, 'clear'],
    ['inside a hole, 100 m from its edges', at(0, 3_000), 0, 'clear'],
    ['inside a hole, 20 m from its edge', at(80, 3_000), 0, 'near'],
    ['by a multipolygon’s smaller part', at(5_000, 570), 0, 'near'],
    ['in Scotland, with only England’s list imported', EDINBURGH, 0, 'no-data'],
  ];
  for (const [name, point, accuracy, status] of cases)
    it(`${name}: ${status}`, async () => {
      const expected = await serverCheck(point, accuracy);
      expect(expected.status).toBe(status);
      expect(await deviceCheck(point, accuracy)).toEqual(expected);
    });

  it('lists each area with its name, kind and whole metres, nearest first', async () => {
    expect(await deviceCheck(at(130, 0), 0)).toEqual({
      status: 'near',
      areas: [{ id: expect.any(Number), name: 'Stone circle', kind: 'Scheduled monument', distanceM: 30 }],
    });
  });
});

describe('what only the device can say', () => {
  it('no-data where it holds no cell around the position, though the server covers it (England)', async () => {
    const beyond = at(-20_000, 0);
    expect((await serverCheck(beyond, 0)).status).toBe('inside');
    expect(await deviceCheck(beyond, 0)).toEqual({ status: 'no-data', areas: [] });
  });

  it('no-data when the near limit reaches a cell it does not hold, though the position’s own cell is held', async () => {
    const [west] = boxAround(1_500, 1_500, 6_000);
    // About 70 m inside the westmost cell fetched: 50 m stay within it, 2 km reach the cell beyond.
    const edge: LngLat = [Math.floor(west * 10) / 10 + 0.001, at(0, 0)[1]];
    expect((await deviceCheck(edge, 0)).status).toBe('clear');
    expect(await deviceCheck(edge, 2_000)).toEqual({ status: 'no-data', areas: [] });
  });
});
