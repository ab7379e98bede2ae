/**
 * Events opt into engagement (sync-server/src/engagement; docs/product/events.md): comments of 3–1000
 * characters, edited by their writer and deleted by their writer or the official account as moderator,
 * and attendance — a member's "like" of an event: one per member and event, keyed by the event's uid,
 * idempotent both ways. The event keeps `attendeeCount` and `commentCount`, computed by the server in the
 * transaction of the row behind them; they travel to devices as `event_counts` (sync PROTOCOL.md S30).
 * Deleting an event tombstones its comments and attendances; so does deleting its organiser's account.
 *
 * The organiser is the first attendee: created with the event, counted, and never able to leave (409).
 *
 * Offline and on conflict: a join queued on a device is refused when it reaches the server after the event
 * has started (409, 'This event has already taken place…') or after the event was deleted
 * (`parent-missing`, 'Event Not Found'); both land in Not synced with that message. Leaving is refused only
 * to the organiser: an event already gone has nobody left to leave.
 */
import { eq } from 'drizzle-orm';
import { eventAttendees, eventComments, events } from '@schema/db/tables';
import {
  eventCommentSchema,
  eventCommentSyncCreatePayloadSchema,
  eventMessages,
  isPastEvent,
} from '@schema/contracts/events';
import { defineEngagement } from '../../engagement/define';
import { conflict } from '../../lib/errors';
import { first } from '../../lib/query';

export const eventEngagement = defineEngagement({
  parent: {
    table: events,
    owner: events.userId,
    entity: 'events',
    counts: 'event_counts',
    notFound: eventMessages.notFound,
    wire: { id: 'eventId', uid: 'eventUid' },
  },
  comments: {
    entity: 'event_comments',
    table: eventComments,
    parentId: eventComments.eventId,
    counter: events.commentCount,
    counterField: 'commentCount',
    schemas: { content: eventCommentSchema, syncCreate: eventCommentSyncCreatePayloadSchema },
    messages: eventMessages,
    policy: { deleteBy: 'writer-or-moderator' },
  },
  likes: {
    entity: 'event_attendees',
    table: eventAttendees,
    parentId: eventAttendees.eventId,
    counter: events.attendeeCount,
    counterField: 'attendeeCount',
    notEditable: eventMessages.attendanceNotEditable,
    // Join only while upcoming (docs/product/events.md "States"): decided by the server's clock.
    async mayAdd({ store, parent }) {
      const row = await first(
        store.select({ eventDate: events.eventDate }).from(events).where(eq(events.id, parent.id)),
      );
      return row && isPastEvent(row.eventDate) ? conflict(eventMessages.alreadyTookPlace) : null;
    },
    // The organiser attends from the moment the event is created (service.ts) and cannot leave it.
    async mayRemove({ store, user, parent }) {
      const row = await first(
        store.select({ organiser: events.userId }).from(events).where(eq(events.id, parent.id)),
      );
      return row?.organiser === user.id ? conflict(eventMessages.organiserAttends) : null;
    },
  },
});
