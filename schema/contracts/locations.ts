/**
 * Detecting spots' contracts (docs/product/map.md "Rules and messages", "API calls"; docs/privacy.md): the
 * spot form's rules with the product's messages, the wire shape REST and pull both answer with, and the
 * sync payloads of the `locations` entity. The web form, the Dexie outbox and the server validate with
 * these same schemas.
 *
 * Coordinates arrive as numbers or as text (the product's clients sent strings) and are checked to range.
 * A spot is private unless `isShared` is true; `isPrivate` (the product's import sends it) is read as its
 * inverse when `isShared` is absent. A `userId` in a body is never read: the session decides.
 */
import { z } from 'zod';
import { text, withoutControls } from './text';
import { coordinateFields } from './coordinates';
import {
  exclusionsProblem,
  PERMISSION_EDGE_FIELDS,
  PERMISSION_EDGE_TEXT_FIELDS,
  permissionEdgesShape,
  type MultiPolygonGeometry,
  type PolygonGeometry,
  type Weekday,
} from './permission-edges';
import {
  LANDOWNER_CONTACT_MAX,
  LANDOWNER_NAME_MAX,
  LOCATION_ACCESS_MAX,
  LOCATION_BEST_TIME_MAX,
  LOCATION_DESCRIPTION_MAX,
  LOCATION_NAME_MAX,
  LOCATION_NAME_MIN,
  LOCATION_TERRAIN_MAX,
  LOCATION_TYPES,
  PERMISSION_NOTES_MAX,
  locationMessages as m,
} from './locations-constants';

export * from './locations-constants';
export * from './permission-edges';

const name = text({ error: m.nameTooShort })
  .trim()
  .min(LOCATION_NAME_MIN, m.nameTooShort)
  .max(LOCATION_NAME_MAX, m.nameTooLong);

const type = z.enum(LOCATION_TYPES, { error: m.typeRequired });

const { latitude, longitude } = coordinateFields({
  required: m.coordinatesRequired,
  latitudeRange: m.latitudeRange,
  longitudeRange: m.longitudeRange,
});

/** '' and null clear an optional text (stored as null); absent keeps it (edit) or leaves it null (create). */
const blankToNull = (v: unknown) =>
  v === null || (typeof v === 'string' && withoutControls(v).trim() === '') ? null : v;
const optionalText = (max: number, message: string) =>
  z.preprocess(blankToNull, text({ error: message }).trim().max(max, message).nullable().optional());

/** A real calendar date, `YYYY-MM-DD` (30 February is refused, not rolled over). */
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
  return date.getUTCFullYear() === year && date.getUTCMonth() + 1 === month && date.getUTCDate() === day;
}
const optionalDate = z.preprocess(
  blankToNull,
  z.string({ error: m.dateInvalid }).trim().refine(isCalendarDate, m.dateInvalid).nullable().optional(),
);
const flag = z.boolean({ error: m.flagInvalid });

/**
 * The permission record's fields (owner-only; docs/privacy.md), its edges and terms included
 * (./permission-edges, docs/permissions.md). All optional; all empty means none.
 */
const permissionShape = {
  landownerName: optionalText(LANDOWNER_NAME_MAX, m.landownerNameTooLong),
  landownerContact: optionalText(LANDOWNER_CONTACT_MAX, m.landownerContactTooLong),
  permissionGranted: optionalDate,
  permissionExpires: optionalDate,
  permissionNotes: optionalText(PERMISSION_NOTES_MAX, m.permissionNotesTooLong),
  ...permissionEdgesShape,
};
/** The permission record's fields that are text (dates as YYYY-MM-DD): the spot form's inputs. */
export const PERMISSION_TEXT_FIELDS = [
  'landownerName',
  'landownerContact',
  'permissionGranted',
  'permissionExpires',
  'permissionNotes',
  ...PERMISSION_EDGE_TEXT_FIELDS,
] as const;
/** Every field of the permission record: only the spot's owner ever gets them, on every path. */
export const PERMISSION_FIELDS = [
  'landownerName',
  'landownerContact',
  'permissionGranted',
  'permissionExpires',
  'permissionNotes',
  ...PERMISSION_EDGE_FIELDS,
] as const;
export type PermissionField = (typeof PERMISSION_FIELDS)[number];
export type PermissionTextField = (typeof PERMISSION_TEXT_FIELDS)[number];
/** A permission record's values; null is none. */
export type PermissionRecord = Record<PermissionTextField, string | null> & {
  permissionBoundary: PolygonGeometry | null;
  permissionExclusions: MultiPolygonGeometry | null;
  permissionDays: Weekday[] | null;
};

const detailShape = {
  description: optionalText(LOCATION_DESCRIPTION_MAX, m.descriptionTooLong),
  terrainType: optionalText(LOCATION_TERRAIN_MAX, m.terrainTooLong),
  accessInfo: optionalText(LOCATION_ACCESS_MAX, m.accessTooLong),
  bestTimeToVisit: optionalText(LOCATION_BEST_TIME_MAX, m.bestTimeTooLong),
  ...permissionShape,
};

function expiryAfterGrant(
  value: { permissionGranted?: string | null; permissionExpires?: string | null },
  ctx: z.RefinementCtx,
) {
  const { permissionGranted: granted, permissionExpires: expires } = value;
  if (granted && expires && expires < granted)
    ctx.addIssue({ code: 'custom', message: m.expiryBeforeGranted, path: ['permissionExpires'] });
}

/**
 * Excluded areas need a boundary and lie within it. A create judges what it sends; an edit that sends
 * only one of the two is judged by the server against the stored other (the record it will hold).
 */
