/**
 * Event times in the member's zone (docs/product/events.md "Rules and messages"): around midnight and
 * across both of Europe/London's clock changes (2025: 30 March 01:00 GMT → 02:00 BST, 26 October
 * 02:00 BST → 01:00 GMT), and in a zone far from UTC.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DATE_NOT_AVAILABLE,
  DEVICE_CLOCK,
  deviceTimeZone,
  formatEventDay,
  formatEventFullDate,
  formatEventTime,
  instantToWallTime,
  wallTimeToInstant,
} from './events-dates';

const LONDON = 'Europe/London';
const at = (iso: string) => Date.parse(iso);

describe('cards: Today, Tomorrow, else "5 Jan 2025", with the 24-hour time', () => {
  it('in winter (GMT = UTC)', () => {
    const now = at('2025-01-05T10:00:00Z');
    expect(formatEventDay('2025-01-05T23:59:00Z', LONDON, now)).toBe('Today');
    expect(formatEventDay('2025-01-06T00:00:00Z', LONDON, now)).toBe('Tomorrow');
    expect(formatEventDay('2025-01-06T23:59:00Z', LONDON, now)).toBe('Tomorrow');
    expect(formatEventDay('2025-01-07T00:00:00Z', LONDON, now)).toBe('7 Jan 2025');
    expect(formatEventDay('2025-01-04T23:59:00Z', LONDON, now)).toBe('4 Jan 2025');
    expect(formatEventTime('2025-01-05T15:30:00Z', LONDON)).toBe('15:30');
    expect(formatEventTime('2025-01-05T00:05:00Z', LONDON)).toBe('00:05');
  });

  it('around midnight in summer: 23:30 UTC is already tomorrow in London (00:30 BST)', () => {
    const now = at('2025-06-05T12:00:00Z');
    expect(formatEventDay('2025-06-05T22:59:00Z', LONDON, now)).toBe('Today');
    expect(formatEventTime('2025-06-05T22:59:00Z', LONDON)).toBe('23:59');
    expect(formatEventDay('2025-06-05T23:30:00Z', LONDON, now)).toBe('Tomorrow');
    expect(formatEventTime('2025-06-05T23:30:00Z', LONDON)).toBe('00:30');
    // Just after midnight for the member, the evening before in UTC.
    const justAfterMidnight = at('2025-06-05T23:10:00Z');
    expect(formatEventDay('2025-06-06T09:00:00Z', LONDON, justAfterMidnight)).toBe('Today');
    expect(formatEventDay('2025-06-05T22:00:00Z', LONDON, justAfterMidnight)).toBe('5 Jun 2025');
  });

  it('across the spring clock change, the day after a 23-hour day is still Tomorrow', () => {
    const now = at('2025-03-29T23:30:00Z'); // Saturday 23:30 GMT
    expect(formatEventDay('2025-03-30T22:30:00Z', LONDON, now)).toBe('Tomorrow'); // Sunday 23:30 BST
    expect(formatEventTime('2025-03-30T22:30:00Z', LONDON)).toBe('23:30');
    expect(formatEventDay('2025-03-30T23:30:00Z', LONDON, now)).toBe('31 Mar 2025'); // Monday 00:30 BST
    expect(formatEventTime('2025-03-30T01:00:00Z', LONDON)).toBe('02:00');
    expect(formatEventTime('2025-03-30T00:59:00Z', LONDON)).toBe('00:59');
  });

  it('across the autumn clock change, a 25-hour day', () => {
    const now = at('2025-10-25T23:30:00Z'); // Sunday 00:30 BST
    expect(formatEventDay('2025-10-26T23:30:00Z', LONDON, now)).toBe('Today'); // Sunday 23:30 GMT
    expect(formatEventDay('2025-10-27T00:00:00Z', LONDON, now)).toBe('Tomorrow');
    expect(formatEventTime('2025-10-26T00:30:00Z', LONDON)).toBe('01:30'); // BST
    expect(formatEventTime('2025-10-26T01:30:00Z', LONDON)).toBe('01:30'); // GMT, an hour later
  });

  it('follows the member’s zone, not the server’s or UTC', () => {
    const now = at('2025-01-05T10:00:00Z');
    expect(formatEventDay('2025-01-05T20:00:00Z', 'Pacific/Auckland', now)).toBe('Tomorrow');
    expect(formatEventTime('2025-01-05T20:00:00Z', 'Pacific/Auckland')).toBe('09:00');
    expect(formatEventTime('2025-01-05T20:00:00Z', 'America/New_York')).toBe('15:00');
  });

  it('an unreadable date shows nothing on a card', () => {
    expect(formatEventDay('not a date', LONDON)).toBe('');
    expect(formatEventTime(null, LONDON)).toBe('');
  });
});

describe('the event page: "Monday 5 January 2025 at 15:30"', () => {
  it('in the member’s zone, or "Date not available"', () => {
    expect(formatEventFullDate('2025-01-05T15:30:00Z', LONDON)).toBe('Sunday 5 January 2025 at 15:30');
    expect(formatEventFullDate('2025-01-06T15:30:00Z', LONDON)).toBe('Monday 6 January 2025 at 15:30');
    expect(formatEventFullDate('2025-06-30T23:15:00Z', LONDON)).toBe('Tuesday 1 July 2025 at 00:15');
    expect(formatEventFullDate('2025-09-01T09:00:00Z', LONDON)).toBe('Monday 1 September 2025 at 10:00');
    expect(formatEventFullDate('', LONDON)).toBe(DATE_NOT_AVAILABLE);
    expect(formatEventFullDate('31/02/2025', LONDON)).toBe('Date not available');
  });
});

describe('the form: the member’s wall-clock time ⇄ the stored UTC instant', () => {
  it('in winter and summer', () => {
    expect(wallTimeToInstant('2025-01-05T15:30', LONDON)).toBe('2025-01-05T15:30:00.000Z');
    expect(wallTimeToInstant('2025-07-05T15:30', LONDON)).toBe('2025-07-05T14:30:00.000Z');
    expect(wallTimeToInstant('2025-07-06T00:15', LONDON)).toBe('2025-07-05T23:15:00.000Z');
    expect(instantToWallTime('2025-07-05T23:15:00.000Z', LONDON)).toBe('2025-07-06T00:15');
    expect(instantToWallTime('2025-01-05T15:30:00.000Z', LONDON)).toBe('2025-01-05T15:30');
  });

  it('a time the spring change skips moves an hour on; a time the autumn change repeats is the first one', () => {
    expect(wallTimeToInstant('2025-03-30T00:59', LONDON)).toBe('2025-03-30T00:59:00.000Z');
    expect(wallTimeToInstant('2025-03-30T01:30', LONDON)).toBe('2025-03-30T01:30:00.000Z'); // shown 02:30
    expect(instantToWallTime('2025-03-30T01:30:00.000Z', LONDON)).toBe('2025-03-30T02:30');
    expect(wallTimeToInstant('2025-03-30T02:00', LONDON)).toBe('2025-03-30T01:00:00.000Z');
    expect(wallTimeToInstant('2025-10-26T01:30', LONDON)).toBe('2025-10-26T00:30:00.000Z'); // BST
    expect(wallTimeToInstant('2025-10-26T02:00', LONDON)).toBe('2025-10-26T02:00:00.000Z'); // GMT
    expect(wallTimeToInstant('2025-10-26T00:59', LONDON)).toBe('2025-10-25T23:59:00.000Z');
  });

  it('round trips every quarter hour of both clock-change days', () => {
    for (const day of ['2025-03-30', '2025-10-26'])
      for (let m = 0; m < 24 * 60; m += 15) {
        const wall = `${day}T${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        const instant = wallTimeToInstant(wall, LONDON);
        expect(instant).not.toBeNull();
        const back = instantToWallTime(instant, LONDON);
        // Only the skipped spring hour reads back differently (an hour later).
        if (day === '2025-03-30' && wall >= `${day}T01:00` && wall < `${day}T02:00`)
          expect(back > wall).toBe(true);
        else expect(back).toBe(wall);
      }
  });

  it('refuses what is not a real date and time', () => {
    for (const bad of ['', '2025-02-30T10:00', '2025-01-05', '2025-01-05T24:00', '2025-01-05T10:60', 'soon'])
      expect(wallTimeToInstant(bad, LONDON)).toBeNull();
    expect(instantToWallTime('nope', LONDON)).toBe('');
  });
});

describe("the device's time zone is read once, not on every render", () => {
  afterEach(() => vi.restoreAllMocks());

  it('repeated calls build no formatter and give the same zone; a minute later it is read again', () => {
    const start = Date.now() + 10 * 60_000; // past whatever an earlier test cached
    const first = deviceTimeZone(start);
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    const zones = Array.from({ length: 200 }, (_, i) => deviceTimeZone(start + i * 100));
    expect(new Set(zones)).toEqual(new Set([first]));
    expect(built).not.toHaveBeenCalled();
    expect(deviceTimeZone(start + 61_000)).toBe(first);
    expect(built).toHaveBeenCalledTimes(1);
  });
});

describe("the device's clock gives what its zone's name gives, without Intl", () => {
  const zoneBefore = process.env.TZ;
  afterEach(() => {
    if (zoneBefore === undefined) delete process.env.TZ;
    else process.env.TZ = zoneBefore;
    vi.restoreAllMocks();
  });

  // Around both 2025 clock changes in London and New York, around midnight, and far from UTC.
  const instants = [
    '2025-03-30T00:30:00Z',
    '2025-03-30T01:30:00Z',
    '2025-10-26T00:30:00Z',
    '2025-10-26T01:30:00Z',
    '2025-03-09T06:30:00Z',
    '2025-11-02T05:30:00Z',
    '2025-06-30T23:59:00Z',
    '2025-01-01T00:00:00Z',
  ];

  it.each(['Europe/London', 'America/New_York', 'Pacific/Auckland'])('on a device in %s', (zone) => {
    process.env.TZ = zone; // Node follows a change of TZ at once, for Date and Intl alike
    const now = at('2025-03-29T12:00:00Z');
    for (const iso of instants) {
      expect(formatEventTime(iso, DEVICE_CLOCK)).toBe(formatEventTime(iso, zone));
      expect(formatEventDay(iso, DEVICE_CLOCK, now)).toBe(formatEventDay(iso, zone, now));
      expect(formatEventFullDate(iso, DEVICE_CLOCK)).toBe(formatEventFullDate(iso, zone));
      expect(instantToWallTime(iso, DEVICE_CLOCK)).toBe(instantToWallTime(iso, zone));
    }
    expect(wallTimeToInstant('2025-03-30T01:30', DEVICE_CLOCK)).toBe(wallTimeToInstant('2025-03-30T01:30', zone));
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    formatEventFullDate(instants[0], DEVICE_CLOCK);
    expect(built).not.toHaveBeenCalled();
  });
});
