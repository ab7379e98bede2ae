import { describe, expect, it } from 'vitest';
import { fieldMessages } from './validation';
import {
  DEFAULT_EVENT_FILTER,
  EVENT_FILTER_LABELS,
  EVENT_SKELETON_COUNT,
  eventCommentSchema,
  eventCommentSyncCreatePayloadSchema,
  eventCreateSchema,
  eventDateSchema,
  eventMessages,
  eventSyncCreatePayloadSchema,
  eventSyncUpdatePayloadSchema,
  eventUpdateSchema,
  isEventFilter,
  isPastEvent,
} from './events';

const errors = fieldMessages;
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const ok = () => ({ title: 'Group dig on stubble', location: 'Norfolk, UK', eventDate: inAWeek() });

describe('product texts (docs/product/events.md) are verbatim', () => {
  it.each([
    ['titleTooShort', 'Title must be at least 5 characters'],
    ['titleTooLong', 'Title cannot exceed 100 characters'],
    ['locationRequired', 'Location is required'],
    ['locationTooLong', 'Location cannot exceed 200 characters'],
    ['descriptionTooLong', 'Description cannot exceed 5000 characters'],
    ['dateRequired', 'Please choose a date and time'],
    ['dateInvalid', 'Please enter a valid date and time'],
    ['dateInFuture', 'Event date must be in the future'],
    ['authRequiredTitle', 'Authentication Required'],
    ['loginToCreate', 'Please log in to create an event.'],
    ['loginToEdit', 'Please log in to edit an event.'],
    ['loginToDelete', 'Please log in to delete an event.'],
    ['loginToJoin', 'You need to be logged in to join this event.'],
    ['loginToComment', 'Please log in to comment on an event.'],
    ['notOwner', 'You can only edit your own events.'],
    ['notOwnerDelete', 'You can only delete your own events.'],
    ['notFound', 'Event Not Found'],
    ['notFoundText', "The event you're looking for doesn't exist or has been removed."],
    ['alreadyTookPlace', 'This event has already taken place, so it can no longer be joined.'],
    ['attendanceNotEditable', 'Attendance can only be added or removed.'],
    ['uidTaken', 'This record id is already used by another member.'],
    ['commentTooShort', 'Comment must be at least 3 characters.'],
    ['commentTooLong', 'Comment cannot be longer than 1000 characters.'],
    ['commentNotFound', 'Comment not found'],
    ['notCommentOwnerEdit', 'You can only edit your own comments.'],
    ['notCommentOwnerDelete', 'You can only delete your own comments.'],
    ['created', 'Event Created'],
    ['createFailed', 'Failed to create event'],
    ['updated', 'Event updated successfully!'],
    ['updateFailed', 'Failed to update event'],
    ['deleted', 'Event Deleted'],
    ['deleteFailed', 'Failed to delete event'],
    ['joinedTitle', 'Success!'],
    ['joined', "You've joined this event."],
    ['joinedHome', "You've joined the event!"],
    ['joinFailed', 'Failed to join event'],
    ['joinFailedTitle', 'Failed to join'],
    ['somethingWentWrong', 'Something went wrong'],
    ['leftTitle', 'Left Event'],
    ['left', 'You are no longer attending this event.'],
    ['leaveFailed', 'Failed to leave event'],
    ['linkCopiedTitle', 'Link copied'],
    ['linkCopied', 'Event link copied to clipboard.'],
    ['copyFailed', 'Could not copy the link. Copy it from the address bar instead.'],
    ['savedOnDevice', 'Saved on this device. It will be shared with the community once it has synced.'],
    ['organiserAttends', 'The organiser attends their own event.'],
  ] as const)('%s', (key, text) => expect(eventMessages[key]).toBe(text));

  it('every message is checked above', () => {
    expect(Object.keys(eventMessages)).toHaveLength(46);
  });

  it('the list: Upcoming by default, its three labels, six skeletons', () => {
    expect(DEFAULT_EVENT_FILTER).toBe('upcoming');
    expect(EVENT_FILTER_LABELS).toEqual({ all: 'All Events', upcoming: 'Upcoming', past: 'Past' });
    expect(EVENT_SKELETON_COUNT).toBe(6);
    expect(isEventFilter('past')).toBe(true);
    expect(isEventFilter('soon')).toBe(false);
  });
});