function exclusionsInBoundary(
  value: {
    permissionBoundary?: PolygonGeometry | null | undefined;
    permissionExclusions?: MultiPolygonGeometry | null | undefined;
  },
  ctx: z.RefinementCtx,
  whole: boolean,
) {
  if (!whole && (value.permissionBoundary === undefined || value.permissionExclusions === undefined)) return;
  const problem = exclusionsProblem(value.permissionBoundary, value.permissionExclusions);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['permissionExclusions'] });
}

/** `isShared` decides; without it, `isPrivate` (the product's import) is its inverse. */
const sharedFrom = (value: { isShared?: boolean | undefined; isPrivate?: boolean | undefined }) =>
  value.isShared ?? (value.isPrivate === undefined ? undefined : !value.isPrivate);

const nulled = <T>(value: T | null | undefined): T | null => value ?? null;

/** Add New Spot (POST /api/locations and the sync create). */
export const locationCreateSchema = z
  .object({
    name,
    latitude,
    longitude,
    type,
    ...detailShape,
    hasPermission: flag.optional(),
    isGroupDig: flag.optional(),
    isShared: flag.optional(),
    isPrivate: flag.optional(),
  })
  .superRefine((value, ctx) => {
    expiryAfterGrant(value, ctx);
    exclusionsInBoundary(value, ctx, true);
  })
  .transform((v) => ({
    name: v.name,
    latitude: v.latitude,
    longitude: v.longitude,
    type: v.type,
    description: nulled(v.description),
    terrainType: nulled(v.terrainType),
    accessInfo: nulled(v.accessInfo),
    bestTimeToVisit: nulled(v.bestTimeToVisit),
    hasPermission: v.hasPermission ?? false,
    isGroupDig: v.isGroupDig ?? false,
    isShared: sharedFrom(v) ?? false,
    landownerName: nulled(v.landownerName),
    landownerContact: nulled(v.landownerContact),
    permissionGranted: nulled(v.permissionGranted),
    permissionExpires: nulled(v.permissionExpires),
    permissionNotes: nulled(v.permissionNotes),
    permissionBoundary: nulled(v.permissionBoundary),
    permissionExclusions: nulled(v.permissionExclusions),
    permissionDays: nulled(v.permissionDays),
    permissionNotice: nulled(v.permissionNotice),
    permissionCropsNotes: nulled(v.permissionCropsNotes),
    agreementFindsSplit: nulled(v.agreementFindsSplit),
    agreementTreasureSplit: nulled(v.agreementTreasureSplit),
    agreementLandownerSees: nulled(v.agreementLandownerSees),
  }));
export type LocationCreateInput = z.output<typeof locationCreateSchema>;

/**
 * Edit (PUT /api/locations/{id} and the sync update): the same rules, every field optional. A field left out
 * keeps its value (two devices editing different fields both keep their edit, S17); '' or null clears an
 * optional text. Coordinates change together or not at all.
 */
export const locationUpdateSchema = z
  .object({
    name: name.optional(),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    type: type.optional(),
    ...detailShape,
    hasPermission: flag.optional(),
    isGroupDig: flag.optional(),
    isShared: flag.optional(),
    isPrivate: flag.optional(),
  })
  .superRefine((value, ctx) => {
    expiryAfterGrant(value, ctx);
    exclusionsInBoundary(value, ctx, false);
    if ((value.latitude === undefined) !== (value.longitude === undefined))
      ctx.addIssue({
        code: 'custom',
        message: m.coordinatesRequired,
        path: [value.latitude === undefined ? 'latitude' : 'longitude'],
      });
  })
  .transform(({ isPrivate, ...rest }) => ({
    ...rest,
    isShared: sharedFrom({ isShared: rest.isShared, isPrivate }),
  }));
export type LocationUpdateInput = z.output<typeof locationUpdateSchema>;

/** Sync payloads (entity 'locations'): the REST bodies; the mutation's uid names the spot. */
export const locationSyncCreatePayloadSchema = locationCreateSchema;
export const locationSyncUpdatePayloadSchema = locationUpdateSchema;

/**
 * A spot on the wire (REST and pull alike), shaped for the caller (docs/privacy.md):
 * - its owner gets everything, the permission record included;
 * - another signed-in member gets a shared spot without the permission record;
 * - an anonymous visitor gets a shared spot rounded to 2 decimals (`approximate: true`), without
 *   `accessInfo` and without the permission record.
 * Hidden fields are absent, never null. A private spot is never sent to anyone but its owner.
 */
export interface Location {
  id: number;
  uid: string;
  userId: number;
  username: string;
  name: string;
  description: string | null;
  latitude: number;
  longitude: number;
  type: string;
  terrainType: string | null;
  bestTimeToVisit: string | null;
  hasPermission: boolean;
  isGroupDig: boolean;
  isShared: boolean;
  /** The product's column: the inverse of `isShared`. */
  isPrivate: boolean;
  created_at: string;
  updated_at: string;
  accessInfo?: string | null;
  /** Anonymous visitors only: the position is rounded to about 1 km. */
  approximate?: true;
  /** `?near=` lists only: the great-circle distance from the point asked about, in km. */
  distanceKm?: number;
  landownerName?: string | null;
  landownerContact?: string | null;
  permissionGranted?: string | null;
  permissionExpires?: string | null;
  permissionNotes?: string | null;
  permissionBoundary?: PolygonGeometry | null;
  permissionExclusions?: MultiPolygonGeometry | null;
  /** The days detecting is allowed; null is any day. */
  permissionDays?: Weekday[] | null;
  permissionNotice?: string | null;
  permissionCropsNotes?: string | null;
  agreementFindsSplit?: string | null;
  agreementTreasureSplit?: string | null;
  agreementLandownerSees?: string | null;
}
