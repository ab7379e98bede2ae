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
import { announceLocalWrites, writeLocal, writeLocalBatch, type LocalWrite } from '@web/sync';
import type { SpotDetails } from '../model/import/spot-fields';
import { holdSpotUpdates } from './spot-store';
import { NO_PERMISSION_EDGES } from '@schema/contracts/permission-edges-constants';

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
  changes: Partial<LocationUpdateInput>,
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

/** Spots saved per transaction: live queries and the engine hear of an import 500 spots at a time. */
const IMPORT_CHUNK = 500;

/**
 * Saves the chosen items as private spots — of type Other, unless the file gave the spot's own fields (a
 * DigQuest export does: type, terrain, access, best time, flags and the permission record) — queued in
 * transactions of 500 (writeLocalBatch); the engine sends them 100 to a request. A chunk that cannot be
 * written (storage full) counts as failed, and the rest go on. The map and the list take the import once,
 * when its last batch is written, not once per batch (spot-store.ts), and the engine is told once too, so
 * its pushes do not contend with the batches still being written. A tab closed mid-import keeps the
 * batches already written (each is queued whole, in its own transaction, or not at all); they are pushed
 * at the next start-up.
 */
export async function importSpots(
  user: SelfUser,
  items: ReadonlyArray<{
    name: string;
    description: string | null;
    latitude: number;
    longitude: number;
    details?: SpotDetails;
  }>,
  onProgress: (progress: ImportProgress) => void,
  db: DigQuestDb = appDb,
): Promise<{ imported: number; failed: number }> {
  let imported = 0;
  let failed = 0;
  const release = holdSpotUpdates(db);
  try {
    for (let at = 0; at < items.length; at += IMPORT_CHUNK) {
      const now = new Date().toISOString();
      const writes = items.slice(at, at + IMPORT_CHUNK).map((item): LocalWrite => {
        const input: LocationCreateInput = {
          ...IMPORTED,
          ...item.details,
          // An import never shares: the member decides that spot by spot (docs/product/map.md).
          isShared: false,
          name: item.name,
          description: item.description,
          latitude: item.latitude,
          longitude: item.longitude,
        };
        const record = newSpot(user, input, now);
        return {
          entity: 'locations',
          op: 'create',
          uid: record.uid,
          userId: user.id,
          payload: { ...input },
          record,
        };
      });
      try {
        await writeLocalBatch(db, writes, { announce: false });
        imported += writes.length;
      } catch {
        failed += writes.length;
      }
      onProgress({ done: imported + failed, total: items.length });
    }
  } finally {
    release();
    // One sync for the whole import, once it is all queued (see writeLocalBatch's `announce`).
    if (imported > 0) announceLocalWrites();
  }
  return { imported, failed };
}

/** What an imported spot is when the file says nothing else: private, of type Other. */
const IMPORTED = {
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
  ...NO_PERMISSION_EDGES,
} as const satisfies Omit<LocationCreateInput, 'name' | 'description' | 'latitude' | 'longitude'>;
