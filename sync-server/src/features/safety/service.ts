/**
 * Safe-return trips (docs/notifications.md "Safe return"): every rule, for the REST routes and the sync
 * entity alike (sync.ts), so a trip started offline obeys the rules of one started online.
 *
 * - A member has at most one trip under way (`active`, or `alerted` until they check in). Only they ever
 *   see it: anyone else gets 404, as if it did not exist.
 * - The timer is two jobs in the database (timer.ts), scheduled in the transaction that starts, extends
 *   or ends the trip, so they exist exactly when the trip does and survive restarts.
 * - Every write logs the trip for the member's own devices (`own` scope, member-only).
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { locations, safetyContacts, safetyTrips } from '@schema/db/tables';
import {
  returnTimeProblem,
  safetyMessages as m,
  type SafetyContactWire,
  type TripCreateInput,
  type TripState,
  type TripWire,
} from '@schema/contracts/safety';
import type { UserRow } from '../../lib/auth/user-row';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { first, insertedRow, returnedRow } from '../../lib/query';
import { recordChange } from '../../sync/changelog';
import { chunked, refKey, whereRef, type RecordRef, type Store } from '../../sync/registry';
import type { EntityRef, LoadedRows, Viewer } from '../../sync/registry';
import { askNewContacts } from './contacts';
import { contactsOf, type TripRow } from './rows';
import { cancelTimer, mailContacts, scheduleTimer } from './timer';

export type { TripRow } from './rows';

/** A trip that has not ended: the one a member may have at a time. */
const UNDER_WAY: TripState[] = ['active', 'alerted'];

const logged = (tx: Store, row: TripRow, op: 'upsert' | 'delete' = 'upsert') =>
  recordChange(tx, 'safety_trips', row.id, row.uid, op, { ownerId: row.userId });

export async function tripRow(store: Store, ref: RecordRef): Promise<TripRow | undefined> {
  return first(store.select().from(safetyTrips).where(whereRef(safetyTrips, ref)));
}

/** The member's own trip, or 404 — someone else's is answered exactly like one that does not exist. */
async function ownTrip(store: Store, user: UserRow, ref: RecordRef): Promise<TripRow> {
  const row = await tripRow(store, ref);
  if (!row || row.userId !== user.id) throw notFound(m.tripNotFound);
  return row;
}

/** Rows → wire, with each contact's answer and the spot's name (read in two queries for any number of trips). */
async function shapeTrips(store: Store, rows: TripRow[]): Promise<TripWire[]> {
  if (rows.length === 0) return [];
  const spotIds = [...new Set(rows.flatMap((r) => (r.spotId === null ? [] : [r.spotId])))];
  const spots = spotIds.length
    ? await store
        .select({ id: locations.id, name: locations.name })
        .from(locations)
        .where(inArray(locations.id, spotIds))
    : [];
  const spotName = new Map(spots.map((s) => [s.id, s.name]));
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const answers = await store
    .select({ userId: safetyContacts.userId, email: safetyContacts.email, state: safetyContacts.state })
    .from(safetyContacts)
    .where(inArray(safetyContacts.userId, userIds));
  const stateOf = new Map(answers.map((a) => [`${a.userId}|${a.email}`, a.state]));
  return rows.map((row) => ({
    id: row.id,
    uid: row.uid,
    userId: row.userId,
    spotId: row.spotId,
    spotName: row.spotId === null ? null : (spotName.get(row.spotId) ?? null),
    latitude: row.latitude,
    longitude: row.longitude,
    expectedReturnAt: row.expectedReturnAt,
    contacts: contactsOf(row).map((email): SafetyContactWire => ({
      email,
      state: stateOf.get(`${row.userId}|${email}`) ?? 'asked',
    })),
    shareLastPosition: row.shareLastPosition,
    state: row.state,
    createdAt: row.createdAt,
    endedAt: row.endedAt,
  }));
}

export async function shapeTrip(store: Store, row: TripRow): Promise<TripWire> {
  const [wire] = await shapeTrips(store, [row]);
  if (!wire) throw new Error('shapeTrips lost a row');
  return wire;
}

