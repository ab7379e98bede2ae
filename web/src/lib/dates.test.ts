/** The app's date style (docs/product/overview.md "Words we use"): '5 Mar 2024', times on the 24-hour clock. */
import { describe, expect, it } from 'vitest';
import { formatDay, formatDayTime } from './dates';

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
});
