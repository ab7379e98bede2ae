/**
 * Posts opt into engagement (sync-server/src/engagement): comments (trimmed content non-empty, edited by
 * their writer, deleted by their writer or the official account as moderator; docs/product/forum.md),
 * promotions (post likes) and views, counted once per visitor per post per UTC day. The post keeps
 * `comments`, `likes` and `views`, which travel to devices as `post_counts` (sync PROTOCOL.md S30).
 * Deleting a post tombstones its comments and promotions (its view rows go by foreign key, never
 * synced); so does deleting its author's account.
 */
import { comments, postLikes, posts, postViews } from '@schema/db/tables';
import {
  forumMessages,
  postCommentSchema,
  postCommentSyncCreatePayloadSchema,
} from '@schema/contracts/forum';
import { defineEngagement } from '../../engagement/define';

export const postEngagement = defineEngagement({
  parent: {
    table: posts,
    owner: posts.userId,
    entity: 'posts',
    counts: 'post_counts',
    notFound: forumMessages.postNotFound,
    wire: { id: 'postId', uid: 'postUid' },
  },
  comments: {
    entity: 'comments',
    table: comments,
    parentId: comments.postId,
    counter: posts.comments,
    counterField: 'comments',
    schemas: { content: postCommentSchema, syncCreate: postCommentSyncCreatePayloadSchema },
    messages: forumMessages,
    policy: { deleteBy: 'writer-or-moderator' },
  },
  likes: {
    entity: 'post_likes',
    table: postLikes,
    parentId: postLikes.postId,
    counter: posts.likes,
    counterField: 'likes',
    notEditable: forumMessages.likeNotEditable,
  },
  views: { table: postViews, parentId: postViews.postId, counter: posts.views, counterField: 'views' },
});
