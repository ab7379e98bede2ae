/**
 * Row → wire for spots: the one place it happens, for REST answers and pull changes alike, so the rules of
 * docs/privacy.md hold on every path:
 * - a private spot exists only for its owner (`canSee`; every query filters with `visibleTo` first);
 * - a shared spot reaches signed-in members with its position, without the permission record;
 * - an anonymous visitor gets it rounded to 2 decimals (about 1 km), `approximate: true`, without access
 *   information;
 * - the permission record (its edges, days and finds agreement too) only ever reaches the spot's owner;
 * - the owner's name, when it looks like an e-mail address, reaches everyone else masked (nameFor).
 * Hidden fields are left out, never sent as null.
 */
import { eq, or, type SQL } from 'drizzle-orm';
import { PUBLIC_COORDINATE_DECIMALS, type Location } from '@schema/contracts/locations';
import { locations } from '@schema/db/tables';
import type { Viewer } from '../../sync/registry';
import { isOwner, nameFor } from '../../sync/visibility';
import { permissionOf, type PermissionRow } from './permission-record';

export type LocationRow = typeof locations.$inferSelect;
export type { PermissionRow };

/** The owner, or anyone when the spot is shared. */
export function canSee(row: Pick<LocationRow, 'userId' | 'isPrivate'>, viewer: Viewer): boolean {
  return !row.isPrivate || isOwner(viewer, row.userId);
}

/** `canSee` as SQL: what every list, search and `near` query starts from. */
export function visibleTo(viewer: Viewer): SQL {
  const shared = eq(locations.isPrivate, false);
  return viewer === null ? shared : (or(shared, eq(locations.userId, viewer.id)) as SQL);
}

const FACTOR = 10 ** PUBLIC_COORDINATE_DECIMALS;
/** Rounded half away from zero, so -0.125 and 0.125 round alike. */
export const roundForPublic = (value: number) =>
  (Math.sign(value) * Math.round(Math.abs(value) * FACTOR)) / FACTOR;

/** The stored position (text, the product's columns; the numeric twins are for queries only). */
function positionOf(row: Pick<LocationRow, 'latitude' | 'longitude' | 'lat' | 'lng'>): {
  latitude: number;
  longitude: number;
} {
  const latitude = Number(row.latitude);
  const longitude = Number(row.longitude);
  return Number.isFinite(latitude) && Number.isFinite(longitude)
    ? { latitude, longitude }
    : { latitude: row.lat, longitude: row.lng };
}

/**
 * How far a rounded coordinate may lie from the stored one: half a step of the last kept decimal. A `near`
 * query for a visitor widens its bounding box by this, so a spot whose rounded point is within the radius
 * is read even when its stored one is not.
 */
export const PUBLIC_ROUNDING_MARGIN_DEGREES = 0.5 / FACTOR;

/**
 * The position this viewer is shown: the stored one for signed-in members (a shared spot) and its owner,
 * the rounded one for an anonymous visitor. Everything derived from a position for that viewer — a
 * distance, whether it is within a radius, the order of a `near` list — starts from this, so three
 * distances cannot trilaterate more than the rounded point already says.
 */
export function positionShownTo(
  viewer: Viewer,
  row: Pick<LocationRow, 'latitude' | 'longitude' | 'lat' | 'lng'>,
): { latitude: number; longitude: number } {
  const position = positionOf(row);
  if (viewer !== null) return position;
  return { latitude: roundForPublic(position.latitude), longitude: roundForPublic(position.longitude) };
}

/** Call only for a row the viewer may see (`canSee`): it shapes, it does not decide existence. */
export function toLocation(
  row: LocationRow,
  username: string,
  permission: PermissionRow | null | undefined,
  viewer: Viewer,
): Location {
  const position = positionShownTo(viewer, row);
  const base: Location = {
    id: row.id,
    uid: row.uid,
    userId: row.userId,
    username: nameFor(viewer, row.userId, username),
    name: row.name,
    description: row.description,
    latitude: position.latitude,
    longitude: position.longitude,
    type: row.type ?? 'Other',
    terrainType: row.terrainType,
    bestTimeToVisit: row.bestTimeToVisit,
    hasPermission: row.hasPermission,
    isGroupDig: row.isGroupDig,
    isShared: !row.isPrivate,
    isPrivate: row.isPrivate,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
  if (isOwner(viewer, row.userId))
    return { ...base, accessInfo: row.accessInfo, ...permissionOf(permission) };
  if (viewer !== null) return { ...base, accessInfo: row.accessInfo };
  return { ...base, approximate: true };
}
