/**
 * The member's detecting trips on this device (docs/notifications.md "Safe return"): read live from Dexie
 * and written as local writes (web/src/sync writeLocal), so starting a trip, "I'm back" and an extension
 * hold at once without signal and are pushed when the device is online. The server starts the timer only
 * when the start reaches it: `useStartQueued` says whether it still waits on this device.
 */
import { uuidv7 } from 'uuidv7';
import type { TripCreateInput } from '@schema/contracts/safety';
import { db, type LocalLocation, type LocalSafetyTrip } from '@web/db/database';
import { newTripRecord } from '@web/db/entities/safety';
import { useLive, writeLocal, type Live } from '@web/sync';

/** The member's trip under way (active, or alerted until they check in), or null. */
export function useCurrentTrip(userId: number | null): Live<LocalSafetyTrip | null> {
  const live = useLive(async () => {
    if (userId === null) return { userId, trip: null };
    const trips = await db.safety_trips.where('userId').equals(userId).toArray();
    return { userId, trip: trips.find((trip) => trip.state !== 'back') ?? null };
  }, [userId]);
  if (live.state !== 'ready') return live;
  // A live query keeps its last answer while the next one runs: until the query for this member has
  // answered, that answer is nobody's (the session still loading) and must not read as "no trip" — the
  // reminder's "I'm back" would otherwise be dropped on a cold start.
  if (live.value.userId !== userId) return { state: 'loading' };
  return { state: 'ready', value: live.value.trip };
}

/** True while the trip's start is still queued on this device: its timer is not running yet. */
export function useStartQueued(uid: string | null): boolean {
  const live = useLive(async () => {
    if (uid === null) return false;
    const queued = await db.outbox.where('[entity+uid]').equals(['safety_trips', uid]).toArray();
    return queued.some((m) => m.op === 'create');
  }, [uid]);
  return live.state === 'ready' && live.value;
}

/** The member's own spots the server knows (a trip names a spot by its server id), by name. */
export function useMySpots(userId: number | null): Live<LocalLocation[]> {
  return useLive(async () => {
    if (userId === null) return [];
    const spots = await db.locations.where('userId').equals(userId).toArray();
    return spots.filter((s) => s.id !== null).sort((a, b) => a.name.localeCompare(b.name));
  }, [userId]);
}

/** Starts a trip: the record and its queued create in one transaction; answers its uid. */
export async function startTrip(
  userId: number,
  input: TripCreateInput,
  spotName: string | null,
): Promise<string> {
  const uid = uuidv7();
  const payload: Record<string, unknown> = {
    expectedReturnAt: input.expectedReturnAt,
    contacts: input.contacts,
    shareLastPosition: input.shareLastPosition,
  };
  if (input.spotId !== undefined) payload.spotId = input.spotId;
  if (input.latitude !== undefined && input.longitude !== undefined) {
    payload.latitude = input.latitude;
    payload.longitude = input.longitude;
  }
  const record = newTripRecord(uid, userId, { ...input, spotName });
  await writeLocal(db, { entity: 'safety_trips', op: 'create', uid, userId, payload, record });
  return uid;
}

const change = (trip: LocalSafetyTrip, payload: Record<string, unknown>) =>
  writeLocal(db, { entity: 'safety_trips', op: 'update', uid: trip.uid, userId: trip.userId, payload });

/** "I'm back": the trip ends here at once; the server cancels its timer when the change arrives. */
export const checkIn = (trip: LocalSafetyTrip) => change(trip, { action: 'checkin' });

export const extendTrip = (trip: LocalSafetyTrip, minutes: 30 | 60) =>
  change(trip, { action: 'extend', minutes });

/** The phone's position, for the alert; only for a trip that shares it. */
export const sharePosition = (trip: LocalSafetyTrip, position: { latitude: number; longitude: number }) =>
  change(trip, { action: 'position', ...position });
