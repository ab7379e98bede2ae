/**
 * Row → wire for events: the one place it happens, for REST answers and pull changes alike. Only the
 * organiser's username is read from their account, masked for others when it looks like an e-mail address
 * (nameFor); nothing else an event shows is private.
 */
import type { Event } from '@schema/contracts/events';
import type { events } from '@schema/db/tables';
import type { Viewer } from '../../sync/registry';
import { nameFor } from '../../sync/visibility';

export type EventRow = typeof events.$inferSelect;

export function toEvent(row: EventRow, username: string, viewer: Viewer): Event {
  return {
    id: row.id,
    uid: row.uid,
    userId: row.userId,
    username: nameFor(viewer, row.userId, username),
    title: row.title,
    description: row.description,
    location: row.location ?? '',
    eventDate: row.eventDate,
    attendeeCount: row.attendeeCount,
    commentCount: row.commentCount,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
