/**
 * Likes and comments on stories (docs/product/stories.md "Rules and messages", "Permissions"): comments of
 * 3–1000 characters from members, edited by their writer, deleted by their writer or the official account;
 * a like per member and story. The writes, the comments section and the like button are the engagement
 * module's (web/src/engagement); the texts are the stories' own.
 *
 * The module names a record by its `title` (the like button's label): a story has none, so the screens hand
 * it a story with one made from its author (`asEngaged`).
 */
import { Heart } from 'lucide-react';
import { storyMessages } from '@schema/contracts/stories-constants';
import type { LocalStory, LocalStoryComment, LocalStoryLike } from '@web/db/database';
import { storyCommentsEntity, storyLikesEntity } from '@web/db/entities';
import type { EngagementDescriptor } from '@web/engagement';

/** A story as the engagement module reads it: the story itself plus a title naming it. */
export type EngagedStory = LocalStory & { title: string };

export const asEngaged = (story: LocalStory): EngagedStory => ({
  ...story,
  title: `the story by ${story.username}`,
});

const failed = (description: string) => ({ title: 'Error', description });

export const storyEngagement: EngagementDescriptor<EngagedStory, LocalStoryComment, LocalStoryLike> = {
  comments: storyCommentsEntity,
  likes: storyLikesEntity,
  counters: { comments: 'commentCount', likes: 'likeCount' },
  loadCommentSchema: async () => (await import('@schema/contracts/stories')).storyCommentSchema,
  deleteBy: 'writer-or-official',
  like: { icon: Heart, look: 'icon' },
  texts: {
    signInToComment: storyMessages.loginToComment,
    commentPlaceholder: 'Say something kind, or share what detecting does for you',
    noComments: 'No comments yet. Be the first to say something kind.',
    commentsLoadFailed: 'Comments could not be loaded. Please try again later.',
    commentPosted: 'Comment Posted',
    commentFailed: failed('Failed to add comment'),
    commentUpdated: 'Updated',
    updateFailed: failed('Failed to update comment. Please try again.'),
    commentDeleted: 'Deleted',
    deleteFailed: failed('Failed to delete comment. Please try again.'),
    likeNeedsSignIn: { title: storyMessages.authRequiredTitle, description: storyMessages.loginToLike },
    liked: 'Liked',
    unliked: 'Like removed',
    likeFailed: failed('Failed to like the story. Please try again.'),
    likeLabel: (liked, title, n) =>
      `${liked ? 'Unlike' : 'Like'} ${title}, ${n} ${n === 1 ? 'like' : 'likes'}`,
  },
};
