/**
 * A permission's boundary and excluded areas as the map draws them and the record keeps them
 * (docs/permissions.md "Drawing the boundary"): what terra-draw hands back (its snapshot's polygons, each
 * tagged with its role) becomes the record's GeoJSON — rings closed (the first point again at the end), a
 * third number (an altitude) dropped — checked with the contract's own rules and messages before it is
 * saved; and the saved record becomes the shapes drawn on the map.
 */
import type { FeatureCollection, Polygon } from 'geojson';
import {
  boundarySchema,
  exclusionsProblem,
  exclusionsSchema,
  type MultiPolygonGeometry,
  type PolygonGeometry,
  type Position,
} from '@schema/contracts/permission-edges';
import type { LocalLocation } from '@web/db/locations-types';

export type AreaRole = 'boundary' | 'exclusion';

/** One finished shape of a drawing session. */
export interface DrawnArea {
  id: string | number;
  role: AreaRole;
  geometry: PolygonGeometry;
}

/** A feature as terra-draw's snapshot gives it, read loosely: only a Polygon with a role is an area. */
export interface DrawnFeature {
  id?: string | number | undefined;
  geometry: { type: string; coordinates?: unknown };
  properties: Record<string, unknown>;
}

export interface PermissionShapes {
  permissionBoundary: PolygonGeometry | null;
  permissionExclusions: MultiPolygonGeometry | null;
}

const isRole = (value: unknown): value is AreaRole => value === 'boundary' || value === 'exclusion';
const samePoint = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

/**
 * A closed ring from drawn points: `[lng, lat]` of each (a third number dropped), repeated points in a row
 * dropped, the first point again at the end. Null with fewer than 3 corners.
 */
export function closeRing(points: readonly unknown[]): Position[] | null {
  const ring: Position[] = [];
  for (const raw of points) {
    if (!Array.isArray(raw)) return null;
    const [lng, lat] = raw;
    if (typeof lng !== 'number' || typeof lat !== 'number') return null;
    if (!Number.isFinite(lng) || !Number.isFinite(lat)) return null;
    const point: Position = [lng, lat];
    const last = ring.at(-1);
    if (!last || !samePoint(last, point)) ring.push(point);
  }
  const first = ring[0];
  if (first && ring.length > 1 && samePoint(first, ring[ring.length - 1] ?? first)) ring.pop();
  if (!first || ring.length < 3) return null;
  return [...ring, [first[0], first[1]]];
}

/** A Polygon whose rings are all closed; null when its outer ring is not a shape. Bad holes are dropped. */
export function toPolygon(geometry: DrawnFeature['geometry']): PolygonGeometry | null {
  if (geometry.type !== 'Polygon' || !Array.isArray(geometry.coordinates)) return null;
  const [outer, ...holes] = geometry.coordinates;
  const ring = Array.isArray(outer) ? closeRing(outer) : null;
  if (!ring) return null;
  const inner = holes.flatMap((hole) => {
    const closed = Array.isArray(hole) ? closeRing(hole) : null;
    return closed ? [closed] : [];
  });
  return { type: 'Polygon', coordinates: [ring, ...inner] };
}

/** The finished, tagged polygons of a drawing (a shape still being drawn has no role yet). */
export function areasFromFeatures(features: readonly DrawnFeature[]): DrawnArea[] {
  return features.flatMap((feature) => {
    const role = feature.properties.role;
    const geometry = toPolygon(feature.geometry);
    if (!isRole(role) || !geometry || feature.id === undefined) return [];
    return [{ id: feature.id, role, geometry }];
  });
}

/** The record's two fields from the areas: the first boundary, and every excluded area as one MultiPolygon. */
export function shapesFromAreas(areas: readonly DrawnArea[]): PermissionShapes {
  const boundary = areas.find((a) => a.role === 'boundary')?.geometry ?? null;
  const exclusions = areas.filter((a) => a.role === 'exclusion').map((a) => a.geometry.coordinates);
  return {
    permissionBoundary: boundary,
    permissionExclusions: exclusions.length > 0 ? { type: 'MultiPolygon', coordinates: exclusions } : null,
  };
}

/** The saved shapes, one polygon per area, to load into a drawing or draw on the map. */
export function areasOfRecord(
  spot: Pick<LocalLocation, 'permissionBoundary' | 'permissionExclusions'>,
): Array<{ role: AreaRole; geometry: PolygonGeometry }> {
  const out: Array<{ role: AreaRole; geometry: PolygonGeometry }> = [];
  if (spot.permissionBoundary) out.push({ role: 'boundary', geometry: spot.permissionBoundary });
  for (const coordinates of spot.permissionExclusions?.coordinates ?? [])
    out.push({ role: 'exclusion', geometry: { type: 'Polygon', coordinates } });
  return out;
}

