/**
 * Finds opt into engagement (sync-server/src/engagement): comments of 3–1000 characters, edited by their
 * writer alone and deleted by their writer or the official account as moderator (docs/product/finds.md
 * "Permissions"; the one rule of every comment kind), and likes; the find keeps `commentCount` and
 * `likes`, which travel to devices as `find_counts` (sync PROTOCOL.md S30). Deleting a find tombstones
 * its comments and likes; so does deleting its finder's account.
 */
import { findComments, findLikes, finds } from '@schema/db/tables';
import { findCommentSchema, findCommentSyncCreatePayloadSchema, findMessages } from '@schema/contracts/finds';
import { defineEngagement } from '../../engagement/define';

export const findEngagement = defineEngagement({
  parent: {
    table: finds,
    owner: finds.userId,
    entity: 'finds',
    counts: 'find_counts',
    notFound: findMessages.notFound,
    wire: { id: 'findId', uid: 'findUid' },
  },
  comments: {
    entity: 'find_comments',
    table: findComments,
    parentId: findComments.findId,
    counter: finds.commentCount,
    counterField: 'commentCount',
    schemas: { content: findCommentSchema, syncCreate: findCommentSyncCreatePayloadSchema },
    messages: findMessages,
    policy: { deleteBy: 'writer-or-moderator' },
  },
  likes: {
    entity: 'find_likes',
    table: findLikes,
    parentId: findLikes.findId,
    counter: finds.likes,
    counterField: 'likes',
    notEditable: 'A like can only be added or removed.',
  },
});
