/**
 * AR routes' contracts (docs/product/ar-routes.md "Rules and messages", "API calls"): the route form's rules
 * with their messages, the wire shapes REST and pull both answer with, the sync payloads of the `routes` and
 * `route_completions` entities, the rating and the member's route preferences. The web form, the Dexie
 * outbox and the server validate with these same schemas. A `userId` in a body is never read.
 */
import { z } from 'zod';
import { UID } from './ids';
import { text, withoutControls } from './text';
import { coordinateFields, toNumber } from './coordinates';
import {
  ROUTE_DESCRIPTION_MAX,
  ROUTE_DIFFICULTIES,
  ROUTE_DURATION_MAX,
  ROUTE_NAME_MAX,
  ROUTE_NAME_MIN,
  ROUTE_PERIOD_MAX_CHARS,
  ROUTE_PERIODS_MAX,
  ROUTE_RATING_MAX,
  ROUTE_RATING_MIN,
  ROUTE_TERRAIN_MAX,
  ROUTE_WAYPOINTS_MAX,
  ROUTES_RADIUS_MAX_KM,
  ROUTES_RADIUS_MIN_KM,
  routeMessages as m,
  type RouteDifficulty,
} from './ar-routes-constants';

export * from './ar-routes-constants';
export * from './ar-routes-geo';

const name = text({ error: m.nameTooShort })
  .trim()
  .min(ROUTE_NAME_MIN, m.nameTooShort)
  .max(ROUTE_NAME_MAX, m.nameTooLong);

const blankToNull = (v: unknown) =>
  v === null || (typeof v === 'string' && withoutControls(v).trim() === '') ? null : v;
const optionalText = (max: number, message: string) =>
  z.preprocess(blankToNull, text({ error: message }).trim().max(max, message).nullable().optional());

const { latitude, longitude } = coordinateFields({
  required: m.pointsRequired,
  latitudeRange: m.latitudeRange,
  longitudeRange: m.longitudeRange,
});

export const waypointSchema = z.object({
  lat: latitude,
  lng: longitude,
  name: optionalText(ROUTE_NAME_MAX, m.nameTooLong),
});
export type RouteWaypoint = z.output<typeof waypointSchema>;

const waypoints = z
  .array(waypointSchema, { error: m.tooManyWaypoints })
  .max(ROUTE_WAYPOINTS_MAX, m.tooManyWaypoints);
const duration = z.preprocess(
  (v) => (v === '' ? null : toNumber(v)),
  z
    .number({ error: m.durationInvalid })
    .int(m.durationInvalid)
    .min(1, m.durationInvalid)
    .max(ROUTE_DURATION_MAX, m.durationInvalid)
    .nullable(),
);
const difficulty = z.enum(ROUTE_DIFFICULTIES, { error: m.difficultyRequired });
const periods = z
  .array(
    text({ error: m.periodsInvalid })
      .trim()
      .min(1, m.periodsInvalid)
      .max(ROUTE_PERIOD_MAX_CHARS, m.periodsInvalid),
    {
      error: m.periodsInvalid,
    },
  )
  .max(ROUTE_PERIODS_MAX, m.periodsInvalid);
const flag = z.boolean({ error: m.flagInvalid });

/** Create a route (POST /api/routes and the sync create). Private unless `isPublic` is true. */
export const routeCreateSchema = z.object({
  name,
  description: optionalText(ROUTE_DESCRIPTION_MAX, m.descriptionTooLong).transform((v) => v ?? null),
  startLat: latitude,
  startLng: longitude,
  endLat: latitude,
  endLng: longitude,
  waypoints: waypoints.default([]),
  estimatedDuration: duration.optional().transform((v) => v ?? null),
  difficulty,
  terrainType: optionalText(ROUTE_TERRAIN_MAX, m.terrainTooLong).transform((v) => v ?? null),
  historicalPeriods: periods.default([]),
  isPublic: flag.default(false),
});
export type RouteCreateInput = z.output<typeof routeCreateSchema>;

