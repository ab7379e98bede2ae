/**
 * Safe return (docs/notifications.md "Safe return"): a lone detecting trip with an expected return time
 * and up to three safety contacts. The form, the device's queue and the server validate with these.
 */
import { z } from 'zod';
import { idSchema } from './ids';
import {
  SAFETY_MAX_CONTACTS,
  SAFETY_MAX_HOURS,
  safetyMessages,
} from './safety-constants';

export * from './safety-constants';

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
