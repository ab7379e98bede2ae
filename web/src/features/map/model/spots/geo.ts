/**
 * The spots' geometry (docs/map.md "Product rules to keep"): great-circle distances with an Earth radius of
 * 6,371 km, what is in the visible area, and what counts as the same spot on import (same name within
 * 25 m).
 */
import { EARTH_RADIUS_KM, IMPORT_DUPLICATE_METRES } from '@schema/contracts/locations-constants';
import type { LatLng } from '@schema/contracts/grid/coordinates';
import type { Bounds } from '../tiles';
import { formatCount } from '@web/lib/numbers';

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Haversine distance in kilometres. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function inBounds(p: LatLng, b: Bounds): boolean {
  if (p.latitude < b.south || p.latitude > b.north) return false;
  // A view across the antimeridian has west > east.
  return b.west <= b.east
    ? p.longitude >= b.west && p.longitude <= b.east
    : p.longitude >= b.west || p.longitude <= b.east;
}

/** "1.2 km", "350 m". */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.round(km * 1000)} m`;
  return `${km < 10 ? km.toFixed(1) : formatCount(Math.round(km))} km`;
}

const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * Whether an imported item is already saved: the same name (case aside) within 25 m. The saved spots are
 * indexed by name once, so a 5,000-item file against 5,000 saved spots is 5,000 look-ups, not 25 million
 * comparisons on the main thread.
 */
export function duplicateCheck(
  saved: ReadonlyArray<{ name: string } & LatLng>,
): (item: { name: string } & LatLng) => boolean {
  const byName = new Map<string, LatLng[]>();
  for (const s of saved) {
    const key = nameKey(s.name);
    const list = byName.get(key);
    if (list) list.push(s);
    else byName.set(key, [s]);
  }
  return (item) =>
    (byName.get(nameKey(item.name)) ?? []).some((s) => distanceKm(s, item) * 1000 <= IMPORT_DUPLICATE_METRES);
}

export function isDuplicate(
  item: { name: string } & LatLng,
  saved: ReadonlyArray<{ name: string } & LatLng>,
) {
  return duplicateCheck(saved)(item);
}
