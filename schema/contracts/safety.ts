/**
 * Safe return (docs/notifications.md "Safe return"): a lone detecting trip with an expected return time
 * and up to three safety contacts. The form, the device's queue and the server validate with these.
 */
import { z } from 'zod';
import { idSchema } from './ids';

export const SAFETY_MAX_CONTACTS = 3;
/** A trip may be planned at most this far ahead. */
export const SAFETY_MAX_HOURS = 24;
export const SAFETY_EXTEND_MINUTES = [30, 60] as const;
/** Minutes after the expected return before the contacts are alerted (SAFE_RETURN_GRACE_MINUTES). */
export const SAFETY_DEFAULT_GRACE_MINUTES = 30;

export const safetyMessages = {
  returnRequired: 'Please choose when you expect to be back',
  returnPast: 'Your expected return time must be in the future',
  returnTooFar: 'Your expected return time must be within the next 24 hours',
  contactsTooMany: 'Please choose at most three safety contacts',
  contactInvalid: 'Please enter a valid email address for each safety contact',
  spotInvalid: 'Please choose one of your spots',
  extendInvalid: 'Please extend by 30 or 60 minutes',
  tripNotFound: 'Trip not found',
  tripEnded: 'This trip has already ended',
  tripActive: 'You already have a trip under way. Check in or end it first.',
  offlineQueued:
    'Your trip is saved on this phone. The safety timer starts only once it reaches the server, so connect before you set off if you can.',
  positionInvalid: 'The position is not valid',
  consentInvalid: 'This link is not valid or has expired',
  updateInvalid: 'Please choose to check in, extend the trip or share your position',
  positionNotShared: 'This trip does not share your position',
  uidTaken: 'This trip belongs to someone else',
} as const;

/** The page of the feature, and the link that checks the trip under way in (the reminder's action). */
export const SAFETY_PAGE_PATH = '/safety';
export const SAFETY_CHECKIN_PATH = '/safety?checkin=1';

const emailSchema = z
  .string({ error: safetyMessages.contactInvalid })
  .trim()
  .toLowerCase()
  .max(254, safetyMessages.contactInvalid)
  .email(safetyMessages.contactInvalid);

/**
 * `POST /api/safety/trips` and the sync create. The server checks the time against its own clock too
 * (a trip queued offline is judged when it arrives).
 */
export const tripCreateSchema = z.object({
  expectedReturnAt: z.iso.datetime({ offset: true, error: safetyMessages.returnRequired }),
  spotId: idSchema(safetyMessages.spotInvalid).optional(),
  latitude: z
    .number({ error: safetyMessages.positionInvalid })
    .min(-90, safetyMessages.positionInvalid)
    .max(90, safetyMessages.positionInvalid)
    .optional(),
  longitude: z
    .number({ error: safetyMessages.positionInvalid })
    .min(-180, safetyMessages.positionInvalid)
    .max(180, safetyMessages.positionInvalid)
    .optional(),
  contacts: z
    .array(emailSchema, { error: safetyMessages.contactInvalid })
    .max(SAFETY_MAX_CONTACTS, safetyMessages.contactsTooMany),
  shareLastPosition: z.boolean().default(false),
});
export type TripCreateInput = z.infer<typeof tripCreateSchema>;

/**
 * The return-time rule against a clock (the form's, and the server's when the trip arrives): the message
 * when it is in the past or more than SAFETY_MAX_HOURS ahead, null when it is fine.
 */
export function returnTimeProblem(expectedReturnAt: string, now: Date): string | null {
  const at = Date.parse(expectedReturnAt);
  if (!Number.isFinite(at)) return safetyMessages.returnRequired;
  if (at <= now.getTime()) return safetyMessages.returnPast;
  if (at > now.getTime() + SAFETY_MAX_HOURS * 3_600_000) return safetyMessages.returnTooFar;
  return null;
}

export const tripExtendSchema = z.object({
  minutes: z.union([z.literal(30), z.literal(60)], { error: safetyMessages.extendInvalid }),
});

/** The phone's latest position during a trip, sent only when the member allowed sharing it. */
export const tripPositionSchema = z.object({
  latitude: z
    .number({ error: safetyMessages.positionInvalid })
    .min(-90, safetyMessages.positionInvalid)
    .max(90, safetyMessages.positionInvalid),
  longitude: z
    .number({ error: safetyMessages.positionInvalid })
    .min(-180, safetyMessages.positionInvalid)
    .max(180, safetyMessages.positionInvalid),
});

/**
 * A queued change of a trip (the sync update; PROTOCOL.md `safety_trips`): "I'm back", an extension, or
 * the phone's latest position — the same three things the REST routes do.
 */
export const tripSyncUpdateSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('checkin') }),
    tripExtendSchema.extend({ action: z.literal('extend') }),
    tripPositionSchema.extend({ action: z.literal('position') }),
  ],
  { error: safetyMessages.updateInvalid },
);
export type TripSyncUpdate = z.infer<typeof tripSyncUpdateSchema>;

export type TripState = 'active' | 'back' | 'alerted';

export interface SafetyContactWire {
  email: string;
  state: 'asked' | 'agreed' | 'declined';
}

export interface TripWire {
  id: number;
  uid: string;
  /** The member whose trip it is (only they ever receive it). */
  userId: number;
  spotId: number | null;
  spotName: string | null;
  latitude: number | null;
  longitude: number | null;
  expectedReturnAt: string;
  contacts: SafetyContactWire[];
  shareLastPosition: boolean;
  state: TripState;
  createdAt: string;
  endedAt: string | null;
}
