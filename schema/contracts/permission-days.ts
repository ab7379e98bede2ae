/**
 * The days of the week a permission allows (docs/permissions.md), kept apart from the rest of the
 * permission's constants so the device's sync code, which reads them on every pulled spot, loads only these.
 */
/** Days of the week, Monday first (the UK's week), as stored and sent. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Readonly<Record<Weekday, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export function isWeekday(value: unknown): value is Weekday {
  return typeof value === 'string' && (WEEKDAYS as readonly string[]).includes(value);
}

/** The days in the week's order, each once. */
export const inWeekOrder = (days: readonly Weekday[]): Weekday[] => WEEKDAYS.filter((d) => days.includes(d));

/** "Any day" when none are chosen; otherwise the days, in order, by name. */
export function allowedDaysText(days: readonly Weekday[] | null | undefined): string {
  if (!days || days.length === 0 || days.length === WEEKDAYS.length) return 'Any day';
  return inWeekOrder(days)
    .map((d) => WEEKDAY_LABELS[d])
    .join(', ');
}

