/** The app's date style (docs/product/overview.md "Words we use"): '5 Mar 2024', times on the 24-hour clock. */
import { formatDistance } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { clockText, formatDay, formatDayTime, isoDayText, timeAgo } from './dates';

/** An ISO instant for a wall-clock time in the test's own time zone (the formatters show local time). */
const local = (y: number, m: number, d: number, h: number, min: number, s = 0) =>
  new Date(y, m - 1, d, h, min, s).toISOString();

describe('dates', () => {
  it("writes a day as '5 Mar 2024'", () => {
    expect(formatDay(local(2024, 3, 5, 9, 0))).toBe('5 Mar 2024');
  });

  it("writes a message's time as '27 Nov 2026, 13:28': no slashes, no seconds, the 24-hour clock", () => {
    expect(formatDayTime(local(2026, 11, 27, 13, 28, 29))).toBe('27 Nov 2026, 13:28');
    expect(formatDayTime(local(2026, 1, 3, 7, 5))).toBe('3 Jan 2026, 07:05');
  });

  it('writes nothing for a missing or unreadable date', () => {
    expect(formatDay(null)).toBe('');
    expect(formatDayTime(undefined)).toBe('');
    expect(formatDayTime('not a date')).toBe('');
  });

  it("writes a date input's day and a clock time with leading zeros", () => {
    expect(isoDayText(new Date(2024, 2, 5, 23, 59))).toBe('2024-03-05');
    expect(clockText(new Date(2024, 2, 5, 7, 5))).toBe('07:05');
  });

  it('words a relative time as date-fns formatDistanceToNow does, with its suffix', () => {
    const now = new Date(2026, 10, 27, 13, 28, 29);
    const ago = (ms: number) => timeAgo(new Date(now.getTime() - ms), now);
    expect(ago(10_000)).toBe('less than a minute ago');
    expect(ago(3 * 60_000)).toBe('3 minutes ago');
    expect(ago(2 * 3_600_000)).toBe('about 2 hours ago');
    expect(timeAgo(new Date(now.getTime() + 3 * 86_400_000), now)).toBe('in 3 days');
    expect(ago(400 * 86_400_000)).toBe('about 1 year ago');
  });

  it('agrees with date-fns on every boundary and on thousands of instants either side of now', () => {
    const minute = 60_000;
    // Each rule's edges (in minutes), then seconds to ten years, both ways, across month ends and clock changes.
    const edges = [
      0, 0.5, 1, 1.5, 2, 44, 44.5, 45, 89, 89.5, 90, 1439, 1440, 2519, 2520, 43199, 43200, 86399, 86400,
    ];
    const spans = [
      ...edges.flatMap((m) => [m * minute - 1000, m * minute, m * minute + 1000]),
      ...Array.from(
        { length: 3000 },
        (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 10 ** ((i % 10) + 1)) * 1000,
      ),
    ];
    const nows = [
      new Date(2026, 10, 27, 13, 28, 29),
      new Date(2024, 2, 31, 1, 30),
      new Date(2024, 1, 29, 12, 0),
      new Date(2025, 9, 26, 0, 59, 59),
      new Date(2023, 0, 31, 23, 59, 59),
    ];
    const mismatches: string[] = [];
    for (const now of nows)
      for (const span of spans)
        for (const date of [new Date(now.getTime() - span), new Date(now.getTime() + span)]) {
          const expected = formatDistance(date, now, { addSuffix: true });
          const actual = timeAgo(date, now);
          if (actual !== expected)
            mismatches.push(`${date.toISOString()} from ${now.toISOString()}: ${actual} ≠ ${expected}`);
        }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});
