/**
 * The Treasure clock's calendar (docs/treasure.md "The deadline"): the reporting period's days on the UK
 * calendar, as plain YYYY-MM-DD dates so clock changes cannot move a day. Kept apart from the rules in
 * treasure.ts so the device's sync code computes a deadline without loading the rules' texts.
 */

/** The reporting period's length (Treasure Act 1996 s.8). */
export const REPORTING_PERIOD_DAYS = 14;
/** The days of the period a reminder goes out on: 1 is its first day, 14 the deadline. */
export const REMINDER_DAYS = [1, 7, 12, 14] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a real calendar date, or null ('2023-02-29' is not one). */
function dayNumber(value: string): number | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date.getTime() / DAY_MS : null;
}

function toDay(value: string): number {
  const day = dayNumber(value);
  if (day === null) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${value}`);
  return day;
}

const fromDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export function isValidIsoDate(value: unknown): value is string {
  return typeof value === 'string' && dayNumber(value) !== null;
}

/** The law's calendar: days are counted in the UK, whatever zone the device or server runs in. */
export const UK_TIME_ZONE = 'Europe/London';
// Made on first use, not when the module loads: a formatter with a time zone costs a phone about 10 ms
// to build, and the app loads this module at start for the outbox, long before any deadline is shown.
let ukDayFormat: Intl.DateTimeFormat | undefined;

/** The UK calendar day (YYYY-MM-DD) of an instant: 23:30 UTC on a summer evening is already the next day. */
export function ukDate(instant: Date): string {
  ukDayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: UK_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const byType = new Map(ukDayFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${byType.get('year')}-${byType.get('month')}-${byType.get('day')}`;
}

/** The calendar day `days` after `date` (before, if negative). Throws a RangeError for a bad date. */
export function addDays(date: string, days: number): string {
  return fromDay(toDay(date) + days);
}

/**
 * The last day to report (s.8): the 14-day period begins the day after the find or, if later, the day the
 * finder first believed it may be Treasure; so the later of found + 14 and realised + 13. A realised day
 * before the find changes nothing. Throws a RangeError for a bad date.
 */
export function treasureDeadline(foundOn: string, realisedOn?: string | null): string {
  const byFind = toDay(foundOn) + REPORTING_PERIOD_DAYS;
  if (!realisedOn) return fromDay(byFind);
  return fromDay(Math.max(byFind, toDay(realisedOn) + REPORTING_PERIOD_DAYS - 1));
}

/** Whole days from today to the deadline: 0 on the day itself, negative once it has passed. */
export function daysLeft(deadline: string, today: string): number {
  return toDay(deadline) - toDay(today);
}

/** Days 1, 7, 12 and 14 of the period that ends on the deadline. */
export function reminderDates(foundOn: string, realisedOn?: string | null): string[] {
  const firstDay = toDay(treasureDeadline(foundOn, realisedOn)) - (REPORTING_PERIOD_DAYS - 1);
  return REMINDER_DAYS.map((day) => fromDay(firstDay + day - 1));
}

/** The reminders still to send: none once the find is marked reported, else those from today on. */
export function remindersStillDue(reminders: readonly string[], today: string, reported: boolean): string[] {
  if (reported) return [];
  const todayNumber = toDay(today);
  return reminders.filter((date) => toDay(date) >= todayNumber);
}
