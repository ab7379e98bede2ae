import { describe, expect, it, vi } from 'vitest';
import { formatDay } from '@web/lib/dates';
import { sharedOn, storyHref, yearsLabel } from './story-display';

describe('story display', () => {
  it('years detecting reads naturally, and is left out when not said', () => {
    expect(yearsLabel(null)).toBeNull();
    expect(yearsLabel(undefined)).toBeNull();
    expect(yearsLabel(0)).toBe('New to detecting');
    expect(yearsLabel(1)).toBe('1 year detecting');
    expect(yearsLabel(12)).toBe('12 years detecting');
  });

  it('dates are en-GB; an unreadable one is empty', () => {
    expect(sharedOn('2025-01-05T12:00:00.000Z')).toBe('5 Jan 2025');
    expect(sharedOn('nonsense')).toBe('');
  });

  it('writes September as every other date of the app does, and makes no Intl formatter', () => {
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    const days = Array.from({ length: 50 }, () => sharedOn('2025-09-05T12:00:00.000Z'));
    expect(new Set(days)).toEqual(new Set([formatDay('2025-09-05T12:00:00.000Z')]));
    expect(days[0]).toBe('5 Sep 2025');
    expect(built).not.toHaveBeenCalled();
    built.mockRestore();
  });

  it('a story is addressed by its id, or its uid before it has synced', () => {
    expect(storyHref({ id: 42, uid: 'abc' })).toBe('/wellbeing/stories/42');
    expect(storyHref({ id: null, uid: 'abc' })).toBe('/wellbeing/stories/abc');
  });
});
