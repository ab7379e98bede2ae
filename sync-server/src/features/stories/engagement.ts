/**
 * Stories opt into engagement (sync-server/src/engagement; docs/product/stories.md): comments of 3–1000
 * characters, edited by their writer and deleted by their writer or the official account as moderator,
 * and likes, one per member and story, idempotent both ways. The story keeps `likeCount` and
 * `commentCount`, computed by the server in the transaction of the row behind them; they travel to devices
 * as `story_counts` (sync PROTOCOL.md S30). Deleting a story tombstones its comments and likes; so does
 * deleting its author's account.
 *
 * Offline and on conflict: a like or comment queued on a device for a story deleted meanwhile is refused
 * as `parent-missing` ('Story Not Found') and lands in Not synced with that message.
 */
import { stories, storyComments, storyLikes } from '@schema/db/tables';
import {
  storyCommentSchema,
  storyCommentSyncCreatePayloadSchema,
  storyMessages,
} from '@schema/contracts/stories';
import { defineEngagement } from '../../engagement/define';

export const storyEngagement = defineEngagement({
  parent: {
    table: stories,
    owner: stories.userId,
    entity: 'stories',
    counts: 'story_counts',
    notFound: storyMessages.notFound,
    wire: { id: 'storyId', uid: 'storyUid' },
  },
  comments: {
    entity: 'story_comments',
    table: storyComments,
    parentId: storyComments.storyId,
    counter: stories.commentCount,
    counterField: 'commentCount',
    schemas: { content: storyCommentSchema, syncCreate: storyCommentSyncCreatePayloadSchema },
    messages: storyMessages,
    policy: { deleteBy: 'writer-or-moderator' },
  },
  likes: {
    entity: 'story_likes',
    table: storyLikes,
    parentId: storyLikes.storyId,
    counter: stories.likeCount,
    counterField: 'likeCount',
    notEditable: storyMessages.likeNotEditable,
  },
});
