/**
 * Events contracts (docs/product/events.md "Rules and messages", "API calls"; docs/product/data-model.md):
 * the create, edit and comment rules with the product's exact messages, the wire shapes REST and pull both
 * answer with, and the sync payloads of the events entities (events, event_comments, event_attendees).
 * The web form, the Dexie outbox and the server validate with these same schemas.
 *
 * Dates travel as UTC instants (ISO 8601 with `Z` or an offset); a create's date must be in the future
 * when it is checked — on the device when saved, and again on the server when it arrives (an event saved
 * offline whose date has passed by then is refused, and waits in Not synced for a new date).
 */
import { z } from 'zod';
import { text } from './text';
import {
  EVENT_COMMENT_MAX,
  EVENT_COMMENT_MIN,
  EVENT_DESCRIPTION_MAX,
  EVENT_LOCATION_MAX,
  EVENT_LOCATION_MIN,
  EVENT_TITLE_MAX,
  EVENT_TITLE_MIN,
  eventMessages,
} from './events-constants';
import type { PublicUser } from './users';

export * from './events-constants';

const title = text({ error: eventMessages.titleTooShort })
  .trim()
  .min(EVENT_TITLE_MIN, eventMessages.titleTooShort)
  .max(EVENT_TITLE_MAX, eventMessages.titleTooLong);

const location = text({ error: eventMessages.locationRequired })
  .trim()
  .min(EVENT_LOCATION_MIN, eventMessages.locationRequired)
  .max(EVENT_LOCATION_MAX, eventMessages.locationTooLong);

const descriptionText = text({ error: eventMessages.descriptionTooLong })
  .trim()
  .max(EVENT_DESCRIPTION_MAX, eventMessages.descriptionTooLong);

/** Optional on create: absent and null both mean "no description" (stored as ''). */
const description = z.preprocess((v) => (v === undefined || v === null ? '' : v), descriptionText);

/** An instant: a date, a time and a zone (Z or ±hh:mm). A wall time without a zone is ambiguous. */
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

/** A real calendar date and clock time (no 30 February, no 24:00), which Date.parse would roll over. */
function isRealInstant(value: string): boolean {
  const m = INSTANT.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second = 0, offsetHours = 0, offsetMinutes = 0] = m
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
  return (
    date.getUTCMonth() + 1 === month &&
    date.getUTCDate() === day &&
    (hour ?? 0) <= 23 &&
    (minute ?? 0) <= 59 &&
    second <= 59 &&
    offsetHours <= 23 &&
    offsetMinutes <= 59 &&
    !Number.isNaN(Date.parse(value))
  );
}

/** The event's date as a UTC instant, normalised (`2025-01-05T15:30:00.000Z`): stored text sorts by time. */
export const eventDateSchema = z
  .string({ error: eventMessages.dateRequired })
  .trim()
  .min(1, eventMessages.dateRequired)
  .refine(isRealInstant, eventMessages.dateInvalid)
  .transform((v) => new Date(v).toISOString());

/** Checked when the value is read, so a date that was future when saved offline may have passed by sync. */
const futureEventDate = eventDateSchema.refine((v) => Date.parse(v) > Date.now(), eventMessages.dateInFuture);

/** Create Event (POST /api/events and the sync create). `userId` is not read: the session decides. */
export const eventCreateSchema = z.object({ title, description, location, eventDate: futureEventDate });
export type EventCreateInput = z.output<typeof eventCreateSchema>;

/**
 * Edit (PUT /api/events/{id} and the sync update): the same rules, every field optional — a field left out
 * keeps its value (two devices editing different fields both keep their edit). A changed date must be in
 * the future; the service checks it against the stored one, so an edit of a past event's text stays possible.
 */
export const eventUpdateSchema = z.object({
  title: title.optional(),
  description: descriptionText.nullable().optional(),
  location: location.optional(),
  eventDate: eventDateSchema.optional(),
});
export type EventUpdateInput = z.output<typeof eventUpdateSchema>;

export const eventSyncCreatePayloadSchema = eventCreateSchema;
export const eventSyncUpdatePayloadSchema = eventUpdateSchema;

export const eventCommentSchema = z.object({
  content: text({ error: eventMessages.commentTooShort })
    .trim()
    .min(EVENT_COMMENT_MIN, eventMessages.commentTooShort)
    .max(EVENT_COMMENT_MAX, eventMessages.commentTooLong),
});
export type EventCommentInput = z.output<typeof eventCommentSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Entity 'event_comments' create: the event by uid, since it may not have a server id yet. */
export const eventCommentSyncCreatePayloadSchema = eventCommentSchema.extend({
  eventUid: z.string({ error: eventMessages.notFound }).regex(UUID, eventMessages.notFound),
});

/** An event on the wire (REST and pull alike). `attendeeCount` and `commentCount` are the server's. */
export interface Event {
  id: number;
  uid: string;
  userId: number;
  /** The organiser's name, so a card shows it offline. */
  username: string;
  title: string;
  description: string | null;
  location: string;
  /** UTC instant, ISO 8601. */
  eventDate: string;
  attendeeCount: number;
  commentCount: number;
  created_at: string;
  updated_at: string;
}

export interface EventComment {
  id: number;
  uid: string;
  eventId: number;
  /** The parent's uid: offline clients link comments to events that have no server id yet. */
  eventUid: string;
  userId: number;
  username: string;
  content: string;
  created_at: string;
}

/**
 * The caller's own attendance, as pulled (entity 'event_attendees'): keyed by the event's uid, one per
 * member and event, and pulled by that member only. Who attends is public through
 * `GET /api/events/{id}/attendees`.
 */
export interface EventAttendance {
  uid: string;
  eventId: number;
  userId: number;
  created_at: string;
}

/** One attendee in `GET /api/events/{id}/attendees`: public profile fields only, and when they joined. */
export interface EventAttendee extends PublicUser {
  joined_at: string;
  /** The event's organiser, who attends from its creation (listed first, shown as Organiser). */
  isOrganizer: boolean;
}

/** `POST|DELETE /api/events/{id}/join` (and `/attend`). */
export interface AttendanceStatus {
  isAttending: boolean;
  attendeeCount: number;
}

/** `data` of an `event_counts` change (sync S30). */
export interface EventCountsData {
  uid: string;
  id: number;
  attendeeCount: number;
  commentCount: number;
}
