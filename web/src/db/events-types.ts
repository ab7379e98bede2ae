/**
 * Row types of the events tables (database.ts version 6). Events and their comments are keyed by `uid`
 * like every record a member can write offline (docs/sync.md "Record identity"); the server's numeric `id`
 * is null until the create is acknowledged. The member's own attendance is keyed by the event's uid.
 */
import type { Event, EventAttendance, EventComment } from '@schema/contracts/events';
import type { ModeratorMark } from './entity-fields';

/** An event as stored: the wire shape, its id null until the server has it. Dates are UTC instants. */
export type LocalEvent = Omit<Event, 'id'> & { id: number | null } & ModeratorMark;

export type LocalEventComment = Omit<EventComment, 'id' | 'eventId'> &
  ModeratorMark & {
    id: number | null;
    eventId: number | null;
  };

/** The member's own attendance, keyed by the event's uid (one per member and event). */
export type LocalEventAttendance = Omit<EventAttendance, 'eventId'> & { eventId: number | null };
