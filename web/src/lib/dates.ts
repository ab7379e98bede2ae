/**
 * Dates as a British reader writes them (the app is en-GB; docs/product/overview.md "Words we use"):
 * '23 Nov 2026' (and, where a time is shown, the 24-hour clock). Relative times ('3 days ago') come from
 * date-fns' formatDistanceToNow. Fixed patterns rather than the browser's locale, so every device and
 * every test shows the same text.
 */
import { format } from 'date-fns';

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '5 Mar 2024'; '' for a missing or unreadable date. */
export function formatDay(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? format(date, 'd MMM yyyy') : '';
}

/** '27 Nov 2026, 13:28' in the device's time zone (a message's time); '' for a missing or unreadable date. */
export function formatDayTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? format(date, 'd MMM yyyy, HH:mm') : '';
}
