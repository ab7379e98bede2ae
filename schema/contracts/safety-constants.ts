/**
 * Safe return's plain values (docs/notifications.md "Safe return"): limits, messages and the page's paths.
 * Zod-free, so the device's trip table (loaded with the app shell) does not bring the validation library
 * into a first visit; safety.ts re-exports all of it with the schemas.
 */

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
