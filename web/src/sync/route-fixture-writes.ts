/**
 * The creates of the AR routes' entity fixtures (entity-fixtures.ts): a route and a completed walk, each as
 * the /ar-routes page writes them. Test code only.
 */
import { uuidv7 } from 'uuidv7';
import type { LocalRoute, LocalRouteCompletion } from '@web/db/database';
import type { LocalWrite } from './outbox';
import type { FixtureContext } from './fixture-writes';

/** A private route, as the route form writes it. */
export function routeWrite({ member }: FixtureContext, name = 'Roman road to the ford'): LocalWrite {
  const uid = uuidv7();
  const payload = {
    name,
    description: 'Along the agger, past the villa field.',
    startLat: 52.6,
    startLng: 1.28,
    endLat: 52.61,
    endLng: 1.3,
    waypoints: [{ lat: 52.605, lng: 1.29, name: null }],
    estimatedDuration: 90,
    difficulty: 'moderate' as const,
    terrainType: 'Farmland',
    historicalPeriods: ['Roman'],
    isPublic: false,
  };
  const now = new Date().toISOString();
  const record: LocalRoute = {
    id: null,
    uid,
    userId: member.user.id,
    username: member.user.username,
    ...payload,
    rating: null,
    ratingCount: 0,
    completedCount: 0,
    created_at: now,
    updated_at: now,
  };
  return { entity: 'routes', op: 'create', uid, userId: member.user.id, payload, record };
}

/** A walk of `routeUid` finished on the device, rated 4. */
export function completionWrite({ member }: FixtureContext, routeUid: string): LocalWrite {
  const uid = uuidv7();
  const completedAt = new Date().toISOString();
  const record: LocalRouteCompletion = {
    id: null,
    uid,
    userId: member.user.id,
    routeId: null,
    routeUid,
    completedAt,
    rating: 4,
    created_at: completedAt,
  };
  return {
    entity: 'route_completions',
    op: 'create',
    uid,
    userId: member.user.id,
    payload: { routeUid, completedAt, rating: 4 },
    record,
  };
}
