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
});