/** S4: the member's own trip under this uid (a replayed start); another member's uid is a conflict. */
export async function existingTripForCreate(store: Store, user: UserRow, uid: string) {
  const row = await tripRow(store, { uid });
  if (row && row.userId !== user.id) throw conflict(m.uidTaken);
  return row;
}

/** A spot the member may name: their own, or a shared one. */
async function requireVisibleSpot(store: Store, user: UserRow, spotId: number): Promise<void> {
  const spot = await first(
    store
      .select({ id: locations.id })
      .from(locations)
      .where(
        and(eq(locations.id, spotId), or(eq(locations.userId, user.id), eq(locations.isPrivate, false))),
      ),
  );
  if (!spot) throw badRequest(m.spotInvalid, { fields: { spotId: m.spotInvalid } });
}

export interface TimerOptions {
  /** SAFE_RETURN_GRACE_MINUTES, on the REST and the sync path alike. */
  graceMinutes: number;
  now?: Date;
}

/** Starts a trip: stored, its timer scheduled and its new contacts asked, in one transaction. */
export async function startTrip(
  store: Store,
  user: UserRow,
  input: TripCreateInput,
  options: TimerOptions & { uid?: string | undefined },
): Promise<{ trip: TripWire; created: boolean }> {
  return store.transaction(async (tx) => {
    const existing = options.uid ? await existingTripForCreate(tx, user, options.uid) : undefined;
    if (existing) return { trip: await shapeTrip(tx, existing), created: false };
    const problem = returnTimeProblem(input.expectedReturnAt, options.now ?? new Date());
    if (problem) throw badRequest(problem, { fields: { expectedReturnAt: problem } });
    if (input.spotId !== undefined) await requireVisibleSpot(tx, user, input.spotId);
    const underWay = await first(
      tx
        .select({ id: safetyTrips.id })
        .from(safetyTrips)
        .where(and(eq(safetyTrips.userId, user.id), inArray(safetyTrips.state, UNDER_WAY))),
    );
    if (underWay) throw conflict(m.tripActive);
    const contacts = [...new Set(input.contacts)];
    const row = await insertedRow(
      tx
        .insert(safetyTrips)
        .values({
          uid: options.uid ?? uuidv7(),
          userId: user.id,
          spotId: input.spotId ?? null,
          latitude: input.latitude ?? null,
          longitude: input.longitude ?? null,
          expectedReturnAt: new Date(input.expectedReturnAt).toISOString(),
          contacts,
          shareLastPosition: input.shareLastPosition,
        })
        .returning(),
    );
    await askNewContacts(tx, user.id, contacts);
    await scheduleTimer(tx, row, options.graceMinutes);
    await logged(tx, row);
    return { trip: await shapeTrip(tx, row), created: true };
  });
}

async function updated(tx: Store, row: TripRow, values: Partial<TripRow>): Promise<TripRow> {
  const next = await returnedRow(
    tx
      .update(safetyTrips)
      .set({ ...values, updatedAt: new Date().toISOString() })
      .where(eq(safetyTrips.id, row.id))
      .returning(),
  );
  if (!next) throw notFound(m.tripNotFound);
  await logged(tx, next);
  return next;
}

/**
 * "I'm back": the trip ends and its timer is cancelled. After an alert went out, the agreed contacts are
 * told the member is back, so nobody keeps searching. Checking in again is harmless (the member's intent
 * already holds).
 */
export async function checkIn(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  now = new Date(),
): Promise<TripWire> {
  return store.transaction(async (tx) => {
    const row = await ownTrip(tx, user, ref);
    if (row.state === 'back') return shapeTrip(tx, row);
    const next = await updated(tx, row, { state: 'back', endedAt: now.toISOString() });
    await cancelTimer(tx, row.id);
    if (row.state === 'alerted') await mailContacts(tx, next, 'back');
    return shapeTrip(tx, next);
  });
}

