/**
 * Account deletion, the AR routes part (docs/product/ar-routes.md; deletion.service.ts runs it). Read
 * before the cascade, logged after it, in the deletion's transaction:
 * - the member's routes that were ever public may be pinned on other members' devices: each gets its
 *   tombstone there (a route that stayed private was never anyone else's: no tombstone);
 * - other members' routes the member walked or rated lose those rows with the account: their
 *   `completedCount`, `rating` and `ratingCount` are counted again and the routes logged, so devices
 *   holding them refresh the figures.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { routeCompletions, routeRatings, routes } from '@schema/db/tables';
import { recordChange } from '../../sync/changelog';
import { chunked, type Store } from '../../sync/registry';

export async function prepareRoutesCascade(tx: Store, memberId: number): Promise<() => Promise<void>> {
  const everPublic = await tx
    .select({ id: routes.id, uid: routes.uid })
    .from(routes)
    .where(and(eq(routes.userId, memberId), eq(routes.everPublic, true)));
  const walked = await tx
    .selectDistinct({ id: routeCompletions.routeId })
    .from(routeCompletions)
    .where(eq(routeCompletions.userId, memberId));
  const rated = await tx
    .selectDistinct({ id: routeRatings.routeId })
    .from(routeRatings)
    .where(eq(routeRatings.userId, memberId));
  const touched = [...new Set([...walked, ...rated].map((r) => r.id))];

  return async () => {
    for (const route of everPublic)
      await recordChange(tx, 'routes', route.id, route.uid, 'delete', { ownerId: memberId });
    // The member's own routes went with the cascade: only others' are left to recount.
    for (const part of chunked(touched)) {
      const recounted = await tx
        .update(routes)
        .set({
          completedCount: sql`(select count(*) from ${routeCompletions} where ${routeCompletions.routeId} = ${routes.id})`,
          rating: sql`(select avg(${routeRatings.rating}) from ${routeRatings} where ${routeRatings.routeId} = ${routes.id})`,
          ratingCount: sql`(select count(*) from ${routeRatings} where ${routeRatings.routeId} = ${routes.id})`,
        })
        .where(inArray(routes.id, part))
        .returning({ id: routes.id, uid: routes.uid, userId: routes.userId });
      for (const route of recounted)
        await recordChange(tx, 'routes', route.id, route.uid, 'upsert', { ownerId: route.userId });
    }
  };
}
