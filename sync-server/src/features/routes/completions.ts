/**
 * Completions and ratings (docs/product/ar-routes.md "Completing and rating"). A completion is one row per
 * walk (`route_completions`; achievements count them per member), made on the device with a uid so a walk
 * finished offline is pushed later exactly once. A rating is one per member and route, changeable, and only
 * for a route the member has completed. The route's `completedCount`, `rating` and `ratingCount` move in the
 * same transaction and the route is logged again, so devices holding it read the new figures (docs/sync.md
 * "Counters"). A completion is its member's alone: nobody else pulls it.
 */
import { and, avg, count, eq, inArray } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { routeCompletions, routeRatings, routes } from '@schema/db/tables';
import { routeMessages as m, type Route, type RouteCompletion } from '@schema/contracts/ar-routes';
import type { UserRow } from '../../lib/auth/session';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { exists, first, insertedRow } from '../../lib/query';
import { recordChange } from '../../sync/changelog';
import { chunked, refKey, whereRef } from '../../sync/registry';
import type { EntityRef, LoadedRows, RecordRef, Store, Viewer } from '../../sync/registry';
import { getRoute, requireVisibleRoute } from './service';
import type { RouteRow } from './shape';

type CompletionRow = typeof routeCompletions.$inferSelect;

async function logRoute(tx: Store, route: RouteRow): Promise<void> {
  await recordChange(tx, 'routes', route.id, route.uid, 'upsert', { ownerId: route.userId });
}

async function logCompletion(tx: Store, row: CompletionRow, routeUid: string, op: 'upsert' | 'delete') {
  // Member-only: no parent owner, so the route's owner never reads other members' walks (S14).
  await recordChange(tx, 'route_completions', row.id, row.uid, op, {
    ownerId: row.userId,
    parentUid: routeUid,
  });
}

async function completionRow(store: Store, ref: RecordRef): Promise<CompletionRow | undefined> {
  return first(store.select().from(routeCompletions).where(whereRef(routeCompletions, ref)));
}

/** S4 for completions: a replay is the member's own row; another member's uid is a conflict. */
export async function existingCompletion(store: Store, user: UserRow, uid: string) {
  const row = await completionRow(store, { uid });
  if (row && row.userId !== user.id) throw conflict(m.completionUidTaken);
  return row;
}

async function ratingOf(store: Store, routeId: number, userId: number): Promise<number | null> {
  const row = await first(
    store
      .select({ rating: routeRatings.rating })
      .from(routeRatings)
      .where(and(eq(routeRatings.routeId, routeId), eq(routeRatings.userId, userId))),
  );
  return row?.rating ?? null;
}

function toCompletion(row: CompletionRow, routeUid: string, rating: number | null): RouteCompletion {
  return {
    id: row.id,
    uid: row.uid,
    userId: row.userId,
    routeId: row.routeId,
    routeUid,
    completedAt: row.completedAt,
    rating,
  };
}

/** Sets the member's rating and the route's average in one transaction; 403 before a completion. */
async function writeRating(tx: Store, user: UserRow, route: RouteRow, rating: number): Promise<void> {
  const walked = await exists(
    tx
      .select({ id: routeCompletions.id })
      .from(routeCompletions)
      .where(and(eq(routeCompletions.routeId, route.id), eq(routeCompletions.userId, user.id))),
  );
  if (!walked) throw forbidden(m.rateAfterCompleting);
  await tx
    .insert(routeRatings)
    .values({ routeId: route.id, userId: user.id, rating })
    .onConflictDoUpdate({
      target: [routeRatings.routeId, routeRatings.userId],
      set: { rating, updatedAt: new Date().toISOString() },
    });
  const [figures] = await tx
    .select({ average: avg(routeRatings.rating), total: count() })
    .from(routeRatings)
    .where(eq(routeRatings.routeId, route.id));
  await tx
    .update(routes)
    .set({
      rating: figures?.average === null ? null : Number(figures?.average),
      ratingCount: figures?.total ?? 0,
    })
    .where(eq(routes.id, route.id));
  await logRoute(tx, route);
}

