/**
 * The list's day headings: "Today", "Yesterday", then the day in the app's date style ('5 Mar 2024'),
 * in the device's time zone (what the member calls today).
 */
import { clockText, formatDay, isoDayText } from '@web/lib/dates';

export function dayHeading(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = isoDayText(date);
  if (day === isoDayText(now)) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  if (day === isoDayText(yesterday)) return 'Yesterday';
  return formatDay(iso);
}

/** Consecutive items of one day together, in the order given (newest first). */
export function groupByDay<T extends { created_at: string }>(
  items: readonly T[],
  now: Date = new Date(),
): { heading: string; key: string; items: T[] }[] {
  const groups: { heading: string; key: string; items: T[] }[] = [];
  for (const item of items) {
    const date = new Date(item.created_at);
    const key = Number.isNaN(date.getTime()) ? '' : isoDayText(date);
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.items.push(item);
    else groups.push({ key, heading: dayHeading(item.created_at, now), items: [item] });
  }
  return groups;
}

/** '13:28' (24-hour, the app's style). */
export function timeOfDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : clockText(date);
}
