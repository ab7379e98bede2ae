/**
 * Protected-area fixtures for the device tests: monuments around a place in England (metres east and north
 * of Stonehenge), imported into the real server in process as a publisher's GeoJSON would be.
 */
import type { BBox, LngLat } from '@schema/contracts/protected-areas';
import type { SelfUser } from '@schema/contracts/users';
import type { DigQuestDb, LocalLocation } from '@web/db/database';
import { importAreas } from '../../../../sync-server/src/features/protected-areas/import';
import type { TestApp } from '../test-utils';

export const CENTRE = { latitude: 51.1789, longitude: -1.8262 };
const dLat = (m: number) => m / 111_320;
const dLng = (m: number) => m / (111_320 * Math.cos((CENTRE.latitude * Math.PI) / 180));
/** The position `east` and `north` metres from the centre. */
export const at = (east: number, north: number): LngLat => [
  CENTRE.longitude + dLng(east),
  CENTRE.latitude + dLat(north),
];
/** A closed square ring `half` metres each side of (east, north). */
export const square = (east: number, north: number, half: number): LngLat[] => [
  at(east - half, north - half),
  at(east + half, north - half),
  at(east + half, north + half),
  at(east - half, north + half),
  at(east - half, north - half),
];
/** A box `half` metres each side of (east, north). */
export const boxAround = (east: number, north: number, half: number): BBox => {
  const [w, s] = at(east - half, north - half);
  const [e, n] = at(east + half, north + half);
  return [w, s, e, n];
};

export const feature = (reference: string, name: string, geometry: unknown) => ({
  type: 'Feature',
  properties: {
    ListEntry: reference,
    Name: name,
    SchedDate: '1925-02-23',
    hyperlink: `https://example.org/${reference}`,
  },
  geometry,
});
export const polygon = (...rings: LngLat[][]) => ({ type: 'Polygon', coordinates: rings });

/** Imports these features as the NHLE (England's scheduled monuments), as `npm run protected:import` does. */
export async function importMonuments(t: TestApp, features: unknown[]) {
  async function* each() {
    yield* features;
  }
  return importAreas(t.db, 'nhle', each());
}

export const me: SelfUser = {
  id: 7,
  username: 'relic_hunter',
  email: 'r@example.com',
  avatarUrl: '',
  bio: null,
  created_at: '2024-03-05T10:00:00Z',
  isEmailVerified: true,
};

/** One of the member's spots on the device, at (east, north), with a permission boundary if given. */
export function spotAt(uid: string, position: LngLat, boundary: LngLat[] | null = null): LocalLocation {
  return {
    id: null,
    uid,
    userId: me.id,
    username: me.username,
    name: `Spot ${uid}`,
    description: null,
    latitude: position[1],
    longitude: position[0],
    type: 'Field',
    terrainType: null,
    bestTimeToVisit: null,
    hasPermission: boundary !== null,
    isGroupDig: false,
    isShared: false,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    permissionBoundary: boundary ? { type: 'Polygon', coordinates: [boundary] } : null,
  };
}

export async function signIn(db: DigQuestDb): Promise<void> {
  await db.session.put({ key: 'current', user: me, checkedAt: '2026-11-01T10:00:00Z' });
}
