import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers';

describe('formatCount (en-GB, whatever the browser locale)', () => {
  it('groups thousands with commas and keeps small numbers as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(12345678)).toBe('12,345,678');
  });

  it('does not follow the default locale', () => {
    // What toLocaleString() would give on a German device: the formatter must not.
    expect((12345).toLocaleString('de-DE')).toBe('12.345');
    expect(formatCount(12345)).toBe('12,345');
  });

  it('writes every whole number exactly as Intl.NumberFormat en-GB does, and anything else through it', () => {
    const intl = new Intl.NumberFormat('en-GB');
    const samples = [1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000];
    for (const n of [...samples, ...samples.map((s) => -s), Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER])
      expect(formatCount(n), String(n)).toBe(intl.format(n));
    for (let n = 0; n < 5000; n += 1) {
      const random = Math.round((Math.random() - 0.5) * 10 ** (1 + (n % 15)));
      expect(formatCount(random), String(random)).toBe(intl.format(random));
    }
    for (const odd of [1234.5, -0, 2 ** 60, Number.NaN, Infinity])
      expect(formatCount(odd)).toBe(intl.format(odd));
  });
});