/**
 * Extends a trip under way by 30 or 60 minutes from its expected return (or from now, when that has
 * passed), within SAFETY_MAX_HOURS of now; both jobs move. Once the contacts were alerted it is too late.
 */
export async function extendTrip(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  minutes: number,
  options: TimerOptions,
): Promise<TripWire> {
  const now = options.now ?? new Date();
  return store.transaction(async (tx) => {
    const row = await ownTrip(tx, user, ref);
    if (row.state !== 'active') throw conflict(m.tripEnded);
    const from = Math.max(Date.parse(row.expectedReturnAt), now.getTime());
    const expectedReturnAt = new Date(from + minutes * 60_000).toISOString();
    const problem = returnTimeProblem(expectedReturnAt, now);
    if (problem) throw badRequest(problem);
    const next = await updated(tx, row, { expectedReturnAt, remindedAt: null });
    await scheduleTimer(tx, next, options.graceMinutes);
    return shapeTrip(tx, next);
  });
}

/** The phone's latest position, kept for the alert; only for a trip that shares it and has not ended. */
export async function recordPosition(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  position: { latitude: number; longitude: number },
  now = new Date(),
): Promise<TripWire> {
  return store.transaction(async (tx) => {
    const row = await ownTrip(tx, user, ref);
    if (!row.shareLastPosition) throw badRequest(m.positionNotShared);
    if (row.state === 'back') throw conflict(m.tripEnded);
    const next = await updated(tx, row, {
      lastLatitude: position.latitude,
      lastLongitude: position.longitude,
      lastPositionAt: now.toISOString(),
    });
    return shapeTrip(tx, next);
  });
}

/** The member's trip under way, or null. */
export async function currentTrip(store: Store, user: UserRow): Promise<TripWire | null> {
  const row = await first(
    store
      .select()
      .from(safetyTrips)
      .where(and(eq(safetyTrips.userId, user.id), inArray(safetyTrips.state, UNDER_WAY))),
  );
  return row ? shapeTrip(store, row) : null;
}

export async function getTrip(store: Store, user: UserRow, ref: RecordRef): Promise<TripWire> {
  return shapeTrip(store, await ownTrip(store, user, ref));
}

/**
 * Removes a trip from the member's history (and, if under way, its timer: nothing more is sent). A trip
 * already gone is fine for a queued delete (S8).
 */
export async function deleteTrip(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  options: { missingOk?: boolean } = {},
): Promise<number | undefined> {
  return store.transaction(async (tx) => {
    const row = await tripRow(tx, ref);
    if (!row || row.userId !== user.id) {
      if (options.missingOk && !row) return undefined;
      throw notFound(m.tripNotFound);
    }
    await cancelTimer(tx, row.id);
    await tx.delete(safetyTrips).where(eq(safetyTrips.id, row.id));
    await logged(tx, row, 'delete');
    return row.id;
  });
}

/**
 * The pull loader: the member's own trips only (member-only, S14). A trip of someone else has no entry at
 * all, not even a tombstone; one that is gone is a tombstone (only its member's scopes ever carry it).
 */
export async function loadTripsForPull(store: Store, viewer: Viewer, refs: EntityRef[]): Promise<LoadedRows> {
  const out: LoadedRows = new Map();
  if (!viewer) return out;
  const found = new Map<number, TripRow>();
  for (const ids of chunked([...new Set(refs.map((r) => r.entityId))]))
    for (const row of await store.select().from(safetyTrips).where(inArray(safetyTrips.id, ids)))
      found.set(row.id, row);
  const mine = [...found.values()].filter((row) => row.userId === viewer.id);
  const shaped = new Map((await shapeTrips(store, mine)).map((trip) => [trip.id, trip]));
  for (const ref of refs) {
    const row = found.get(ref.entityId);
    if (row && row.userId !== viewer.id) continue;
    const trip = shaped.get(ref.entityId);
    out.set(refKey(ref), trip ? { id: trip.id, uid: trip.uid, data: { ...trip }, userIds: [] } : null);
  }
  return out;
}
