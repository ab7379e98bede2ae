/**
 * The "Start a detecting trip" form as data (pure): its values, their defaults, and the trip they make —
 * checked with the same contract and return-time rule as the server (schema/contracts/safety.ts, loaded on
 * the first Start), so a mistake is shown on its field before anything is queued.
 */
import type { TripCreateInput } from '@schema/contracts/safety';
import { safetyMessages, SAFETY_MAX_CONTACTS } from '@schema/contracts/safety-constants';

export type Where = 'none' | 'spot' | 'here';

export interface TripFormValues {
  where: Where;
  /** The chosen spot's server id, as the select holds it. */
  spotId: string;
  /** `datetime-local`: the phone's local time. */
  returnAt: string;
  contacts: string[];
  shareLastPosition: boolean;
}

export type TripFormErrors = Partial<Record<'where' | 'returnAt' | 'contacts', string>>;

const pad = (n: number) => String(n).padStart(2, '0');

/** A `datetime-local` value for this local time. */
export function localInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Three hours from now, on the quarter hour: a usual session. */
export function defaultValues(now = new Date()): TripFormValues {
  const back = new Date(now.getTime() + 3 * 3_600_000);
  back.setMinutes(Math.ceil(back.getMinutes() / 15) * 15, 0, 0);
  return {
    where: 'none',
    spotId: '',
    returnAt: localInputValue(back),
    contacts: Array.from({ length: SAFETY_MAX_CONTACTS }, () => ''),
    shareLastPosition: false,
  };
}

/**
 * The trip these values make, or the message for each field that is wrong. `position` is the phone's
 * current position when "My current position" was chosen (null when it could not be read).
 */
export async function tripFrom(
  values: TripFormValues,
  position: { latitude: number; longitude: number } | null,
  now = new Date(),
): Promise<{ input: TripCreateInput } | { errors: TripFormErrors }> {
  // The contract (and its validation library) loads with the first Start, not with the page.
  const { returnTimeProblem, tripCreateSchema } = await import('@schema/contracts/safety');
  const errors: TripFormErrors = {};
  const at = values.returnAt ? new Date(values.returnAt) : null;
  const expectedReturnAt = at && !Number.isNaN(at.getTime()) ? at.toISOString() : '';
  const timeProblem = expectedReturnAt
    ? returnTimeProblem(expectedReturnAt, now)
    : safetyMessages.returnRequired;
  if (timeProblem) errors.returnAt = timeProblem;
  if (values.where === 'spot' && !values.spotId) errors.where = safetyMessages.spotInvalid;
  if (values.where === 'here' && !position)
    errors.where = 'Your position could not be found. Choose a spot, or leave it out.';
  const parsed = tripCreateSchema.safeParse({
    expectedReturnAt: expectedReturnAt || undefined,
    contacts: values.contacts.map((c) => c.trim()).filter(Boolean),
    shareLastPosition: values.shareLastPosition,
    ...(values.where === 'spot' && values.spotId ? { spotId: Number(values.spotId) } : {}),
    ...(values.where === 'here' && position ? position : {}),
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field =
        issue.path[0] === 'contacts'
          ? 'contacts'
          : issue.path[0] === 'expectedReturnAt'
            ? 'returnAt'
            : 'where';
      errors[field] ??= issue.message;
    }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { input: parsed.data };
}
