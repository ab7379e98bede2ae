/**
 * Dates as a British reader writes them (the app is en-GB; docs/product/overview.md "Words we use"):
 * '23 Nov 2026' (and, where a time is shown, the 24-hour clock), and relative times ('3 days ago').
 * Fixed patterns rather than the browser's locale, so every device and every test shows the same text.
 *
 * Written here rather than taken from date-fns: the app needs four fixed patterns and one relative wording,
 * and date-fns' `format` with its locale is about 7 KB gzip on every first visit (docs/testing.md "Bundle").
 * The relative wording is date-fns' `formatDistanceToNow` with `addSuffix`, rule for rule ('less than a
 * minute ago', 'about 2 hours ago', 'in 3 days', 'over 1 year ago'); dates.test.ts holds the two side by side.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '5 Mar 2024' for a Date, in the device's time zone. */
export function dayText(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()] ?? ''} ${pad(date.getFullYear(), 4)}`;
}

/** '13:28' on the 24-hour clock, in the device's time zone. */
export function clockText(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** '27 Nov 2026, 13:28' for a Date, in the device's time zone. */
export function dayTimeText(date: Date): string {
  return `${dayText(date)}, ${clockText(date)}`;
}

/** '2024-03-05', the device's calendar day (a date input's value). */
export function isoDayText(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** '5 Mar 2024'; '' for a missing or unreadable date. */
export function formatDay(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dayText(date) : '';
}

/** '27 Nov 2026, 13:28' in the device's time zone (a message's time); '' for a missing or unreadable date. */
export function formatDayTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dayTimeText(date) : '';
}

const MINUTES_IN_DAY = 1440;
const MINUTES_IN_ALMOST_TWO_DAYS = 2520;
const MINUTES_IN_MONTH = 43200;

/** The zone's offset from UTC at that instant, in ms (date-fns' getTimezoneOffsetInMilliseconds). */
function zoneOffsetMs(date: Date): number {
  const utc = new Date(
    Date.UTC(
      date.getFullYear(),
      date.getMonth(),
      date.getDate(),
      date.getHours(),
      date.getMinutes(),
      date.getSeconds(),
      date.getMilliseconds(),
    ),
  );
  utc.setUTCFullYear(date.getFullYear());
  return date.getTime() - utc.getTime();
}

/** Whole calendar months from `earlier` to `later` (later ≥ earlier), as date-fns' differenceInMonths counts. */
function wholeMonths(later: Date, earlier: Date): number {
  const difference =
    (later.getFullYear() - earlier.getFullYear()) * 12 + (later.getMonth() - earlier.getMonth());
  if (difference < 1) return 0;
  const working = new Date(later.getTime());
  if (working.getMonth() === 1 && working.getDate() > 27) working.setDate(30);
  working.setMonth(working.getMonth() - difference);
  let lastMonthNotFull = working.getTime() < earlier.getTime();
  const lastDayOfMonth = new Date(later.getFullYear(), later.getMonth() + 1, 0).getDate() === later.getDate();
  if (lastDayOfMonth && difference === 1 && later.getTime() > earlier.getTime()) lastMonthNotFull = false;
  return difference - (lastMonthNotFull ? 1 : 0);
}

const counted = (n: number, one: string, many: string) => (n === 1 ? one : many.replace('#', String(n)));

/** How far apart two instants are in words ('about 2 hours', 'over 1 year'). */
function distanceText(later: Date, earlier: Date): string {
  const seconds = Math.trunc((later.getTime() - earlier.getTime()) / 1000);
  const offsetSeconds = (zoneOffsetMs(later) - zoneOffsetMs(earlier)) / 1000;
  const minutes = Math.round((seconds - offsetSeconds) / 60);
  if (minutes < 2) return minutes === 0 ? 'less than a minute' : counted(minutes, '1 minute', '# minutes');
  if (minutes < 45) return `${minutes} minutes`;
  if (minutes < 90) return 'about 1 hour';
  if (minutes < MINUTES_IN_DAY) return `about ${Math.round(minutes / 60)} hours`;
  if (minutes < MINUTES_IN_ALMOST_TWO_DAYS) return '1 day';
  if (minutes < MINUTES_IN_MONTH) return `${Math.round(minutes / MINUTES_IN_DAY)} days`;
  if (minutes < MINUTES_IN_MONTH * 2) {
    return counted(Math.round(minutes / MINUTES_IN_MONTH), 'about 1 month', 'about # months');
  }
  const months = wholeMonths(later, earlier);
  if (months < 12) return counted(Math.round(minutes / MINUTES_IN_MONTH), '1 month', '# months');
  const years = Math.trunc(months / 12);
  const rest = months % 12;
  if (rest < 3) return counted(years, 'about 1 year', 'about # years');
  if (rest < 9) return counted(years, 'over 1 year', 'over # years');
  return `almost ${years + 1} years`;
}

/** '3 minutes ago', 'in 2 days': a time relative to `now`. */
export function timeAgo(date: Date, now: Date = new Date()): string {
  return date.getTime() > now.getTime() ? `in ${distanceText(date, now)}` : `${distanceText(now, date)} ago`;
}
