/**
 * Comments and attendance on events (docs/product/events.md "Rules and messages", "Permissions"): comments
 * of 3–1000 characters from members, edited by their writer, deleted by their writer or the official
 * account; attendance is the engagement module's "like" — the event page shows it as Join Event / Leave
 * (join-button.tsx), not as the module's like button, but its writes, counter and texts come from here.
 */
import { CalendarCheck } from 'lucide-react';
import { eventMessages } from '@schema/contracts/events-constants';
import type { LocalEvent, LocalEventAttendance, LocalEventComment } from '@web/db/database';
import { eventAttendanceEntity, eventCommentsEntity } from '@web/db/entities';
import type { EngagementDescriptor } from '@web/engagement';

const failed = (description: string) => ({ title: 'Error', description });

export const eventEngagement: EngagementDescriptor<LocalEvent, LocalEventComment, LocalEventAttendance> = {
  comments: eventCommentsEntity,
  likes: eventAttendanceEntity,
  counters: { comments: 'commentCount', likes: 'attendeeCount' },
  loadCommentSchema: async () => (await import('@schema/contracts/events')).eventCommentSchema,
  deleteBy: 'writer-or-official',
  like: { icon: CalendarCheck, look: 'labelled', word: (attending) => (attending ? 'Leave' : 'Join Event') },
  texts: {
    signInToComment: eventMessages.loginToComment,
    commentPlaceholder: 'Ask the organiser or say you are coming',
    noComments: 'No comments yet. Be the first to say something.',
    commentPosted: 'Comment Posted',
    commentFailed: failed('Failed to add comment'),
    commentUpdated: 'Updated',
    updateFailed: failed('Failed to update comment. Please try again.'),
    commentDeleted: 'Deleted',
    deleteFailed: failed('Failed to delete comment. Please try again.'),
    likeNeedsSignIn: { title: eventMessages.authRequiredTitle, description: eventMessages.loginToJoin },
    liked: eventMessages.joinedTitle,
    unliked: eventMessages.leftTitle,
    likeFailed: { title: eventMessages.joinFailedTitle, description: eventMessages.somethingWentWrong },
    likeLabel: (attending, title, n) =>
      `${attending ? 'Leave' : 'Join'} ${title} (${n} ${n === 1 ? 'person' : 'people'} attending)`,
  },
};
