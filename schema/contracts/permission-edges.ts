/**
 * The permission record's edges and terms as schemas (docs/permissions.md): the fields ./locations adds to
 * a spot's create and edit, with the rules and messages of ./permission-edges-constants. Geometry is GeoJSON
 * in WGS84 (`[longitude, latitude]`); a third number in a position (an altitude) is dropped. Blank or null
 * clears a field; absent keeps it (edit).
 */
import { z } from 'zod';
import { text, withoutControls } from './text';
import {
  AGREEMENT_TEXT_MAX,
  exclusionsWithinBoundary,
  inWeekOrder,
  isWeekday,
  PERMISSION_BOUNDARY_MAX_POINTS,
  PERMISSION_CROPS_NOTES_MAX,
  PERMISSION_EXCLUSIONS_MAX_POINTS,
  PERMISSION_NOTICE_MAX,
  RING_MIN_POINTS,
  permissionEdgeMessages as m,
  type MultiPolygonGeometry,
  type PolygonGeometry,
  type Position,
  type Weekday,
} from './permission-edges-constants';

export * from './permission-edges-constants';

const blankToNull = (v: unknown) =>
  v === null || (typeof v === 'string' && withoutControls(v).trim() === '') ? null : v;
const optionalText = (max: number, message: string) =>
  z.preprocess(blankToNull, text({ error: message }).trim().max(max, message).nullable().optional());

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A position in range, as `[lng, lat]`; null when it is not one. */
function position(value: unknown): Position | null {
  if (!Array.isArray(value) || value.length < 2 || value.length > 3) return null;
  const [lng, lat] = value;
  if (typeof lng !== 'number' || typeof lat !== 'number') return null;
  if (!Number.isFinite(lng) || !Number.isFinite(lat)) return null;
  if (lng < -180 || lng > 180 || lat < -90 || lat > 90) return null;
  return [lng, lat];
}

type Rings = { ok: true; rings: Position[][] } | { ok: false; message: string };

/** A polygon's rings: each an array of positions in range, closed, with at least 4 points. */
function rings(value: unknown, invalid: string): Rings {
  if (!Array.isArray(value) || value.length === 0) return { ok: false, message: invalid };
  const out: Position[][] = [];
  for (const ring of value) {
    if (!Array.isArray(ring)) return { ok: false, message: invalid };
    const points: Position[] = [];
    for (const raw of ring) {
      const point = position(raw);
      if (!point) return { ok: false, message: m.pointInvalid };
      points.push(point);
    }
    const [first, last] = [points[0], points.at(-1)];
    if (points.length < RING_MIN_POINTS || !first || !last || first[0] !== last[0] || first[1] !== last[1])
      return { ok: false, message: m.ringNotClosed };
    out.push(points);
  }
  return { ok: true, rings: out };
}

const pointCount = (polygons: Position[][][]) =>
  polygons.reduce((sum, polygon) => sum + polygon.reduce((s, ring) => s + ring.length, 0), 0);

/** `permissionBoundary`: a GeoJSON Polygon, or null to clear it. */
export const boundarySchema = z.preprocess(
  blankToNull,
  z
    .unknown()
    .transform((value, ctx): PolygonGeometry | null | undefined => {
      if (value === null || value === undefined) return value;
      if (!isRecord(value) || value.type !== 'Polygon') {
        ctx.addIssue({ code: 'custom', message: m.boundaryInvalid });
        return z.NEVER;
      }
      const read = rings(value.coordinates, m.boundaryInvalid);
      if (!read.ok) {
        ctx.addIssue({ code: 'custom', message: read.message });
        return z.NEVER;
      }
      if (pointCount([read.rings]) > PERMISSION_BOUNDARY_MAX_POINTS) {
        ctx.addIssue({ code: 'custom', message: m.boundaryTooManyPoints });
        return z.NEVER;
      }
      return { type: 'Polygon', coordinates: read.rings };
    }),
);

/** `permissionExclusions`: a GeoJSON MultiPolygon (no polygons is none), or null to clear it. */
export const exclusionsSchema = z.preprocess(
  blankToNull,
  z
    .unknown()
    .transform((value, ctx): MultiPolygonGeometry | null | undefined => {
      if (value === null || value === undefined) return value;
      if (!isRecord(value) || value.type !== 'MultiPolygon' || !Array.isArray(value.coordinates)) {
        ctx.addIssue({ code: 'custom', message: m.exclusionsInvalid });
        return z.NEVER;
      }
      if (value.coordinates.length === 0) return null;
      const polygons: Position[][][] = [];
      for (const polygon of value.coordinates) {
        const read = rings(polygon, m.exclusionsInvalid);
        if (!read.ok) {
          ctx.addIssue({ code: 'custom', message: read.message });
          return z.NEVER;
        }
        polygons.push(read.rings);
      }
      if (pointCount(polygons) > PERMISSION_EXCLUSIONS_MAX_POINTS) {
        ctx.addIssue({ code: 'custom', message: m.exclusionsTooManyPoints });
        return z.NEVER;
      }
      return { type: 'MultiPolygon', coordinates: polygons };
    }),
);

/** `permissionDays`: weekday codes, each once, kept in the week's order; none (or null) is any day. */
export const daysSchema = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .unknown()
    .transform((value, ctx): Weekday[] | null | undefined => {
      if (value === null || value === undefined) return value;
      const days = Array.isArray(value) ? value.filter(isWeekday) : [];
      if (!Array.isArray(value) || days.length !== value.length || new Set(days).size !== days.length) {
        ctx.addIssue({ code: 'custom', message: m.daysInvalid });
        return z.NEVER;
      }
      return days.length === 0 ? null : inWeekOrder(days);
    }),
);

/** The edges and terms as a create or an edit sends them. */
export const permissionEdgesShape = {
  // Optional keys in the output too: an edit that names none of them leaves them as they are.
  permissionBoundary: boundarySchema.optional(),
  permissionExclusions: exclusionsSchema.optional(),
  permissionDays: daysSchema.optional(),
  permissionNotice: optionalText(PERMISSION_NOTICE_MAX, m.noticeTooLong),
  permissionCropsNotes: optionalText(PERMISSION_CROPS_NOTES_MAX, m.cropsNotesTooLong),
  agreementFindsSplit: optionalText(AGREEMENT_TEXT_MAX, m.findsSplitTooLong),
  agreementTreasureSplit: optionalText(AGREEMENT_TEXT_MAX, m.treasureSplitTooLong),
  agreementLandownerSees: optionalText(AGREEMENT_TEXT_MAX, m.landownerSeesTooLong),
};

/** The edge fields that are free text (the form's inputs). */
export const PERMISSION_EDGE_TEXT_FIELDS = [
  'permissionNotice',
  'permissionCropsNotes',
  'agreementFindsSplit',
  'agreementTreasureSplit',
  'agreementLandownerSees',
] as const;
export const PERMISSION_EDGE_FIELDS = [
  'permissionBoundary',
  'permissionExclusions',
  'permissionDays',
  ...PERMISSION_EDGE_TEXT_FIELDS,
] as const;

/**
 * Excluded areas against the boundary they will have (the one sent, or the one stored on an edit): none
 * without a boundary, and each within the boundary's box. The message for `permissionExclusions`, or null.
 */
export function exclusionsProblem(
  boundary: PolygonGeometry | null | undefined,
  exclusions: MultiPolygonGeometry | null | undefined,
): string | null {
  if (!exclusions) return null;
  if (!boundary) return m.exclusionsNeedBoundary;
  return exclusionsWithinBoundary(boundary, exclusions) ? null : m.exclusionOutsideBoundary;
}
