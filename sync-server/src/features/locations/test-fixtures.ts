/** Helpers for the spots tests and the map benchmark (never imported by the app). */
import { uuidv7 } from 'uuidv7';
import { changeLog, locations } from '@schema/db/tables';
import type { Location } from '@schema/contracts/locations';
import type { TestApp } from '../../test/harness';
import type { TestClient } from '../../sync/test-fixtures';

export const spotBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Stubble field by the church',
  description: 'Roman grots along the headland; Saxon strap end found in 2023.',
  latitude: 52.612345,
  longitude: 1.287654,
  type: 'Field',
  terrainType: 'Arable',
  accessInfo: 'Park at the farm gate, ring first',
  bestTimeToVisit: 'After harvest',
  hasPermission: true,
  isGroupDig: false,
  ...extra,
});

/** The owner's permission record fields, as the form sends them. */
export const permissionBody = {
  landownerName: 'Mr Jones',
  landownerContact: '01234 567890',
  permissionGranted: '2025-03-01',
  permissionExpires: '2026-03-01',
  permissionNotes: 'Stubble only',
  // Its edges and terms (docs/permissions.md): owner-only like the rest, so every privacy test covers them.
  permissionBoundary: {
    type: 'Polygon',
    coordinates: [
      [
        [-1.5, 52.6],
        [-1.49, 52.6],
        [-1.49, 52.61],
        [-1.5, 52.61],
        [-1.5, 52.6],
      ],
    ],
  },
  permissionExclusions: {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [-1.498, 52.602],
          [-1.497, 52.602],
          [-1.497, 52.603],
          [-1.498, 52.602],
        ],
      ],
    ],
  },
  permissionDays: ['sat', 'sun'],
  permissionNotice: '24 hours by phone',
  permissionCropsNotes: 'Sheep in the top field from March',
  agreementFindsSplit: 'Finds stay with the finder; the landowner may keep any one item',
  agreementTreasureSplit: 'Any Treasure reward is shared 50/50 between the finder and the landowner.',
  agreementLandownerSees: 'Every find, photographed',
};

/** Creates a spot over REST and returns its wire JSON. */
export async function createSpot(client: TestClient, extra: Record<string, unknown> = {}): Promise<Location> {
  const res = await client.post('/api/locations', spotBody(extra));
  if (res.status !== 201) throw new Error(`create spot: ${res.status} ${res.text}`);
  return res.json as Location;
}

/**
 * Spots written straight into the database with their change-log rows, as the service logs them: fast
 * enough for thousands (the window tests, the map benchmark). `at(i)` gives each one's position.
 */
export async function insertSpots(
  t: TestApp,
  ownerId: number,
  count: number,
  fields: {
    at: (i: number) => { latitude: number; longitude: number };
    shared?: boolean;
    name?: (i: number) => string;
    type?: (i: number) => string;
  },
): Promise<Array<{ id: number; uid: string }>> {
  const rows: Array<{ id: number; uid: string }> = [];
  const shared = fields.shared ?? false;
  await t.db.transaction(async (tx) => {
    for (let start = 0; start < count; start += 400) {
      const values = Array.from({ length: Math.min(400, count - start) }, (_, k) => {
        const i = start + k;
        const { latitude, longitude } = fields.at(i);
        return {
          uid: uuidv7(),
          name: fields.name?.(i) ?? `Spot ${i}`,
          latitude: String(latitude),
          longitude: String(longitude),
          lat: latitude,
          lng: longitude,
          type: fields.type?.(i) ?? 'Field',
          userId: ownerId,
          isPrivate: !shared,
          everShared: shared,
        };
      });
      const inserted = await tx
        .insert(locations)
        .values(values)
        .returning({ id: locations.id, uid: locations.uid });
      inserted.sort((a, b) => a.id - b.id);
      await tx.insert(changeLog).values(
        inserted.map((row) => ({
          entity: 'locations',
          entityId: row.id,
          uid: row.uid,
          op: 'upsert' as const,
          ownerId,
        })),
      );
      rows.push(...inserted);
    }
  });
  return rows;
}

/** The answer's error as [status, message], for one-line assertions. */
export const errorOf = (res: { status: number; json: { message?: string } | undefined }) =>
  [res.status, res.json?.message] as const;

// The official account (id 1): it moderates finds and posts, but spots are their owners' alone.
export { official } from '../../sync/test-fixtures';
