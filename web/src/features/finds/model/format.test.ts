import { describe, expect, it } from 'vitest';
import { locationLabel } from '@schema/contracts/finds';
import { formatFindDate, matchesSearch, periodBadgeClasses } from './format';

describe('find display rules (docs/product/finds.md)', () => {
  it("dates read as en-GB: '5 Mar 2024'", () => {
    expect(formatFindDate('2024-03-05T10:00:00.000Z')).toBe('5 Mar 2024');
    expect(formatFindDate('2026-11-23T10:00:00.000Z')).toBe('23 Nov 2026');
    expect(formatFindDate('not a date')).toBe('');
  });

  it('colours periods as the spec lists; unknown and unlisted periods use the Unknown colour', () => {
    expect(periodBadgeClasses('Roman')).toContain('red');
    expect(periodBadgeClasses('Medieval')).toContain('blue');
    expect(periodBadgeClasses('Victorian')).toContain('purple');
    expect(periodBadgeClasses('Bronze Age')).toContain('amber');
    expect(periodBadgeClasses('Iron Age')).toContain('orange');
    expect(periodBadgeClasses('Saxon')).toContain('green');
    expect(periodBadgeClasses('Modern')).toBe(periodBadgeClasses('Modern'));
    expect(periodBadgeClasses('Martian')).toBe(periodBadgeClasses('Unknown'));
    expect(periodBadgeClasses('Viking')).toBe(periodBadgeClasses('Unknown'));
    expect(periodBadgeClasses('Modern')).not.toBe(periodBadgeClasses('Unknown'));
  });

  it("cards show the first location segment or 'Unknown Location'", () => {
    expect(locationLabel('Norfolk, UK')).toBe('Norfolk');
    expect(locationLabel('')).toBe('Unknown Location');
  });

  it('searches title, description and location, ignoring case', () => {
    const find = { title: 'Roman denarius', description: 'Silver, worn', location: 'Norfolk, UK' };
    expect(matchesSearch(find, 'DENARIUS')).toBe(true);
    expect(matchesSearch(find, 'silver')).toBe(true);
    expect(matchesSearch(find, 'norfolk')).toBe(true);
    expect(matchesSearch(find, 'gold')).toBe(false);
    expect(matchesSearch({ ...find, description: null }, 'silver')).toBe(false);
  });
});
