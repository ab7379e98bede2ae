/**
 * AR routes through the real sync engine and the real server in process (docs/product/ar-routes.md "Data
 * and sync"; docs/privacy.md): a private route made offline reaches the server and no other device; a walk
 * completed offline on another member's public route is pushed once with its rating, counted on the route,
 * and pulled back only by its walker; rating again replaces the rating.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteCreateInput } from '@schema/contracts/ar-routes';
import { createTestApp, device, member, serverRows, type TestApp } from '@web/sync/test-utils';
import { createRoute, rateCompletion, recordCompletion } from './hooks/ar-route-writes';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const input = (extra: Partial<RouteCreateInput> = {}): RouteCreateInput => ({
  name: 'Roman road to the ford',
  description: null,
  startLat: 52.6,
  startLng: 1.28,
  endLat: 52.61,
  endLng: 1.3,
  waypoints: [{ lat: 52.605, lng: 1.29, name: 'Villa field' }],
  estimatedDuration: 90,
  difficulty: 'moderate',
  terrainType: 'Farmland',
  historicalPeriods: ['Roman'],
  isPublic: false,
  ...extra,
});

const onServer = (uid: string) =>
  serverRows(
    t,
    `SELECT id, is_public AS "isPublic", completed_count AS "completedCount", rating FROM routes WHERE uid = '${uid}'`,
  );

describe('routes through the sync engine', () => {
  it('a private route made offline syncs to its owner only', async () => {
    const owner = await member(t, 'routemaker');
    const other = await member(t, 'routepeeker');
    const phone = await device(t, owner);
    const friend = await device(t, other);
    const uid = await createRoute(owner.user, input(), phone.db);
    expect(await phone.db.routes.get(uid)).toMatchObject({ id: null, isPublic: false });
    expect(await phone.engine.sync()).toMatchObject({ outcome: 'synced', applied: 1, rejected: 0 });
    const [row] = await onServer(uid);
    expect(Boolean(row?.isPublic)).toBe(false);
    expect((await phone.db.routes.get(uid))?.id).toBe(row?.id);
    await friend.engine.sync();
    expect(await friend.db.routes.get(uid)).toBeUndefined();
  });

  it('a walk completed offline is pushed once with its rating, and rating again replaces it', async () => {
    const creator = await member(t, 'trailsetter');
    const walker = await member(t, 'trailwalker');
    const laptop = await device(t, creator);
    const phone = await device(t, walker);
    const routeUid = await createRoute(
      creator.user,
      input({ isPublic: true, name: 'Heath loop' }),
      laptop.db,
    );
    await laptop.engine.sync();

    const walk = await recordCompletion(walker.user, routeUid, phone.db);
    await rateCompletion(walker.user, walk, 3, phone.db);
    expect(await phone.engine.sync()).toMatchObject({ outcome: 'synced', rejected: 0 });
    expect((await onServer(routeUid))[0]).toMatchObject({ completedCount: 1, rating: 3 });
    expect(await phone.db.route_completions.get(walk)).toMatchObject({ routeUid, rating: 3 });

    await rateCompletion(walker.user, walk, 5, phone.db);
    await phone.engine.sync();
    expect((await onServer(routeUid))[0]).toMatchObject({ completedCount: 1, rating: 5 });
    // The walk is the walker's alone: the creator's device never holds it.
    await laptop.engine.sync();
    expect(await laptop.db.route_completions.count()).toBe(0);
  });
});
