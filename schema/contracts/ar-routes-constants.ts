/**
 * AR routes' plain values — limits, difficulty levels, the guidance numbers and the exact messages — kept
 * apart from the Zod schemas in ./ar-routes so the page and the sync engine do not bring Zod into the first
 * load (docs/architecture.md). ./ar-routes re-exports everything here. Rules and texts: docs/product/ar-routes.md.
 */

/** Difficulty levels of the product's data model, in order. */
export const ROUTE_DIFFICULTIES = ['easy', 'moderate', 'challenging'] as const;
export type RouteDifficulty = (typeof ROUTE_DIFFICULTIES)[number];

export const isRouteDifficulty = (value: unknown): value is RouteDifficulty =>
  typeof value === 'string' && (ROUTE_DIFFICULTIES as readonly string[]).includes(value);

export const ROUTE_NAME_MIN = 3;
export const ROUTE_NAME_MAX = 100;
export const ROUTE_DESCRIPTION_MAX = 2000;
export const ROUTE_TERRAIN_MAX = 100;
/** Waypoints between start and end: enough for an afternoon's walk, small enough for every device. */
export const ROUTE_WAYPOINTS_MAX = 50;
export const ROUTE_PERIODS_MAX = 10;
export const ROUTE_PERIOD_MAX_CHARS = 50;
/** Minutes: a day's walk at most. */
export const ROUTE_DURATION_MAX = 1440;
export const ROUTE_RATING_MIN = 1;
export const ROUTE_RATING_MAX = 5;

/** `GET /api/routes` page size (docs/api.md "Paging"). */
export const ROUTES_PAGE_SIZE = 50;
/** `?near=` radius (km): the recommendations' search, and the preference "maximum distance". */
export const ROUTES_RADIUS_MIN_KM = 1;
export const ROUTES_RADIUS_MAX_KM = 200;
export const ROUTES_RADIUS_DEFAULT_KM = 50;

/** Guidance: a waypoint is reached within this many metres (docs/product/ar-routes.md). */
export const WAYPOINT_REACHED_M = 20;
/** Overlay opacity is max(OPACITY_FLOOR, 1 − distance / OPACITY_FADE_M). */
export const OPACITY_FLOOR = 0.3;
export const OPACITY_FADE_M = 1000;
/** The camera asks for the rear camera at this ideal size. */
export const CAMERA_IDEAL = { width: 1280, height: 720 } as const;

/** Historical periods offered as interests and route periods (free text is accepted too). */
export const HISTORICAL_PERIODS = [
  'Bronze Age',
  'Iron Age',
  'Roman',
  'Anglo-Saxon',
  'Medieval',
  'Tudor',
  'Victorian',
] as const;

export const routeMessages = {
  // The product's own texts (spec §8).
  cameraRequired: 'Camera access required',
  locationNeeded: 'Location needed',
  // Ours.
  nameTooShort: 'Name must be at least 3 characters',
  nameTooLong: 'Name cannot exceed 100 characters',
  descriptionTooLong: 'Description cannot exceed 2000 characters',
  terrainTooLong: 'Terrain cannot exceed 100 characters',
  pointsRequired: 'Start and end points are required',
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  tooManyWaypoints: 'A route can have at most 50 waypoints',
  durationInvalid: 'Estimated duration must be between 1 and 1440 minutes',
  difficultyRequired: 'Please select a difficulty',
  periodsInvalid: 'Choose at most 10 historical periods of up to 50 characters',
  flagInvalid: 'Must be true or false',
  ratingInvalid: 'Rating must be a whole number from 1 to 5',
  maxDistanceInvalid: 'Maximum distance must be between 1 and 200 km',
  notFound: 'Route not found',
  notOwner: 'Only the creator can edit this route',
  notOwnerDelete: 'Only the creator can delete this route',
  loginToCreate: 'Sign in to create routes.',
  loginToEdit: 'Sign in to edit routes.',
  loginToDelete: 'Sign in to delete routes.',
  loginToComplete: 'Sign in to record a completed route.',
  loginToRate: 'Sign in to rate routes.',
  loginForPreferences: 'Sign in to keep your route preferences.',
  rateAfterCompleting: 'Complete the route before rating it',
  completionNotFound: 'Completion not found',
  uidTaken: 'This route id belongs to another record',
  completionUidTaken: 'This completion id belongs to another record',
  invalidNear: 'near must be "lat,lng"',
  invalidRadius: 'radiusKm must be between 1 and 200',
  created: 'Route saved',
  completed: 'Route completed!',
  rated: 'Thanks for rating this route',
} as const;