/** The contract's message for shapes that cannot be saved (too many points, areas outside), or null. */
export function shapesProblem(shapes: PermissionShapes): string | null {
  for (const [schema, value] of [
    [boundarySchema, shapes.permissionBoundary],
    [exclusionsSchema, shapes.permissionExclusions],
  ] as const) {
    const parsed = schema.safeParse(value);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? null;
  }
  return exclusionsProblem(shapes.permissionBoundary, shapes.permissionExclusions);
}

const sameShape = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Only the fields that differ from the saved record (docs/sync.md: an edit sends what changed). */
export function shapeChanges(
  spot: Pick<LocalLocation, 'permissionBoundary' | 'permissionExclusions'>,
  shapes: PermissionShapes,
): Partial<PermissionShapes> {
  const changes: Partial<PermissionShapes> = {};
  if (!sameShape(spot.permissionBoundary, shapes.permissionBoundary))
    changes.permissionBoundary = shapes.permissionBoundary;
  if (!sameShape(spot.permissionExclusions, shapes.permissionExclusions))
    changes.permissionExclusions = shapes.permissionExclusions;
  return changes;
}

/** Deleting the boundary deletes its excluded areas too: they cannot stand without it (the contract). */
export function withoutBoundary(
  spot: Pick<LocalLocation, 'permissionBoundary' | 'permissionExclusions'>,
): Partial<PermissionShapes> {
  return shapeChanges(spot, { permissionBoundary: null, permissionExclusions: null });
}

export const DRAW_MESSAGES = {
  unfinished: 'Finish the shape first: tap its first corner to close it.',
} as const;

export type DrawingResult = { ok: true; changes: Partial<PermissionShapes> } | { ok: false; message: string };

/**
 * What a drawing session saves: its finished areas as the record's two fields, checked with the contract,
 * and only what changed. A shape still open (no role yet) stops the save with a message.
 */
export function readDrawing(
  features: readonly DrawnFeature[],
  spot: Pick<LocalLocation, 'permissionBoundary' | 'permissionExclusions'>,
): DrawingResult {
  if (features.some((f) => f.geometry.type === 'Polygon' && !isRole(f.properties.role)))
    return { ok: false, message: DRAW_MESSAGES.unfinished };
  const shapes = shapesFromAreas(areasFromFeatures(features));
  const problem = shapesProblem(shapes);
  return problem ? { ok: false, message: problem } : { ok: true, changes: shapeChanges(spot, shapes) };
}

/** terra-draw keeps 9 decimal places (about 0.1 mm) and refuses a feature with more. */
const toDrawPrecision = (ring: Position[]): Position[] =>
  ring.map(([lng, lat]) => [Math.round(lng * 1e9) / 1e9, Math.round(lat * 1e9) / 1e9]);

/**
 * The saved areas as features terra-draw's polygon mode accepts (one ring each), each with an id from
 * `newId`. A hole in the boundary (a file or another client may send one) is an excluded area there.
 */
export function featuresToDraw(
  spot: Pick<LocalLocation, 'permissionBoundary' | 'permissionExclusions'>,
  newId: () => string | number,
): Array<{
  type: 'Feature';
  id: string | number;
  geometry: { type: 'Polygon'; coordinates: Position[][] };
  properties: { mode: 'polygon'; role: AreaRole };
}> {
  return areasOfRecord(spot).flatMap(({ role, geometry }) => {
    const [outer, ...holes] = geometry.coordinates;
    const rings = role === 'boundary' ? [outer, ...holes] : [outer];
    return rings.flatMap((ring, i) =>
      ring
        ? [
            {
              type: 'Feature' as const,
              id: newId(),
              geometry: { type: 'Polygon' as const, coordinates: [toDrawPrecision(ring)] },
              properties: { mode: 'polygon' as const, role: i === 0 ? role : ('exclusion' as const) },
            },
          ]
        : [],
    );
  });
}

export interface ShapeProperties {
  uid: string;
  role: AreaRole;
  [key: string]: unknown;
}

/** The owner's saved boundaries and excluded areas, for the map's outline and grey fill layers. */
export function boundaryCollection(
  spots: readonly LocalLocation[],
  viewerId: number | null,
  hiddenUid: string | null = null,
): FeatureCollection<Polygon, ShapeProperties> {
  const features: FeatureCollection<Polygon, ShapeProperties>['features'] = [];
  if (viewerId === null) return { type: 'FeatureCollection', features };
  for (const spot of spots) {
    if (spot.userId !== viewerId || spot.uid === hiddenUid) continue;
    for (const { role, geometry } of areasOfRecord(spot))
      features.push({ type: 'Feature', geometry, properties: { uid: spot.uid, role } });
  }
  return { type: 'FeatureCollection', features };
}
