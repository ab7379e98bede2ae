/**
 * Wall-clock time in a member's time zone, for quiet hours and the daily digest (docs/notifications.md).
 * Intl knows the zones; these helpers turn "07:00 in Europe/London on 2025-03-30" into an instant, across
 * daylight-saving changes. A member who never chose a zone is on UTC.
 */

export const DEFAULT_TIME_ZONE = 'UTC';

interface WallTime {
  /** YYYY-MM-DD */
  date: string;
  /** Minutes since local midnight. */
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

function parts(instant: Date, timeZone: string) {
  const byType = new Map(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(byType.get(type) ?? 0);
  return {
    year: n('year'),
    month: n('month'),
    day: n('day'),
    hour: n('hour'),
    minute: n('minute'),
    second: n('second'),
  };
}

/** The local date and time of day at `instant`. */
export function wallTime(instant: Date, timeZone: string): WallTime {
  const p = parts(instant, timeZone);
  const date = `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  return { date, minutes: p.hour * 60 + p.minute };
}

/** How far the zone's clock is ahead of UTC at `instant`, in milliseconds. */
function offsetMs(instant: Date, timeZone: string): number {
  const p = parts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** `HH:MM` as minutes since midnight. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The date after `date` (YYYY-MM-DD). */
export function nextDate(date: string): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * The instant the zone's clocks show `time` on `date`. A time skipped by a spring-forward change comes
 * out an hour later, as clocks read after the change.
 */
export function instantAt(date: string, time: string, timeZone: string): Date {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d, 0, minutesOf(time));
  const first = guess - offsetMs(new Date(guess), timeZone);
  const second = guess - offsetMs(new Date(first), timeZone);
  return new Date(second);
}

/**
 * When the member's quiet hours end, if `now` falls in them; undefined outside them or without any. The
 * window may run over midnight (22:00–07:00); equal start and end mean no quiet hours.
 */
export function quietHoursEnd(
  now: Date,
  prefs: { quietStart: string | null; quietEnd: string | null; timeZone: string | null },
): Date | undefined {
  const { quietStart, quietEnd } = prefs;
  if (!quietStart || !quietEnd || quietStart === quietEnd) return undefined;
  const timeZone = prefs.timeZone ?? DEFAULT_TIME_ZONE;
  const local = wallTime(now, timeZone);
  const start = minutesOf(quietStart);
  const end = minutesOf(quietEnd);
  const overMidnight = start > end;
  const quiet = overMidnight
    ? local.minutes >= start || local.minutes < end
    : local.minutes >= start && local.minutes < end;
  if (!quiet) return undefined;
  // Over midnight and still before it: the quiet hours end tomorrow.
  const endDate = overMidnight && local.minutes >= start ? nextDate(local.date) : local.date;
  return instantAt(endDate, quietEnd, timeZone);
}
