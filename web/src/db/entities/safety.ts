/**
 * Detecting trips (docs/notifications.md "Safe return"; PROTOCOL.md `safety_trips`): the member's own,
 * pulled with `own` and never by anyone else. A trip started without signal is a queued create; the
 * server starts its timer only when the create arrives, which the page says (safetyMessages.offlineQueued).
 * "I'm back", an extension and the phone's position are queued updates `{ action, … }`, folded here the
 * way the server applies them, so the page is right at once, offline too.
 */
import type { SafetyContactWire, TripState } from '@schema/contracts/safety';
import { SAFETY_MAX_CONTACTS } from '@schema/contracts/safety-constants';
import type { LocalSafetyTrip } from '../safety-types';
import { defineEntity, type Merge } from '../entity-descriptor';
import { isRow, numberOrNull, text, type Payload } from '../entity-fields';

const STATES: readonly TripState[] = ['active', 'back', 'alerted'];
const isState = (value: unknown): value is TripState => STATES.some((s) => s === value);
const isContact = (value: unknown): value is SafetyContactWire =>
  isRow(value) &&
  typeof value.email === 'string' &&
  (value.state === 'asked' || value.state === 'agreed' || value.state === 'declined');
const isNumberOrNull = (value: unknown) => value === null || typeof value === 'number';
const isTextOrNull = (value: unknown) => value === null || typeof value === 'string';

export function isLocalSafetyTrip(value: unknown): value is LocalSafetyTrip {
  if (!isRow(value)) return false;
  return (
    typeof value.uid === 'string' &&
    isNumberOrNull(value.id) &&
    typeof value.userId === 'number' &&
    isNumberOrNull(value.spotId) &&
    isTextOrNull(value.spotName) &&
    isNumberOrNull(value.latitude) &&
    isNumberOrNull(value.longitude) &&
    typeof value.expectedReturnAt === 'string' &&
    Array.isArray(value.contacts) &&
    value.contacts.length <= SAFETY_MAX_CONTACTS &&
    value.contacts.every(isContact) &&
    typeof value.shareLastPosition === 'boolean' &&
    isState(value.state) &&
    typeof value.created_at === 'string' &&
    isTextOrNull(value.endedAt)
  );
}

/** The server's rule for an extension: from the expected return, or from now once that has passed. */
export const extendedReturn = (expectedReturnAt: string, minutes: number, now = Date.now()) =>
  new Date(Math.max(Date.parse(expectedReturnAt), now) + minutes * 60_000).toISOString();

/** A queued update applied to the trip as the server will apply it. */
function applyChange(trip: LocalSafetyTrip, payload: Payload, at: string): LocalSafetyTrip {
  if (payload.action === 'checkin' && trip.state !== 'back') return { ...trip, state: 'back', endedAt: at };
  if (payload.action === 'extend' && trip.state === 'active' && typeof payload.minutes === 'number')
    return {
      ...trip,
      expectedReturnAt: extendedReturn(trip.expectedReturnAt, payload.minutes, Date.parse(at)),
    };
  return trip;
}

const fold: Merge<LocalSafetyTrip> = (base, m) => {
  if (m.op === 'create') return base ?? (isLocalSafetyTrip(m.record) ? m.record : null);
  return base ? applyChange(base, m.payload, m.createdAt) : null;
};

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

export const safetyTripsEntity = defineEntity<LocalSafetyTrip, 'safety_trips'>({
  entity: 'safety_trips',
  label: 'Detecting trips',
  // `own` brings the member's trips; nothing pins one.
  scope: { kind: 'owned' },
  is: isLocalSafetyTrip,
  fold,
  fromServer(data) {
    // The wire's `createdAt` is stored as `created_at`, like every synced table's.
    const rest = Object.fromEntries(Object.entries(data).filter(([key]) => key !== 'createdAt'));
    const record = {
      ...rest,
      id: numberOrNull(data.id),
      created_at: text(data.createdAt) ?? text(data.created_at) ?? '',
    };
    return isLocalSafetyTrip(record) ? record : null;
  },
  describe(m, known) {
    const due = known ? ` (back by ${timeOf(known.expectedReturnAt)})` : '';
    const label =
      m.op === 'create'
        ? `Detecting trip${due}`
        : m.op === 'delete'
          ? 'Removing a detecting trip'
          : m.payload.action === 'checkin'
            ? "I'm back"
            : m.payload.action === 'extend'
              ? `Extending the trip by ${String(m.payload.minutes)} minutes`
              : 'Sharing the position of the trip';
    return { label, editHref: '/safety' };
  },
  // Only the signed-in member's trips stay on the device.
  forgetOnViewerChange: (rows, viewerId) =>
    rows
      .where('userId')
      .notEqual(viewerId ?? -1)
      .delete(),
});

/** The record a trip started on this device shows until the server's row arrives (the form and tests). */
export function newTripRecord(
  uid: string,
  userId: number,
  input: {
    expectedReturnAt: string;
    spotId?: number | undefined;
    spotName?: string | null;
    latitude?: number | undefined;
    longitude?: number | undefined;
    contacts: string[];
    shareLastPosition: boolean;
  },
  now = new Date(),
): LocalSafetyTrip {
  return {
    uid,
    id: null,
    userId,
    spotId: input.spotId ?? null,
    spotName: input.spotName ?? null,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    expectedReturnAt: new Date(input.expectedReturnAt).toISOString(),
    contacts: input.contacts.map((email) => ({ email, state: 'asked' })),
    shareLastPosition: input.shareLastPosition,
    state: 'active',
    created_at: now.toISOString(),
    endedAt: null,
  };
}
