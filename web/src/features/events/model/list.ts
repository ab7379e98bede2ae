/**
 * The events list on the device (docs/product/events.md "Screens"): which events a filter shows and in
 * what order — the server's rules, so the list reads the same offline as online: Upcoming soonest first,
 * Past most recent first, All latest date first; search by title or location, ignoring case.
 */
import { isPastEvent, type EventFilter } from '@schema/contracts/events-constants';

export interface ListedEvent {
  id: number | null;
  title: string;
  location: string;
  eventDate: string;
}

export function matchesEventSearch(event: Pick<ListedEvent, 'title' | 'location'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return event.title.toLowerCase().includes(q) || event.location.toLowerCase().includes(q);
}

export function inFilter(event: Pick<ListedEvent, 'eventDate'>, filter: EventFilter, now: number): boolean {
  if (filter === 'all') return true;
  return isPastEvent(event.eventDate, now) === (filter === 'past');
}

/** The list's order; events not yet on the server (no id) after those on the same instant. */
export function compareInList(filter: EventFilter) {
  const direction = filter === 'upcoming' ? 1 : -1;
  return (a: ListedEvent, b: ListedEvent): number => {
    if (a.eventDate !== b.eventDate) return a.eventDate < b.eventDate ? -direction : direction;
    const ai = a.id ?? Number.MAX_SAFE_INTEGER;
    const bi = b.id ?? Number.MAX_SAFE_INTEGER;
    return ai === bi ? 0 : ai < bi ? -direction : direction;
  };
}

export function listEvents<E extends ListedEvent>(
  events: readonly E[],
  filter: EventFilter,
  query: string,
  now: number,
): E[] {
  return events
    .filter((e) => inFilter(e, filter, now) && matchesEventSearch(e, query))
    .sort(compareInList(filter));
}

/** Attendee count as a card says it: '3 attending' (0 when missing). */
export function attendingLabel(count: number | null | undefined): string {
  return `${count ?? 0} attending`;
}

/** The event page's count: '1 person', '0 people', '12 people'. */
export function peopleLabel(count: number | null | undefined): string {
  const n = count ?? 0;
  return `${n} ${n === 1 ? 'person' : 'people'}`;
}
