/**
 * Comments and likes on finds (docs/product/finds.md "Rules and messages", "Permissions"): comments of
 * 3–1000 characters from members; only the writer may edit a comment, the writer or the official account
 * (moderator) may delete it, as for every comment kind; a heart to like. The texts are the finds' own.
 */
import { Heart } from 'lucide-react';
import { findMessages } from '@schema/contracts/finds-constants';
import type { LocalFind, LocalFindComment, LocalFindLike } from '@web/db/database';
import { findCommentsEntity, findLikesEntity } from '@web/db/entities';
import type { EngagementDescriptor } from '@web/engagement';

const failed = (description: string) => ({ title: 'Error', description });

export const findEngagement: EngagementDescriptor<LocalFind, LocalFindComment, LocalFindLike> = {
  comments: findCommentsEntity,
  likes: findLikesEntity,
  counters: { comments: 'commentCount', likes: 'likes' },
  loadCommentSchema: async () => (await import('@schema/contracts/finds')).findCommentSchema,
  deleteBy: 'writer-or-official',
  like: { icon: Heart, look: 'icon' },
  texts: {
    signInToComment: findMessages.loginToComment,
    commentPlaceholder: 'What do you make of it?',
    noComments: 'No comments yet. Be the first to say something.',
    commentPosted: 'Comment Posted',
    commentFailed: failed('Failed to add comment'),
    commentUpdated: 'Updated',
    updateFailed: failed('Failed to update comment. Please try again.'),
    commentDeleted: 'Deleted',
    deleteFailed: failed('Failed to delete comment. Please try again.'),
    likeNeedsSignIn: { title: findMessages.authRequiredTitle, description: findMessages.loginToLike },
    liked: 'Find Liked!',
    unliked: 'Like Removed',
    likeFailed: failed('Failed to update like status. Please try again.'),
    likeLabel: (liked, title, n) =>
      `${liked ? 'Unlike' : 'Like'} ${title}, ${n} ${n === 1 ? 'like' : 'likes'}`,
  },
};