/** Edit (PUT /api/routes/{id} and the sync update): a field left out keeps its value. */
export const routeUpdateSchema = z
  .object({
    name: name.optional(),
    description: optionalText(ROUTE_DESCRIPTION_MAX, m.descriptionTooLong),
    startLat: latitude.optional(),
    startLng: longitude.optional(),
    endLat: latitude.optional(),
    endLng: longitude.optional(),
    waypoints: waypoints.optional(),
    estimatedDuration: duration.optional(),
    difficulty: difficulty.optional(),
    terrainType: optionalText(ROUTE_TERRAIN_MAX, m.terrainTooLong),
    historicalPeriods: periods.optional(),
    isPublic: flag.optional(),
  })
  .refine(
    (v) =>
      (v.startLat === undefined) === (v.startLng === undefined) &&
      (v.endLat === undefined) === (v.endLng === undefined),
    { message: m.pointsRequired },
  );
export type RouteUpdateInput = z.output<typeof routeUpdateSchema>;

export const routeSyncCreatePayloadSchema = routeCreateSchema;
export const routeSyncUpdatePayloadSchema = routeUpdateSchema;

export const ratingSchema = z.object({
  rating: z
    .number({ error: m.ratingInvalid })
    .int(m.ratingInvalid)
    .min(ROUTE_RATING_MIN, m.ratingInvalid)
    .max(ROUTE_RATING_MAX, m.ratingInvalid),
});

/** A completion made on the device (sync create of `route_completions`): which route, and maybe a rating. */
export const completionSyncCreatePayloadSchema = z.object({
  routeUid: z.string({ error: m.notFound }).regex(UID, m.notFound),
  completedAt: z.string().datetime().optional(),
  rating: ratingSchema.shape.rating.optional(),
});
/** Rating a completed route later (sync update of the completion): one rating per member and route. */
export const completionSyncUpdatePayloadSchema = ratingSchema;

/** The member's route preferences (GET/PUT /api/preferences). Every field optional, null clears it. */
export const preferencesSchema = z.object({
  preferredTerrain: optionalText(ROUTE_TERRAIN_MAX, m.terrainTooLong),
  preferredDifficulty: difficulty.nullable().optional(),
  maxDistance: z
    .number({ error: m.maxDistanceInvalid })
    .int(m.maxDistanceInvalid)
    .min(ROUTES_RADIUS_MIN_KM, m.maxDistanceInvalid)
    .max(ROUTES_RADIUS_MAX_KM, m.maxDistanceInvalid)
    .nullable()
    .optional(),
  historicalInterests: periods.optional(),
});
export type PreferencesInput = z.output<typeof preferencesSchema>;

/** A route as REST and pull answer it (a private route only ever reaches its owner). */
export interface Route {
  id: number;
  uid: string;
  userId: number;
  username: string;
  name: string;
  description: string | null;
  startLat: number;
  startLng: number;
  endLat: number;
  endLng: number;
  waypoints: RouteWaypoint[];
  estimatedDuration: number | null;
  difficulty: RouteDifficulty;
  terrainType: string | null;
  historicalPeriods: string[];
  isPublic: boolean;
  /** Average of members' ratings (1–5), null before the first. */
  rating: number | null;
  ratingCount: number;
  completedCount: number;
  created_at: string;
  updated_at: string;
  /** With `?near=`: km from the caller's point to the start. */
  distanceKm?: number;
}

/** One completion of a route by the member (theirs alone), with their current rating of the route. */
export interface RouteCompletion {
  id: number;
  uid: string;
  userId: number;
  routeId: number;
  routeUid: string;
  completedAt: string;
  rating: number | null;
}

export interface RoutePreferences {
  preferredTerrain: string | null;
  preferredDifficulty: RouteDifficulty | null;
  maxDistance: number | null;
  historicalInterests: string[];
}
