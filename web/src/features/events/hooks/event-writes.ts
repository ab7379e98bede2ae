/**
 * Every change a member makes to events, as local writes (web/src/sync writeLocal): the record changes in
 * IndexedDB and its mutation is queued in one transaction, so it shows at once — offline too — marked
 * waiting, and the engine pushes it when it can. Comments and attendance are the engagement module's
 * writes (web/src/engagement) bound to the events' descriptor: joining is the events' "like", with the
 * attendee count bumped optimistically until the server's count arrives (it is the server's to compute).
 *
 * Offline and on conflict: an edit of an unsent event folds into its create (C2); deleting an unsent event
 * drops its whole queue, comments and attendance included. A join the server refuses (the event started,
 * or was deleted) stays in Not synced with the server's message (C7).
 */
import { uuidv7 } from 'uuidv7';
import type { EventCreateInput, EventUpdateInput } from '@schema/contracts/events';
import type { SelfUser } from '@schema/contracts/users';
import { db, type LocalEvent } from '@web/db/database';
import { engagementWrites } from '@web/engagement/writes';
import { writeLocal } from '@web/sync';
import { eventEngagement } from '../engagement';

const engagement = engagementWrites(eventEngagement);
export const { addComment, editComment, deleteComment } = engagement;

/** Join (true) or leave (false): one attendance per member and event, keyed by the event's uid. */
export const setAttending = engagement.setLiked;

/** Create Event: returns the new event's uid (its address until the server assigns an id). */
export async function createEvent(user: SelfUser, input: EventCreateInput): Promise<string> {
  const uid = uuidv7();
  const now = new Date().toISOString();
  const record: LocalEvent = {
    id: null,
    uid,
    userId: user.id,
    username: user.username,
    ...input,
    // The organiser attends their own event; the server counts them too (docs/product/events.md).
    attendeeCount: 1,
    commentCount: 0,
    created_at: now,
    updated_at: now,
  };
  await writeLocal(db, {
    entity: 'events',
    op: 'create',
    uid,
    userId: user.id,
    payload: { ...input },
    record,
  });
  return uid;
}

/** Edit: only the fields that changed are sent, so edits of other fields elsewhere survive (S17). */
export async function updateEvent(
  user: SelfUser,
  event: LocalEvent,
  changes: EventUpdateInput,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await writeLocal(db, {
    entity: 'events',
    op: 'update',
    uid: event.uid,
    userId: user.id,
    payload: { ...changes },
  });
}

export async function deleteEvent(user: SelfUser, event: LocalEvent): Promise<void> {
  await writeLocal(
    db,
    { entity: 'events', op: 'delete', uid: event.uid, userId: user.id },
    {
      tables: [],
      // The server deletes the comments and attendances with the event; mirror it now so nothing dangles.
      run: () => engagement.forgetParent(event.uid),
    },
  );
}
