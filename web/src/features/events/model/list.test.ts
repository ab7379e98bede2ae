/** The list on the device keeps the server's rules (docs/product/events.md "Screens"). */
import { describe, expect, it } from 'vitest';
import { attendingLabel, listEvents, matchesEventSearch, peopleLabel } from './list';

const now = Date.parse('2025-01-05T12:00:00Z');
const at = (iso: string, title: string, id: number | null, location = 'Kent') => ({
  id,
  title,
  location,
  eventDate: iso,
});
const events = [
  at('2025-01-06T09:00:00.000Z', 'Monday dig', 3),
  at('2025-01-05T11:59:00.000Z', 'Just started', 4),
  at('2025-01-05T12:01:00.000Z', 'In a minute', 5, 'Norfolk'),
  at('2025-01-06T09:00:00.000Z', 'Monday dig too', 2),
  at('2025-01-06T09:00:00.000Z', 'Offline one', null),
  at('2024-12-01T09:00:00.000Z', 'December rally', 1),
];
const titles = (list: { title: string }[]) => list.map((e) => e.title);

describe('listEvents', () => {
  it('upcoming: after now, soonest first; same instant by id, unsynced last', () => {
    expect(titles(listEvents(events, 'upcoming', '', now))).toEqual([
      'In a minute',
      'Monday dig too',
      'Monday dig',
      'Offline one',
    ]);
  });

  it('past: from the moment it starts, most recent first', () => {
    expect(titles(listEvents(events, 'past', '', now))).toEqual(['Just started', 'December rally']);
  });

  it('all: latest date first', () => {
    expect(titles(listEvents(events, 'all', '', now))).toEqual([
      'Offline one',
      'Monday dig',
      'Monday dig too',
      'In a minute',
      'Just started',
      'December rally',
    ]);
  });

  it('search: title or location, ignoring case and spaces around', () => {
    expect(titles(listEvents(events, 'all', '  NORFOLK ', now))).toEqual(['In a minute']);
    expect(titles(listEvents(events, 'upcoming', 'monday', now))).toEqual(['Monday dig too', 'Monday dig']);
    expect(matchesEventSearch({ title: 'Club AGM', location: 'Village hall' }, 'HALL')).toBe(true);
    expect(matchesEventSearch({ title: 'Club AGM', location: 'Village hall' }, 'beach')).toBe(false);
  });
});

describe('labels', () => {
  it("cards say 'N attending' (0 when missing); the event page says person or people", () => {
    expect(attendingLabel(3)).toBe('3 attending');
    expect(attendingLabel(undefined)).toBe('0 attending');
    expect(peopleLabel(1)).toBe('1 person');
    expect(peopleLabel(0)).toBe('0 people');
    expect(peopleLabel(12)).toBe('12 people');
  });
});