describe('Create Event (docs/product/events.md "Rules and messages")', () => {
  it('accepts an event and normalises its date to the UTC instant; the description defaults to empty', () => {
    const parsed = eventCreateSchema.parse({ ...ok(), eventDate: '2099-07-05T15:30:00+01:00', userId: 3 });
    expect(parsed).toEqual({
      title: 'Group dig on stubble',
      description: '',
      location: 'Norfolk, UK',
      eventDate: '2099-07-05T14:30:00.000Z',
    });
    expect(eventCreateSchema.parse({ ...ok(), description: null }).description).toBe('');
  });

  it('title is 5 to 100 characters, trimmed', () => {
    expect(errors(eventCreateSchema, { ...ok(), title: 'Dig' })).toEqual({
      title: eventMessages.titleTooShort,
    });
    expect(errors(eventCreateSchema, { ...ok(), title: '   Digs   ' })).toEqual({
      title: eventMessages.titleTooShort,
    });
    expect(errors(eventCreateSchema, { ...ok(), title: 'Rally' })).toEqual({});
    expect(errors(eventCreateSchema, { ...ok(), title: 'x'.repeat(100) })).toEqual({});
    expect(errors(eventCreateSchema, { ...ok(), title: 'x'.repeat(101) })).toEqual({
      title: eventMessages.titleTooLong,
    });
    expect(errors(eventCreateSchema, { ...ok(), title: undefined })).toEqual({
      title: eventMessages.titleTooShort,
    });
  });

  it('location: at least 2 characters ("Location is required"), at most 200', () => {
    for (const location of [undefined, '', ' a ', null])
      expect(errors(eventCreateSchema, { ...ok(), location })).toEqual({
        location: eventMessages.locationRequired,
      });
    expect(errors(eventCreateSchema, { ...ok(), location: 'Ely' })).toEqual({});
    expect(errors(eventCreateSchema, { ...ok(), location: 'x'.repeat(201) })).toEqual({
      location: eventMessages.locationTooLong,
    });
  });

  it('description: optional, at most 5000', () => {
    expect(errors(eventCreateSchema, { ...ok(), description: 'x'.repeat(5000) })).toEqual({});
    expect(errors(eventCreateSchema, { ...ok(), description: 'x'.repeat(5001) })).toEqual({
      description: eventMessages.descriptionTooLong,
    });
  });

  it('date: required, an instant with its zone, in the future', () => {
    expect(errors(eventCreateSchema, { ...ok(), eventDate: undefined })).toEqual({
      eventDate: eventMessages.dateRequired,
    });
    expect(errors(eventCreateSchema, { ...ok(), eventDate: '' })).toEqual({
      eventDate: eventMessages.dateRequired,
    });
    for (const bad of ['tomorrow', '2099-01-05T15:30', '2099-02-30T10:00:00Z', '2099-13-01T10:00Z', 42])
      expect(errors(eventCreateSchema, { ...ok(), eventDate: bad })).toEqual({
        eventDate: bad === 42 ? eventMessages.dateRequired : eventMessages.dateInvalid,
      });
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(errors(eventCreateSchema, { ...ok(), eventDate: past })).toEqual({
      eventDate: eventMessages.dateInFuture,
    });
    expect(errors(eventCreateSchema, { ...ok(), eventDate: '2099-01-05T15:30Z' })).toEqual({});
  });

  it('the sync create payload is the REST body', () => {
    expect(eventSyncCreatePayloadSchema).toBe(eventCreateSchema);
    expect(eventSyncUpdatePayloadSchema).toBe(eventUpdateSchema);
  });
});

describe('Edit (docs/product/events.md "Rules and messages")', () => {
  it('every field optional; present fields keep the create rules; a date need not be future here', () => {
    expect(eventUpdateSchema.parse({})).toEqual({});
    expect(errors(eventUpdateSchema, { title: 'abc' })).toEqual({ title: eventMessages.titleTooShort });
    expect(errors(eventUpdateSchema, { location: '' })).toEqual({ location: eventMessages.locationRequired });
    expect(errors(eventUpdateSchema, { eventDate: 'soon' })).toEqual({
      eventDate: eventMessages.dateInvalid,
    });
    expect(eventUpdateSchema.parse({ eventDate: '2001-01-01T00:00:00Z' })).toEqual({
      eventDate: '2001-01-01T00:00:00.000Z',
    });
    expect(eventUpdateSchema.parse({ description: null })).toEqual({ description: null });
  });

  it('eventDateSchema normalises any offset to Z', () => {
    expect(eventDateSchema.parse('2025-10-26T01:30:00+01:00')).toBe('2025-10-26T00:30:00.000Z');
  });
});

describe('comments', () => {
  it('3 to 1000 characters, trimmed; the sync create names the event by uid', () => {
    expect(errors(eventCommentSchema, { content: ' ab ' })).toEqual({
      content: eventMessages.commentTooShort,
    });
    expect(errors(eventCommentSchema, { content: 'x'.repeat(1001) })).toEqual({
      content: eventMessages.commentTooLong,
    });
    expect(errors(eventCommentSyncCreatePayloadSchema, { content: 'Count me in', eventUid: 'nope' })).toEqual(
      {
        eventUid: eventMessages.notFound,
      },
    );
    expect(
      errors(eventCommentSyncCreatePayloadSchema, {
        content: 'Count me in',
        eventUid: '0192f0c4-6f1d-7b8e-9c3a-2d4e5f6a7b8c',
      }),
    ).toEqual({});
  });
});

describe('isPastEvent (docs/product/events.md "States")', () => {
  it('past from the moment it starts; an unreadable date is never joinable', () => {
    const now = Date.parse('2025-01-05T15:30:00Z');
    expect(isPastEvent('2025-01-05T15:30:00.001Z', now)).toBe(false);
    expect(isPastEvent('2025-01-05T15:30:00.000Z', now)).toBe(true);
    expect(isPastEvent('2025-01-05T15:29:59.999Z', now)).toBe(true);
    expect(isPastEvent('not a date', now)).toBe(true);
  });
});
