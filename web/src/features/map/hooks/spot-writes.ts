/**
 * Every change a member makes to their spots, as local writes (docs/sync.md): the spot changes in
 * IndexedDB and its mutation is queued in one transaction, so it shows on the map at once — offline too —
 * and the engine pushes the queue in batches when it can. An import is many creates queued on the device,
 * never one request per spot (docs/map.md "Importing KML, KMZ, KMI and GPX"); imported spots are private.
 */
import { uuidv7 } from 'uuidv7';
import type { LocationCreateInput, LocationUpdateInput } from '@schema/contracts/locations';
import type { SelfUser } from '@schema/contracts/users';
import { db as appDb, type DigQuestDb, type LocalLocation } from '@web/db/database';
import { writeLocal } from '@web/sync';

function newSpot(user: SelfUser, input: LocationCreateInput, now: string): LocalLocation {
  return {
    id: null,
    uid: uuidv7(),
    userId: user.id,
    username: user.username,
    ...input,
    created_at: now,
    updated_at: now,
  };
}

/** Add New Spot: returns the new spot's uid (its address until the server assigns an id). */
export async function createSpot(
  user: SelfUser,
  input: LocationCreateInput,
  db: DigQuestDb = appDb,
): Promise<string> {
  const record = newSpot(user, input, new Date().toISOString());
  await writeLocal(db, {
    entity: 'locations',
    op: 'create',
    uid: record.uid,
    userId: user.id,
    payload: { ...input },
    record,
  });
  return record.uid;
}

/** Edit: only the fields that changed are sent, so edits made elsewhere to other fields survive. */
export async function updateSpot(
  user: SelfUser,
  spot: LocalLocation,
  changes: LocationUpdateInput,
  db: DigQuestDb = appDb,
): Promise<void> {
  // The contract keeps an untouched `isShared` as undefined: only what changed is sent.
  const payload = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(payload).length === 0) return;
  await writeLocal(db, { entity: 'locations', op: 'update', uid: spot.uid, userId: user.id, payload });
}

export async function deleteSpot(user: SelfUser, spot: LocalLocation, db: DigQuestDb = appDb): Promise<void> {
  await writeLocal(db, { entity: 'locations', op: 'delete', uid: spot.uid, userId: user.id });
}

export interface ImportProgress {
  done: number;
  total: number;
}

/**
 * Saves the chosen items as private spots of type Other, one local write each; the engine sends them in
 * batches. A write that fails (storage full) counts as failed, and the rest go on.
 */
export async function importSpots(
  user: SelfUser,
  items: ReadonlyArray<{ name: string; description: string | null; latitude: number; longitude: number }>,
  onProgress: (progress: ImportProgress) => void,
  db: DigQuestDb = appDb,
): Promise<{ imported: number; failed: number }> {
  let imported = 0;
  let failed = 0;
  for (const item of items) {
    try {
      await createSpot(
        user,
        {
          name: item.name,
          description: item.description,
          latitude: item.latitude,
          longitude: item.longitude,
          type: 'Other',
          terrainType: null,
          accessInfo: null,
          bestTimeToVisit: null,
          hasPermission: false,
          isGroupDig: false,
          isShared: false,
          landownerName: null,
          landownerContact: null,
          permissionGranted: null,
          permissionExpires: null,
          permissionNotes: null,
        },
        db,
      );
      imported += 1;
    } catch {
      failed += 1;
    }
    // Every 25 spots and at the end: a progress bar does not need 5,000 renders.
    const done = imported + failed;
    if (done % 25 === 0 || done === items.length) onProgress({ done, total: items.length });
  }
  return { imported, failed };
}
