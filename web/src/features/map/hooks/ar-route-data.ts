/**
 * The AR routes page's data (docs/product/ar-routes.md): routes the device holds — the member's own, whole,
 * from `own`, and public routes pinned when a recommendation list showed them — the member's completed
 * walks, and their preferences. Public routes near the member are read from REST when online and kept on the
 * device (pinned 'seen'), so the list and the guidance work with no signal afterwards (docs/sync.md "Pins").
 */
import type { RoutePreferences } from '@schema/contracts/ar-routes';
import type { GeoPoint } from '@schema/contracts/ar-routes-geo';
import type { SelfUser } from '@schema/contracts/users';
import { db as appDb, type DigQuestDb, type LocalRoute, type LocalRouteCompletion } from '@web/db/database';
import { routesEntity } from '@web/db/entities';
import { api } from '@web/lib/api';
import { pinRecords, useLive, useLiveValue, type Live } from '@web/sync';
import { NO_PREFERENCES } from '../model/routes/recommend';

export function useHeldRoutes(): Live<LocalRoute[]> {
  return useLive(() => appDb.routes.toArray(), []);
}

const NO_COMPLETIONS: LocalRouteCompletion[] = [];

export function useMyCompletions(viewerId: number | null): LocalRouteCompletion[] {
  return useLiveValue(
    () =>
      viewerId === null ? NO_COMPLETIONS : appDb.route_completions.where('userId').equals(viewerId).toArray(),
    [viewerId],
    NO_COMPLETIONS,
  );
}

/** How far the recommendations look for public routes (km). */
export const NEARBY_ROUTES_KM = 50;

/**
 * Reads the public routes near `at` (first page, nearest first) and keeps them: a route with a queued
 * change of the member's is left as the device has it (the pull folds those; C9).
 */
export async function refreshNearbyRoutes(at: GeoPoint, db: DigQuestDb = appDb): Promise<number> {
  const rows = await api<unknown[]>(
    `/api/routes?near=${at.lat.toFixed(5)},${at.lng.toFixed(5)}&radiusKm=${NEARBY_ROUTES_KM}&limit=50`,
  );
  const routes = rows.flatMap((row) => {
    const route = typeof row === 'object' && row !== null ? routesEntity.fromServer({ ...row }) : null;
    return route && routesEntity.is(route) ? [route] : [];
  });
  await db.transaction('rw', [db.routes, db.outbox, db.pins], async () => {
    for (const route of routes) {
      const queued = await db.outbox.where('[entity+uid]').equals(['routes', route.uid]).count();
      if (queued === 0) await db.routes.put(route);
    }
    await pinRecords(
      db,
      'routes',
      routes.map((r) => r.uid),
      'seen',
    );
  });
  return routes.length;
}

export function useStoredPreferences(viewerId: number | null): RoutePreferences {
  return useLiveValue(
    async () =>
      viewerId === null ? NO_PREFERENCES : ((await appDb.route_preferences.get(viewerId)) ?? NO_PREFERENCES),
    [viewerId],
    NO_PREFERENCES,
  );
}

async function storePreferences(user: SelfUser, prefs: RoutePreferences, db: DigQuestDb) {
  await db.route_preferences.put({ ...prefs, userId: user.id, savedAt: new Date().toISOString() });
}

/** The server's copy, when online; the device keeps it for offline filtering. */
export async function loadPreferences(user: SelfUser, db: DigQuestDb = appDb): Promise<void> {
  await storePreferences(user, await api<RoutePreferences>('/api/preferences'), db);
}

/**
 * Saves on the device at once (the list filters with it) and on the server; offline the server copy is
 * updated the next time the member saves online (preferences are REST-only, docs/product/ar-routes.md).
 */
export async function savePreferences(user: SelfUser, prefs: RoutePreferences, db: DigQuestDb = appDb) {
  await storePreferences(user, prefs, db);
  await storePreferences(
    user,
    await api<RoutePreferences>('/api/preferences', { method: 'PUT', json: prefs }),
    db,
  );
}
