/**
 * Comments and promotions on forum posts (docs/product/forum.md "Rules and messages", "Permissions"):
 * comments from members (trimmed, not empty); the writer may edit or delete, the official account may delete
 * any comment as moderator; Promote / Promoted. The texts are the forum's own.
 */
import { ArrowBigUp } from 'lucide-react';
import { forumMessages } from '@schema/contracts/forum-constants';
import type { LocalPost, LocalPostComment, LocalPostLike } from '@web/db/database';
import { postCommentsEntity, postLikesEntity } from '@web/db/entities';
import type { EngagementDescriptor } from '@web/engagement';
import { Author } from './components/author';

export const LOGIN_TO_COMMENT = 'Please log in to join the discussion.';

export const postEngagement: EngagementDescriptor<LocalPost, LocalPostComment, LocalPostLike> = {
  comments: postCommentsEntity,
  likes: postLikesEntity,
  counters: { comments: 'comments', likes: 'likes' },
  loadCommentSchema: async () => (await import('@schema/contracts/forum')).postCommentSchema,
  deleteBy: 'writer-or-official',
  Author,
  // An up-arrow, not a heart or a thumb: to promote a post is to lift it up for others to see.
  like: { icon: ArrowBigUp, look: 'labelled', word: (promoted) => (promoted ? 'Promoted' : 'Promote') },
  texts: {
    signInToComment: LOGIN_TO_COMMENT,
    commentPlaceholder: 'Share your thoughts',
    noComments: 'No comments yet. Be the first to comment.',
    commentsLoadFailed: forumMessages.commentsLoadFailed,
    commentPosted: forumMessages.commentPosted,
    commentFailed: { title: forumMessages.commentFailedTitle, description: forumMessages.commentFailed },
    commentUpdated: forumMessages.commentUpdated,
    updateFailed: { title: forumMessages.updateFailedTitle, description: forumMessages.unknownError },
    commentDeleted: forumMessages.commentDeleted,
    deleteFailed: { title: 'Error', description: forumMessages.unknownError },
    likeNeedsSignIn: {
      title: forumMessages.authenticationRequiredTitle,
      description: forumMessages.loginRequired,
    },
    liked: forumMessages.postPromoted,
    unliked: forumMessages.promotionRemoved,
    likeFailed: { title: 'Error', description: forumMessages.promotionFailed },
    likeLabel: (promoted, title, n) =>
      `${promoted ? 'Promoted' : 'Promote'}, ${n} ${n === 1 ? 'promotion' : 'promotions'}: ${title}`,
  },
};
