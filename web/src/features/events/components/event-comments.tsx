/**
 * Comments on an event (docs/product/events.md "Screens"): the engagement module's section with the
 * events' descriptor and writes.
 */
import type { SelfUser } from '@schema/contracts/users';
import type { LocalEvent } from '@web/db/database';
import { CommentsSection } from '@web/engagement';
import { eventEngagement } from '../engagement';
import { addComment, deleteComment, editComment } from '../hooks/event-writes';
import { useEventComments } from '../hooks/use-events';

const bound = { engagement: eventEngagement, writes: { addComment, editComment, deleteComment } };

export function EventComments({ event, user }: { event: LocalEvent; user: SelfUser | null }) {
  return <CommentsSection {...bound} parent={event} comments={useEventComments(event.uid)} user={user} />;
}
