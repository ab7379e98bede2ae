/**
 * Deleting an account, for AR routes (docs/product/ar-routes.md; features/auth/deletion-routes.ts): the
 * member's once-public routes leave other members' devices by their tombstones, and the routes of others
 * the member walked and rated are counted again — on the engine the run names (DB_ENGINE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from '@schema/contracts/ar-routes';
import { createTestApp, type TestApp } from '../../test/harness';
import { pullScopes, signedIn, SIGNED_IN_PASSWORD, type TestClient } from '../../sync/test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const route = async (client: TestClient, isPublic: boolean) => {
  const res = await client.post('/api/routes', {
    name: 'Headland loop',
    startLat: 52.6,
    startLng: 1.28,
    endLat: 52.61,
    endLng: 1.3,
    difficulty: 'easy',
    isPublic,
  });
  if (res.status !== 201) throw new Error(`create route: ${res.status} ${res.text}`);
  return res.json as Route;
};

describe('account deletion', () => {
  it('tombstones the member’s public routes for those who kept them, and recounts the routes they walked and rated', async () => {
    const owner = await signedIn(t, 'route-owner');
    const leaving = await signedIn(t, 'route-leaver');
    const keeper = await signedIn(t, 'route-keeper');
    const owners = await route(owner.client, true);
    const theirs = await route(leaving.client, true);
    for (const client of [leaving.client, keeper.client]) {
      expect((await client.post(`/api/routes/${owners.id}/complete`, {})).status).toBe(201);
    }
    expect((await leaving.client.post(`/api/routes/${owners.id}/rating`, { rating: 1 })).status).toBe(200);
    expect((await keeper.client.post(`/api/routes/${owners.id}/rating`, { rating: 5 })).status).toBe(200);
    expect((await owner.client.get(`/api/routes/${owners.id}`)).json).toMatchObject({
      completedCount: 2,
      rating: 3,
    });
    const pins = [{ entity: 'routes' as const, uid: theirs.uid }];
    const before = await pullScopes(keeper.client, { pinned: '', own: '' }, { pins });
    expect(before.changes.map((c) => c.uid)).toContain(theirs.uid);

    const gone = await leaving.client.del(`/api/users/${leaving.user.id}`, {
      currentPassword: SIGNED_IN_PASSWORD,
    });
    expect(gone.status).toBe(200);

    expect((await owner.client.get(`/api/routes/${owners.id}`)).json).toMatchObject({
      completedCount: 1,
      rating: 5,
    });
    const after = await pullScopes(keeper.client, before.cursors, { pins });
    expect(after.changes.filter((c) => c.uid === theirs.uid)).toEqual([
      expect.objectContaining({ op: 'delete' }),
    ]);
  });
});
