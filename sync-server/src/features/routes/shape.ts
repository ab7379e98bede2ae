/**
 * Row → wire for routes: the one place it happens, for REST answers and pull changes alike
 * (docs/privacy.md "Visibility per entity"): a private route exists only for its owner (`canSee`; every
 * list starts from `visibleTo`), a public one reaches everyone, signed in or not; its creator's name is
 * masked for others when it looks like an e-mail address (nameFor).
 */
import { eq, or, type SQL } from 'drizzle-orm';
import { isRouteDifficulty, type Route, type RouteWaypoint } from '@schema/contracts/ar-routes';
import { routes } from '@schema/db/tables';
import type { Viewer } from '../../sync/registry';
import { isOwner, nameFor } from '../../sync/visibility';

export type RouteRow = typeof routes.$inferSelect;

/** The owner, or anyone when the route is public. */
export function canSee(row: Pick<RouteRow, 'userId' | 'isPublic'>, viewer: Viewer): boolean {
  return row.isPublic || isOwner(viewer, row.userId);
}

/** `canSee` as SQL. */
export function visibleTo(viewer: Viewer): SQL {
  const open = eq(routes.isPublic, true);
  return viewer === null ? open : (or(open, eq(routes.userId, viewer.id)) as SQL);
}

const isWaypoint = (v: unknown): v is RouteWaypoint =>
  typeof v === 'object' &&
  v !== null &&
  'lat' in v &&
  'lng' in v &&
  typeof v.lat === 'number' &&
  typeof v.lng === 'number';

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];

/** Call only for a row the viewer may see: it shapes, it does not decide existence. */
export function toRoute(row: RouteRow, username: string, viewer: Viewer): Route {
  return {
    id: row.id,
    uid: row.uid,
    userId: row.userId,
    username: nameFor(viewer, row.userId, username),
    name: row.name,
    description: row.description,
    startLat: row.startLat ?? 0,
    startLng: row.startLng ?? 0,
    endLat: row.endLat ?? 0,
    endLng: row.endLng ?? 0,
    waypoints: Array.isArray(row.waypoints)
      ? row.waypoints.filter(isWaypoint).map((w) => ({ lat: w.lat, lng: w.lng, name: w.name ?? null }))
      : [],
    estimatedDuration: row.estimatedDuration,
    difficulty: isRouteDifficulty(row.difficulty) ? row.difficulty : 'moderate',
    terrainType: row.terrainType,
    historicalPeriods: strings(row.historicalPeriods),
    isPublic: row.isPublic,
    rating: row.rating === null ? null : Math.round(row.rating * 10) / 10,
    ratingCount: row.ratingCount,
    completedCount: row.completedCount,
    created_at: row.createdAt,
    updated_at: row.createdAt,
  };
}
