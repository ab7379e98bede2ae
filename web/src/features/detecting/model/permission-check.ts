/**
 * Where a position stands against the member's own permissions (docs/permissions.md "Detecting now"):
 * inside a permission's boundary, inside one of its excluded areas, or outside every boundary — with the
 * distance to the boundary's edge, and whether today is a day the landowner allows and the permission is
 * still in date. Pure: the page feeds it the spots the device holds, so it works with no signal.
 */
import { edgeDistanceM as edgeBetween, measureFromPoint } from '@schema/contracts/protected-areas';
import type { LngLat } from '@schema/contracts/protected-areas';
import {
  WEEKDAYS,
  type MultiPolygonGeometry,
  type PolygonGeometry,
  type Weekday,
} from '@schema/contracts/permission-edges-constants';

/** What the check reads of a spot: its permission's edges and terms. */
export interface PermissionSpot {
  uid: string;
  name: string;
  permissionBoundary?: PolygonGeometry | null;
  permissionExclusions?: MultiPolygonGeometry | null;
  permissionDays?: Weekday[] | null;
  permissionExpires?: string | null;
}

export interface PermissionTerms {
  /** False when the landowner named days and today is not one of them. */
  dayAllowed: boolean;
  /** The expiry date when it has passed (UK date), else null. */
  expiredOn: string | null;
}

export type PermissionPlace =
  | { state: 'none' }
  | { state: 'inside'; spot: PermissionSpot; edgeM: number; terms: PermissionTerms }
  | { state: 'excluded'; spot: PermissionSpot; terms: PermissionTerms }
  | { state: 'outside'; spot: PermissionSpot; distanceM: number };

/** Metres from the point to the nearest edge of the polygon's rings, inside or out. */
export const edgeDistanceM = (point: LngLat, polygon: PolygonGeometry): number => edgeBetween(point, polygon);

/** Monday-first weekday code of a UK date (YYYY-MM-DD). */
export function weekdayOf(ukDate: string): Weekday {
  const day = new Date(`${ukDate}T12:00:00Z`).getUTCDay();
  return WEEKDAYS[(day + 6) % 7] ?? 'mon';
}

export function termsOn(spot: PermissionSpot, today: string): PermissionTerms {
  const days = spot.permissionDays ?? [];
  return {
    dayAllowed: days.length === 0 || days.includes(weekdayOf(today)),
    expiredOn: spot.permissionExpires && spot.permissionExpires < today ? spot.permissionExpires : null,
  };
}

/**
 * The place of a position among the permissions with a boundary. Inside one wins over outside; an excluded
 * area of the permission the point is in wins over inside. Outside every boundary, the nearest is named.
 */
export function permissionPlace(
  spots: readonly PermissionSpot[],
  position: { latitude: number; longitude: number },
  today: string,
): PermissionPlace {
  const point: LngLat = [position.longitude, position.latitude];
  let nearest: { spot: PermissionSpot; distanceM: number } | null = null;
  for (const spot of spots) {
    const boundary = spot.permissionBoundary;
    if (!boundary) continue;
    const measured = measureFromPoint(point, boundary);
    if (measured.inside) {
      const terms = termsOn(spot, today);
      const exclusions = spot.permissionExclusions;
      if (exclusions && measureFromPoint(point, exclusions).inside) return { state: 'excluded', spot, terms };
      return { state: 'inside', spot, edgeM: edgeDistanceM(point, boundary), terms };
    }
    if (!nearest || measured.distanceM < nearest.distanceM) nearest = { spot, distanceM: measured.distanceM };
  }
  return nearest ? { state: 'outside', ...nearest } : { state: 'none' };
}