/** POST /api/routes/{id}/complete and the sync create of a completion (with an optional rating). */
export async function completeRoute(
  store: Store,
  user: UserRow,
  routeRef: RecordRef,
  options: { uid?: string | undefined; completedAt?: string | undefined; rating?: number | undefined } = {},
): Promise<{ completion: RouteCompletion; created: boolean }> {
  return store.transaction(async (tx) => {
    const existing = options.uid ? await existingCompletion(tx, user, options.uid) : undefined;
    const route = await requireVisibleRoute(tx, existing ? { id: existing.routeId } : routeRef, {
      id: user.id,
    });
    if (existing)
      return {
        completion: toCompletion(existing, route.uid, await ratingOf(tx, route.id, user.id)),
        created: false,
      };
    const row = await insertedRow(
      tx
        .insert(routeCompletions)
        .values({
          uid: options.uid ?? uuidv7(),
          userId: user.id,
          routeId: route.id,
          completedAt: options.completedAt ?? new Date().toISOString(),
        })
        .returning(),
    );
    await tx
      .update(routes)
      .set({ completedCount: route.completedCount + 1 })
      .where(eq(routes.id, route.id));
    if (options.rating !== undefined) await writeRating(tx, user, route, options.rating);
    else await logRoute(tx, route);
    await logCompletion(tx, row, route.uid, 'upsert');
    return { completion: toCompletion(row, route.uid, await ratingOf(tx, route.id, user.id)), created: true };
  });
}

/** POST /api/routes/{id}/rating: one rating per member and route, changeable; answers the route. */
export async function rateRoute(
  store: Store,
  user: UserRow,
  routeRef: RecordRef,
  rating: number,
): Promise<Route> {
  return store.transaction(async (tx) => {
    const route = await requireVisibleRoute(tx, routeRef, { id: user.id });
    await writeRating(tx, user, route, rating);
    // The member's completions carry their rating: log them again so their devices read it.
    for (const row of await tx
      .select()
      .from(routeCompletions)
      .where(and(eq(routeCompletions.routeId, route.id), eq(routeCompletions.userId, user.id))))
      await logCompletion(tx, row, route.uid, 'upsert');
    return getRoute(tx, { id: route.id }, { id: user.id });
  });
}

/** The sync update of a completion: rate its route. */
export async function rateByCompletion(store: Store, user: UserRow, ref: RecordRef, rating: number) {
  const row = await completionRow(store, ref);
  if (!row || row.userId !== user.id) throw notFound(m.completionNotFound);
  await rateRoute(store, user, { id: row.routeId }, rating);
  return row.id;
}

/** A member withdraws a completion (their own only); the route's count follows. `missingOk`: S8. */
export async function deleteCompletion(
  store: Store,
  user: UserRow,
  ref: RecordRef,
): Promise<number | undefined> {
  return store.transaction(async (tx) => {
    const row = await completionRow(tx, ref);
    if (!row || row.userId !== user.id) return undefined;
    const route = await first(tx.select().from(routes).where(eq(routes.id, row.routeId)));
    await tx.delete(routeCompletions).where(eq(routeCompletions.id, row.id));
    if (route) {
      await tx
        .update(routes)
        .set({ completedCount: Math.max(0, route.completedCount - 1) })
        .where(eq(routes.id, route.id));
      await logRoute(tx, route);
    }
    await logCompletion(tx, row, route?.uid ?? '', 'delete');
    return row.id;
  });
}

/** Pull loader: the member's own completions only; nobody else hears of them (member-only, S14). */
export async function loadCompletionsForPull(
  store: Store,
  viewer: Viewer,
  refs: EntityRef[],
): Promise<LoadedRows> {
  const found = new Map<number, { row: CompletionRow; routeUid: string; rating: number | null }>();
  for (const ids of chunked([...new Set(refs.map((r) => r.entityId))]))
    for (const r of await store
      .select({ row: routeCompletions, routeUid: routes.uid, rating: routeRatings.rating })
      .from(routeCompletions)
      .innerJoin(routes, eq(routes.id, routeCompletions.routeId))
      .leftJoin(
        routeRatings,
        and(
          eq(routeRatings.routeId, routeCompletions.routeId),
          eq(routeRatings.userId, routeCompletions.userId),
        ),
      )
      .where(inArray(routeCompletions.id, ids)))
      found.set(r.row.id, r);
  const out: LoadedRows = new Map();
  for (const ref of refs) {
    const hit = found.get(ref.entityId);
    if (!hit) {
      // Gone: the tombstone only for the member whose it was (its log row is in their own scope alone).
      if (viewer !== null) out.set(refKey(ref), null);
      continue;
    }
    if (viewer === null || hit.row.userId !== viewer.id) continue;
    const data = toCompletion(hit.row, hit.routeUid, hit.rating);
    out.set(refKey(ref), { id: data.id, uid: data.uid, data: { ...data }, userIds: [data.userId] });
  }
  return out;
}
