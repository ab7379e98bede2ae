/**
 * The events' synced entities (docs/product/events.md; PROTOCOL.md entities table): events, their comments
 * and the member's own attendance — the events' "like" (one per member and event, keyed by the event's
 * uid), made with the same engagement factory as finds' and posts'. Who else attends is public but is read
 * from the server (`GET /api/events/{id}/attendees`), not kept on every device.
 */
import type { LocalEvent, LocalEventAttendance, LocalEventComment } from '../events-types';
import { defineEntity, quoted, verbFor } from '../entity-descriptor';
import { hasShape, text } from '../entity-fields';
import { engagementEntities } from './engagement';

const isLocalEvent = hasShape<LocalEvent>({
  uid: 'string',
  userId: 'number',
  title: 'string',
  location: 'string',
  eventDate: 'string',
  attendeeCount: 'number',
  commentCount: 'number',
});

export const eventsEntity = defineEntity<LocalEvent, 'events'>({
  entity: 'events',
  label: 'Events',
  scope: {
    kind: 'owned',
    window: 'recent:events',
    counts: { entity: 'event_counts', fields: ['attendeeCount', 'commentCount'] },
    rest: { record: (ref) => `/api/events/${encodeURIComponent(ref)}`, list: '/api/events' },
  },
  is: isLocalEvent,
  fold: { title: 'text', description: 'text-or-empty', location: 'text', eventDate: 'text' },
  fromServer(data) {
    if (!(isLocalEvent(data) && typeof data.id === 'number')) return null;
    return {
      id: data.id,
      uid: data.uid,
      userId: data.userId,
      username: text(data.username) ?? '',
      title: data.title,
      description: text(data.description) ?? null,
      location: data.location,
      eventDate: data.eventDate,
      attendeeCount: data.attendeeCount,
      commentCount: data.commentCount,
      created_at: text(data.created_at) ?? '',
      updated_at: text(data.updated_at) ?? '',
    } satisfies LocalEvent;
  },
  describe(m, known) {
    const verb = verbFor(m, ['New event', 'Changes to event', 'Deleting event']);
    return {
      label: `${verb}${quoted(text(m.payload.title) ?? known?.title)}`,
      editHref: m.op === 'delete' ? null : `/events/${m.uid}/edit`,
    };
  },
});

/** Comments and attendance under an event (web/src/db/entities/engagement.ts). */
const engaged = engagementEntities<LocalEventComment, LocalEventAttendance>()({
  parent: { entity: 'events', key: 'eventUid', idKey: 'eventId', href: (uid) => `/events/${uid}` },
  comments: {
    entity: 'event_comments',
    verbs: ['Comment', 'Edited comment', 'Deleting comment'],
    label: 'Comments on events',
  },
  likes: {
    entity: 'event_attendees',
    labels: ['Joining an event', 'Leaving an event'],
    label: 'Your events',
  },
});
export const eventCommentsEntity = engaged.comments;
export const eventAttendanceEntity = engaged.likes;
