/**
 * Every change a member makes to routes, as local writes (docs/sync.md): the record changes in IndexedDB
 * and its mutation is queued in one transaction, so it shows at once — offline too — and reaches the server
 * when the engine next pushes. A walk completed offline is a queued `route_completions` create (with its
 * rating when given); rating later is an update of that walk. Sample routes live only on the page.
 */
import { uuidv7 } from 'uuidv7';
import type { RouteCreateInput } from '@schema/contracts/ar-routes';
import type { SelfUser } from '@schema/contracts/users';
import { db as appDb, type DigQuestDb, type LocalRoute, type LocalRouteCompletion } from '@web/db/database';
import { writeLocal } from '@web/sync';

/** Create Route: answers the new route's uid. */
export async function createRoute(
  user: SelfUser,
  input: RouteCreateInput,
  db: DigQuestDb = appDb,
): Promise<string> {
  const now = new Date().toISOString();
  const record: LocalRoute = {
    id: null,
    uid: uuidv7(),
    userId: user.id,
    username: user.username,
    ...input,
    rating: null,
    ratingCount: 0,
    completedCount: 0,
    created_at: now,
    updated_at: now,
  };
  await writeLocal(db, {
    entity: 'routes',
    op: 'create',
    uid: record.uid,
    userId: user.id,
    payload: { ...input },
    record,
  });
  return record.uid;
}

export async function deleteRoute(user: SelfUser, routeUid: string, db: DigQuestDb = appDb): Promise<void> {
  await writeLocal(db, { entity: 'routes', op: 'delete', uid: routeUid, userId: user.id });
}

/** Share a route with every member, or make it private again (only the field that changed is sent). */
export async function shareRoute(
  user: SelfUser,
  routeUid: string,
  isPublic: boolean,
  db: DigQuestDb = appDb,
) {
  await writeLocal(db, {
    entity: 'routes',
    op: 'update',
    uid: routeUid,
    userId: user.id,
    payload: { isPublic },
  });
}

/** A finished walk of `routeUid`: answers the completion's uid, to rate it afterwards. */
export async function recordCompletion(
  user: SelfUser,
  routeUid: string,
  db: DigQuestDb = appDb,
): Promise<string> {
  const completedAt = new Date().toISOString();
  const record: LocalRouteCompletion = {
    id: null,
    uid: uuidv7(),
    userId: user.id,
    routeId: null,
    routeUid,
    completedAt,
    rating: null,
    created_at: completedAt,
  };
  await writeLocal(db, {
    entity: 'route_completions',
    op: 'create',
    uid: record.uid,
    userId: user.id,
    payload: { routeUid, completedAt },
    record,
  });
  return record.uid;
}

/** Rates the route of a walk (one rating per member and route; rating again replaces it). */
export async function rateCompletion(
  user: SelfUser,
  completionUid: string,
  rating: number,
  db: DigQuestDb = appDb,
) {
  await writeLocal(db, {
    entity: 'route_completions',
    op: 'update',
    uid: completionUid,
    userId: user.id,
    payload: { rating },
  });
}
