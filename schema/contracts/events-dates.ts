/**
 * Event times (docs/product/events.md "Rules and messages"): an event's date is stored and sent as a UTC
 * instant (ISO 8601, `2025-01-05T15:30:00.000Z`) and shown in the member's own time zone, as en-GB writes
 * it: 'Today' / 'Tomorrow' / '5 Jan 2025' with '15:30' on cards, 'Monday 5 January 2025 at 15:30' on the
 * event's page. The form's date and time are the member's wall-clock time, turned into the instant here.
 *
 * Plain functions over Intl (no Zod, no date library), shared by the events screens and the home page.
 * Every function takes the time zone, so tests can pin one (Europe/London across its clock changes); the
 * screens pass the device's.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const DATE_NOT_AVAILABLE = 'Date not available';

/**
 * How long the device's time zone is taken as read. Asking builds a whole `Intl.DateTimeFormat` (several
 * ms on a phone), and the screens ask on every render of every event card; a minute still follows a
 * member who travels or changes the setting.
 */
const TIME_ZONE_TTL_MS = 60_000;
let knownTimeZone: { zone: string; readAt: number } | null = null;

/** The device's IANA time zone ('Europe/London'); UTC when the runtime cannot say. */
export function deviceTimeZone(now = Date.now()): string {
  if (knownTimeZone && now - knownTimeZone.readAt < TIME_ZONE_TTL_MS) return knownTimeZone.zone;
  let zone = 'UTC';
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    // The runtime cannot say: UTC, as before.
  }
  knownTimeZone = { zone, readAt: now };
  return zone;
}

/**
 * The device's own clock, for screens that only show dates: every function here accepts it in place of a
 * zone name and then reads the Date's local fields, which follow the device's zone and its clock changes
 * exactly as `deviceTimeZone()` would. The difference is the cost: the first `Intl.DateTimeFormat` of a page
 * loads the runtime's time-zone data, about 60 ms of a first visit on a phone, before the first event card
 * can be drawn. Forms that name the zone ("Your time (Europe/London)") still ask `deviceTimeZone()`.
 */
export const DEVICE_CLOCK = 'device-clock';

/** A wall-clock reading in one time zone. `month` is 1–12. */
interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallTimeAt(instant: number, timeZone: string): WallTime {
  if (timeZone === DEVICE_CLOCK) {
    const d = new Date(instant);
    return {
      year: d.getFullYear(),
      month: d.getMonth() + 1,
      day: d.getDate(),
      hour: d.getHours(),
      minute: d.getMinutes(),
    };
  }
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

const wallAsUtc = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);

/** How far the zone's clock is ahead of UTC at this instant, in ms (BST: 3,600,000). */
function offsetAt(instant: number, timeZone: string): number {
  const minute = Math.floor(instant / 60_000) * 60_000;
  return wallAsUtc(wallTimeAt(minute, timeZone)) - minute;
}

function parseInstant(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : at;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayKey = (w: Pick<WallTime, 'year' | 'month' | 'day'>) => `${w.year}-${pad(w.month)}-${pad(w.day)}`;

/** '15:30' (the 24-hour clock) in the time zone; '' for an unreadable date. */
export function formatEventTime(iso: string | null | undefined, timeZone: string): string {
  const at = parseInstant(iso);
  if (at === null) return '';
  const w = wallTimeAt(at, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/**
 * A card's day: 'Today' or 'Tomorrow' when the event falls on the member's today or tomorrow (calendar
 * days in their time zone, not 24-hour spans), otherwise '5 Jan 2025'. '' for an unreadable date.
 */
export function formatEventDay(iso: string | null | undefined, timeZone: string, now = Date.now()): string {
  const at = parseInstant(iso);
  if (at === null) return '';
  const event = wallTimeAt(at, timeZone);
  const today = wallTimeAt(now, timeZone);
  const key = dayKey(event);
  if (key === dayKey(today)) return 'Today';
  // The calendar day after today, whatever its length in hours (a clock change makes it 23 or 25).
  const next = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  if (key === dayKey({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }))
    return 'Tomorrow';
  return `${event.day} ${MONTHS[event.month - 1]?.slice(0, 3)} ${event.year}`;
}

/** The event page's date: 'Monday 5 January 2025 at 15:30', or 'Date not available'. */
export function formatEventFullDate(iso: string | null | undefined, timeZone: string): string {
  const at = parseInstant(iso);
  if (at === null) return DATE_NOT_AVAILABLE;
  const w = wallTimeAt(at, timeZone);
  const weekday = WEEKDAYS[new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay()];
  return `${weekday} ${w.day} ${MONTHS[w.month - 1]} ${w.year} at ${pad(w.hour)}:${pad(w.minute)}`;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The form's date and time (an `<input type="datetime-local">` value, '2025-01-05T15:30') read as the
 * member's wall-clock time in `timeZone`, as a UTC ISO instant; null when it is not a real date.
 * Around a clock change: a time the clock skips (01:30 on the spring morning in London) is the moment an
 * hour later by the old clock (02:30 BST), and a time that happens twice (01:30 on the autumn morning) is
 * the first of the two (01:30 BST), as calendar applications do.
 */
export function wallTimeToInstant(value: string, timeZone: string): string | null {
  const match = WALL_TIME.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = { year, month, day, hour, minute };
  const target = wallAsUtc(wall);
  const real = new Date(target);
  if (
    real.getUTCFullYear() !== year ||
    real.getUTCMonth() + 1 !== month ||
    real.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59
  )
    return null;
  const DAY = 86_400_000;
  const before = target - offsetAt(target - DAY, timeZone);
  const after = target - offsetAt(target + DAY, timeZone);
  const fits = [before, after].filter((t) => wallAsUtc(wallTimeAt(t, timeZone)) === target);
  // Skipped by the clock: the old offset carries it past the gap.
  const instant = fits.length ? Math.min(...fits) : before;
  return new Date(instant).toISOString();
}

/** An instant as the form's value in `timeZone` ('2025-01-05T15:30'); '' for an unreadable date. */
export function instantToWallTime(iso: string | null | undefined, timeZone: string): string {
  const at = parseInstant(iso);
  if (at === null) return '';
  const w = wallTimeAt(at, timeZone);
  return `${dayKey(w)}T${pad(w.hour)}:${pad(w.minute)}`;
}
