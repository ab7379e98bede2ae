/**
 * A permission's edges and terms (docs/permissions.md): the boundary and excluded areas, the days and the
 * notice the landowner asks for, crops or livestock, and the finds agreement. Plain values, types and the
 * exact messages, kept apart from the Zod schemas in ./permission-edges so the map page and the letter do
 * not bring Zod into their first load (docs/architecture.md). Like the rest of the permission record these
 * are the spot owner's alone (docs/privacy.md).
 */

export * from './permission-days';

/** `[longitude, latitude]` in WGS84, as GeoJSON orders them. */
export type Position = [number, number];
/** A GeoJSON Polygon: the outer ring first, then any holes; each ring closed (last point = first). */
export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: Position[][];
}
/** A GeoJSON MultiPolygon: one polygon per excluded area. */
export interface MultiPolygonGeometry {
  type: 'MultiPolygon';
  coordinates: Position[][][];
}

/** The most points a boundary may have, and the excluded areas together: a field drawn by hand needs tens. */
export const PERMISSION_BOUNDARY_MAX_POINTS = 2000;
export const PERMISSION_EXCLUSIONS_MAX_POINTS = 2000;
/** A closed ring: a triangle is three corners and the first again. */
export const RING_MIN_POINTS = 4;

export const PERMISSION_NOTICE_MAX = 200;
export const PERMISSION_CROPS_NOTES_MAX = 1000;
export const AGREEMENT_TEXT_MAX = 1000;

/**
 * The usual split of a Treasure reward when finder and landowner agree nothing else (the Treasure Act
 * Code of Practice): offered on the form as a suggestion, never filled in for the member.
 */
export const TREASURE_SPLIT_SUGGESTION =
  'Any Treasure reward is shared 50/50 between the finder and the landowner.';

/** A permission with no edges or terms: what a spot holds until its owner gives them. */
export const NO_PERMISSION_EDGES = {
  permissionBoundary: null,
  permissionExclusions: null,
  permissionDays: null,
  permissionNotice: null,
  permissionCropsNotes: null,
  agreementFindsSplit: null,
  agreementTreasureSplit: null,
  agreementLandownerSees: null,
} as const;

/** The reminders before a permission expires, in days. */
export const PERMISSION_EXPIRY_REMINDER_DAYS = [30, 7, 1] as const;

export const permissionEdgeMessages = {
  boundaryInvalid: 'The boundary must be a GeoJSON Polygon',
  exclusionsInvalid: 'Excluded areas must be a GeoJSON MultiPolygon',
  ringNotClosed: `Each outline must be closed: at least ${RING_MIN_POINTS} points, the last the same as the first`,
  pointInvalid:
    'Each point must be [longitude, latitude], longitude between -180 and 180 and latitude between -90 and 90',
  boundaryTooManyPoints: `The boundary cannot exceed ${PERMISSION_BOUNDARY_MAX_POINTS} points`,
  exclusionsTooManyPoints: `Excluded areas cannot exceed ${PERMISSION_EXCLUSIONS_MAX_POINTS} points in all`,
  exclusionsNeedBoundary: 'Excluded areas need a boundary around them',
  exclusionOutsideBoundary: 'Excluded areas must lie within the boundary',
  daysInvalid: 'Please choose days from Monday to Sunday, each once',
  noticeTooLong: `Notice cannot exceed ${PERMISSION_NOTICE_MAX} characters`,
  cropsNotesTooLong: `Crops and livestock notes cannot exceed ${PERMISSION_CROPS_NOTES_MAX} characters`,
  findsSplitTooLong: `How finds are shared cannot exceed ${AGREEMENT_TEXT_MAX} characters`,
  treasureSplitTooLong: `How a Treasure reward is shared cannot exceed ${AGREEMENT_TEXT_MAX} characters`,
  landownerSeesTooLong: `What the landowner is shown cannot exceed ${AGREEMENT_TEXT_MAX} characters`,
  // The letter (docs/permissions.md "The letter").
  letterNotYours: 'Only the member who saved this spot can print its permission letter.',
  letterSignIn: 'Sign in to print a permission letter.',
  treasureActNote:
    'Any find that may be Treasure under the Treasure Act 1996 will be reported to the coroner, through the Finds Liaison Officer, within 14 days of finding it or of realising it may be Treasure. Any reward is shared as agreed above.',
} as const;

/**
 * Every point of every excluded area lies within the boundary's bounding box (of its outer ring). A cheap,
 * exact test that catches an area drawn in the wrong field; it does not prove the area lies inside a
 * concave boundary, which an area snapped to the boundary's own edge would fail anyway.
 */
export function exclusionsWithinBoundary(
  boundary: PolygonGeometry,
  exclusions: MultiPolygonGeometry,
): boolean {
  const outer = boundary.coordinates[0] ?? [];
  const lngs = outer.map((p) => p[0]);
  const lats = outer.map((p) => p[1]);
  const [west, east, south, north] = [
    Math.min(...lngs),
    Math.max(...lngs),
    Math.min(...lats),
    Math.max(...lats),
  ];
  return exclusions.coordinates.every((polygon) =>
    polygon.every((ring) =>
      ring.every(([lng, lat]) => lng >= west && lng <= east && lat >= south && lat <= north),
    ),
  );
}
