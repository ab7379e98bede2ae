/**
 * Which spots the map shows and lists (docs/map.md "Spots on the map"): one filter at a time — Roman
 * Sites, Beaches, Permission Granted, Group Digs or Nearby Locations (within the radius of the member's
 * position, or of the map's centre until it is known) — plus Only my locations; the list holds the spots in
 * view, or the nearby ones, nearest first, each with its distance and what it is measured from. Also the
 * info window's parts and the permission record's flag.
 */
import {
  INFO_DESCRIPTION_CHARS,
  INFO_WINDOW_FINDS_RADIUS_KM,
  INFO_WINDOW_MAX_FINDS,
  type SpotFilter,
} from '@schema/contracts/locations-constants';
import type { LocalLocation } from '@web/db/locations-types';
import type { LatLng } from '@schema/contracts/grid/coordinates';
import type { Bounds } from '../tiles';
import { distanceKm, formatDistance, inBounds } from './geo';
import { permissionExpiry } from './permission-expiry';

/**
 * Where distances are measured from: the member's position once it is known (Find My Location, or the
 * quiet look-up when the device already allows it — never a prompt), else the map's centre. A distance
 * always says which, so "359 km" from a centre the member never looked at is not read as "from me".
 */
export type DistanceOrigin = LatLng & { from: 'you' | 'map-centre' };

export function distanceOrigin(me: LatLng | null, centre: LatLng): DistanceOrigin {
  return me
    ? { latitude: me.latitude, longitude: me.longitude, from: 'you' }
    : { latitude: centre.latitude, longitude: centre.longitude, from: 'map-centre' };
}

/** "4.0 km from you", "359 km from map centre". */
export function distanceLabel(km: number, from: DistanceOrigin['from']): string {
  return `${formatDistance(km)} from ${from === 'you' ? 'you' : 'map centre'}`;
}

export interface SpotFilters {
  filter: SpotFilter | null;
  onlyMine: boolean;
  radiusKm: number;
}

/** Clicking the active filter again clears it; another one replaces it. */
export const toggleFilter = (current: SpotFilter | null, clicked: SpotFilter): SpotFilter | null =>
  current === clicked ? null : clicked;

export function matchesFilters(
  spot: LocalLocation,
  { filter, onlyMine, radiusKm }: SpotFilters,
  viewerId: number | null,
  origin: LatLng,
): boolean {
  if (onlyMine && spot.userId !== viewerId) return false;
  switch (filter) {
    case 'roman':
      return spot.type === 'Roman Site';
    case 'beach':
      return spot.type === 'Beach';
    case 'permission':
      return spot.hasPermission;
    case 'group':
      return spot.isGroupDig;
    case 'nearby':
      return distanceKm(origin, spot) <= radiusKm;
    default:
      return true;
  }
}

export interface ListedSpot {
  spot: LocalLocation;
  distanceKm: number;
  /** What `distanceKm` is measured from. */
  from: DistanceOrigin['from'];
}

/** The list under the map: in view (or nearby, when that filter is on), nearest to `origin` first. */
export function listSpots(
  spots: readonly LocalLocation[],
  filters: SpotFilters,
  viewerId: number | null,
  origin: DistanceOrigin,
  bounds: Bounds | null,
): ListedSpot[] {
  return spots
    .filter((s) => matchesFilters(s, filters, viewerId, origin))
    .filter((s) => filters.filter === 'nearby' || bounds === null || inBounds(s, bounds))
    .map((spot) => ({ spot, distanceKm: distanceKm(origin, spot), from: origin.from }))
    .sort((a, b) => a.distanceKm - b.distanceKm || a.spot.name.localeCompare(b.spot.name));
}

/** The info window's description: at most 80 characters. */
export function trimDescription(text: string | null): string | null {
  const clean = text?.trim();
  if (!clean) return null;
  return clean.length > INFO_DESCRIPTION_CHARS
    ? `${clean.slice(0, INFO_DESCRIPTION_CHARS).trimEnd()}…`
    : clean;
}

export interface NearFind {
  uid: string;
  id: number | null;
  title: string;
  distanceKm: number;
}

/** The member's own finds within 1 km of a spot, nearest first, at most 2. */
export function findsNear(
  spot: LatLng,
  finds: ReadonlyArray<{
    uid: string;
    id: number | null;
    title: string;
    latitude?: number | null | undefined;
    longitude?: number | null | undefined;
  }>,
): NearFind[] {
  const near: NearFind[] = [];
  for (const f of finds) {
    if (typeof f.latitude !== 'number' || typeof f.longitude !== 'number') continue;
    const d = distanceKm(spot, { latitude: f.latitude, longitude: f.longitude });
    if (d <= INFO_WINDOW_FINDS_RADIUS_KM) near.push({ uid: f.uid, id: f.id, title: f.title, distanceKm: d });
  }
  return near.sort((a, b) => a.distanceKm - b.distanceKm).slice(0, INFO_WINDOW_MAX_FINDS);
}

export type PermissionFlag = 'expired' | 'expires-soon' | null;

/** A permission record's expiry (YYYY-MM-DD) against today in the UK: passed, within 30 days, or neither. */
export function permissionFlag(expires: string | null | undefined, now: Date): PermissionFlag {
  return permissionExpiry(expires, now)?.kind ?? null;
}
