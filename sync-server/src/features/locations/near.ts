/**
 * `?near=lat,lng&radiusKm=` (docs/product/map.md "API calls"): spots within a great-circle distance
 * (haversine, Earth radius 6,371 km), nearest first. Portable across both engines: SQL reads a bounding box
 * on the indexed numeric position `(lat, lng)`, which holds every spot within the radius and a few
 * outside it; the exact distance is computed here and decides.
 */
import {
  EARTH_RADIUS_KM,
  NEARBY_RADIUS_MAX_KM,
  NEARBY_RADIUS_MIN_KM,
  locationMessages,
} from '@schema/contracts/locations';
import { badRequest } from '../../lib/errors';

export interface NearQuery {
  latitude: number;
  longitude: number;
  radiusKm: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

export function haversineKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** `near` and `radiusKm` from the query string; undefined without `near`, 400 when malformed. */
export function readNear(
  near: string | undefined,
  radius: string | undefined,
  defaultKm: number,
): NearQuery | undefined {
  if (near === undefined || near === '') {
    if (radius !== undefined && radius !== '') throw badRequest(locationMessages.invalidNear);
    return undefined;
  }
  const match = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(near);
  const latitude = Number(match?.[1]);
  const longitude = Number(match?.[2]);
  if (!match || Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    throw badRequest(locationMessages.invalidNear);
  const radiusKm = radius === undefined || radius === '' ? defaultKm : Number(radius);
  if (!Number.isFinite(radiusKm) || radiusKm < NEARBY_RADIUS_MIN_KM || radiusKm > NEARBY_RADIUS_MAX_KM)
    throw badRequest(locationMessages.invalidRadius);
  return { latitude, longitude, radiusKm };
}

export interface BoundingBox {
  south: number;
  north: number;
  /** One or two longitude ranges (two when the box crosses the 180° meridian); none near a pole. */
  lngRanges: Array<[number, number]>;
}

/**
 * Degrees of latitude are ~111.2 km everywhere; degrees of longitude shrink with cos(latitude), at the
 * box's edge nearest the pole. A small margin keeps rounding from dropping a spot exactly on the circle.
 * `marginDegrees` widens the box on every side: by how far a stored position may lie from the one a
 * viewer is shown (a visitor's rounded point), so the box holds every spot whose shown point is within
 * the radius.
 */
export function boundingBox({ latitude, longitude, radiusKm }: NearQuery, marginDegrees = 0): BoundingBox {
  const kmPerDegree = (Math.PI * EARTH_RADIUS_KM) / 180;
  const dLat = (radiusKm / kmPerDegree) * 1.001;
  const south = Math.max(-90, latitude - dLat - marginDegrees);
  const north = Math.min(90, latitude + dLat + marginDegrees);
  const poleward = Math.max(Math.abs(south), Math.abs(north));
  if (poleward >= 89.9) return { south, north, lngRanges: [[-180, 180]] };
  const dLng = (dLat / Math.cos(toRadians(poleward))) * 1.001 + marginDegrees;
  if (dLng >= 180) return { south, north, lngRanges: [[-180, 180]] };
  const west = longitude - dLng;
  const east = longitude + dLng;
  if (west < -180)
    return {
      south,
      north,
      lngRanges: [
        [west + 360, 180],
        [-180, east],
      ],
    };
  if (east > 180)
    return {
      south,
      north,
      lngRanges: [
        [west, 180],
        [-180, east - 360],
      ],
    };
  return { south, north, lngRanges: [[west, east]] };
}
