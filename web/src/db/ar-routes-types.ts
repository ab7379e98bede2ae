/**
 * Row types of the AR routes tables (database.ts version 12). Routes and completions are keyed by `uid`
 * like every record a member can write offline (docs/sync.md "Record identity"); the server's numeric `id`
 * is null until the create is acknowledged. Preferences are a per-member copy of GET /api/preferences, kept
 * so the recommendations filter the same way offline (not synced: REST is their only path).
 */
import type { Route, RouteCompletion, RoutePreferences } from '@schema/contracts/ar-routes';
import type { ModeratorMark } from './entity-fields';

/** A route as stored: the wire shape, its id null until the server has it. */
export type LocalRoute = Omit<Route, 'id' | 'distanceKm'> & { id: number | null } & ModeratorMark;

/** One of the member's walks of a route; `routeId` null until the route and the walk are on the server. */
export type LocalRouteCompletion = Omit<RouteCompletion, 'id' | 'routeId'> & {
  id: number | null;
  routeId: number | null;
  /** Every synced row has one (lists order by it): the walk's completion time. */
  created_at: string;
};

/** The member's preferences as last read or written, keyed by their user id. */
export type LocalRoutePreferences = RoutePreferences & { userId: number; savedAt: string };
