/**
 * A permission's expiry on the UK calendar (docs/permissions.md "Expiry marks"): expired once its date is
 * before today in the UK, expiring when it falls within the next 30 days. Plain YYYY-MM-DD dates, so a
 * device in another time zone, or a clock change, never moves the day.
 */
import { PERMISSION_EXPIRY_WARNING_DAYS } from '@schema/contracts/locations-constants';
import { daysLeft, isValidIsoDate, ukDate } from '@schema/contracts/treasure-dates';

export type PermissionExpiry =
  | { kind: 'expired'; expires: string; label: string }
  | { kind: 'expires-soon'; expires: string; daysLeft: number; label: string };

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-03-03' → '3 March 2026'; anything that is not a calendar date is shown as it is. */
export function formatUkDate(date: string): string {
  if (!isValidIsoDate(date)) return date;
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return longDate.format(Date.UTC(year, month - 1, day));
}

export const expiredLabel = (expires: string) => `Permission expired on ${formatUkDate(expires)}`;

export function expiresSoonLabel(expires: string, days: number): string {
  const date = formatUkDate(expires);
  if (days === 0) return `Permission expires today, ${date}`;
  if (days === 1) return `Permission expires tomorrow, ${date}`;
  return `Permission expires on ${date}, in ${days} days`;
}

/** The permission's expiry against today in the UK: passed, within 30 days, or nothing to say (null). */
export function permissionExpiry(expires: string | null | undefined, now: Date): PermissionExpiry | null {
  if (!expires || !isValidIsoDate(expires)) return null;
  const days = daysLeft(expires, ukDate(now));
  if (days < 0) return { kind: 'expired', expires, label: expiredLabel(expires) };
  if (days <= PERMISSION_EXPIRY_WARNING_DAYS)
    return { kind: 'expires-soon', expires, daysLeft: days, label: expiresSoonLabel(expires, days) };
  return null;
}
