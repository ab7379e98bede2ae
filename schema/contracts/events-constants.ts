/**
 * The events contracts' plain values — limits, list filters and the exact messages — kept apart from the
 * Zod schemas in ./events so that a screen needing only these (the home page's Upcoming Events, the sync
 * engine) does not download Zod on the first visit (docs/architecture.md). ./events re-exports everything
 * here. The rules and texts are docs/product/events.md's.
 */

export const EVENT_TITLE_MIN = 5;
export const EVENT_TITLE_MAX = 100;
export const EVENT_LOCATION_MIN = 2;
/** Not in the product spec: a place name, not an essay (as for finds). */
export const EVENT_LOCATION_MAX = 200;
/** Not in the product spec: generous for a programme, small enough that every device can hold the window. */
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_COMMENT_MIN = 3;
export const EVENT_COMMENT_MAX = 1000;

/** Events per page of `GET /api/events` and of the /events list. */
export const EVENTS_PAGE_SIZE = 24;
/** Attendees per page of `GET /api/events/{id}/attendees`. */
export const ATTENDEES_PAGE_SIZE = 50;
/** Skeleton cards while the /events list loads. */
export const EVENT_SKELETON_COUNT = 6;
/** Home "Upcoming Events" shows the next few. */
export const HOME_UPCOMING_EVENTS = 3;

/**
 * The list's filters: `upcoming` (the default) soonest first, `past` most recent first, `all` latest date
 * first. An event is upcoming while its date is after now, past from that moment on.
 */
export const EVENT_FILTERS = ['upcoming', 'past', 'all'] as const;
export type EventFilter = (typeof EVENT_FILTERS)[number];
export const DEFAULT_EVENT_FILTER: EventFilter = 'upcoming';
export const EVENT_FILTER_LABELS: Readonly<Record<EventFilter, string>> = {
  all: 'All Events',
  upcoming: 'Upcoming',
  past: 'Past',
};

export function isEventFilter(value: unknown): value is EventFilter {
  return typeof value === 'string' && (EVENT_FILTERS as readonly string[]).includes(value);
}

/** Past from the moment it starts: a member can join only while this is false. */
export function isPastEvent(eventDate: string, now: number = Date.now()): boolean {
  const at = Date.parse(eventDate);
  return Number.isNaN(at) || at <= now;
}

export const eventMessages = {
  titleTooShort: `Title must be at least ${EVENT_TITLE_MIN} characters`,
  titleTooLong: `Title cannot exceed ${EVENT_TITLE_MAX} characters`,
  locationRequired: 'Location is required',
  locationTooLong: `Location cannot exceed ${EVENT_LOCATION_MAX} characters`,
  descriptionTooLong: `Description cannot exceed ${EVENT_DESCRIPTION_MAX} characters`,
  dateRequired: 'Please choose a date and time',
  dateInvalid: 'Please enter a valid date and time',
  dateInFuture: 'Event date must be in the future',
  authRequiredTitle: 'Authentication Required',
  loginToCreate: 'Please log in to create an event.',
  loginToEdit: 'Please log in to edit an event.',
  loginToDelete: 'Please log in to delete an event.',
  loginToJoin: 'You need to be logged in to join this event.',
  loginToComment: 'Please log in to comment on an event.',
  notOwner: 'You can only edit your own events.',
  notOwnerDelete: 'You can only delete your own events.',
  notFound: 'Event Not Found',
  notFoundText: "The event you're looking for doesn't exist or has been removed.",
  alreadyTookPlace: 'This event has already taken place, so it can no longer be joined.',
  organiserAttends: 'The organiser attends their own event.',
  attendanceNotEditable: 'Attendance can only be added or removed.',
  uidTaken: 'This record id is already used by another member.',
  commentTooShort: `Comment must be at least ${EVENT_COMMENT_MIN} characters.`,
  commentTooLong: `Comment cannot be longer than ${EVENT_COMMENT_MAX} characters.`,
  commentNotFound: 'Comment not found',
  notCommentOwnerEdit: 'You can only edit your own comments.',
  notCommentOwnerDelete: 'You can only delete your own comments.',
  // Toasts (docs/product/events.md "Rules and messages").
  created: 'Event Created',
  createFailed: 'Failed to create event',
  updated: 'Event updated successfully!',
  updateFailed: 'Failed to update event',
  deleted: 'Event Deleted',
  deleteFailed: 'Failed to delete event',
  joinedTitle: 'Success!',
  joined: "You've joined this event.",
  joinedHome: "You've joined the event!",
  joinFailed: 'Failed to join event',
  joinFailedTitle: 'Failed to join',
  somethingWentWrong: 'Something went wrong',
  leftTitle: 'Left Event',
  left: 'You are no longer attending this event.',
  leaveFailed: 'Failed to leave event',
  linkCopiedTitle: 'Link copied',
  linkCopied: 'Event link copied to clipboard.',
  copyFailed: 'Could not copy the link. Copy it from the address bar instead.',
  savedOnDevice: 'Saved on this device. It will be shared with the community once it has synced.',
} as const;
