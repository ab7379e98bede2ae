/**
 * Groups opt into engagement for their discussion (sync-server/src/engagement; docs/product/social.md
 * "Groups"): comments of 1–1000 characters, written by the group's active members, edited by their writer
 * and deleted by their writer or the official account as moderator. The group keeps `commentCount`,
 * computed by the server; it travels as `group_counts` (PROTOCOL.md S30). A private group's discussion is
 * read by its members alone (`readableBy`): for anyone else its comments list is the group's 404 and pulls
 * answer tombstones. Deleting a group tombstones its comments; so does deleting a writer's account.
 *
 * Offline and on conflict: a comment queued for a group deleted meanwhile — or one the member has left or
 * was never let into — is refused (`parent-missing` 'Group not found', or the members-only 403) and lands
 * in Not synced with that message.
 */
import { and, eq } from 'drizzle-orm';
import { groupComments, groupMemberships, groups } from '@schema/db/tables';
import {
  groupCommentSchema,
  groupCommentSyncCreatePayloadSchema,
  groupMessages,
} from '@schema/contracts/groups';
import { defineEngagement } from '../../engagement/define';
import { exists } from '../../lib/query';
import { readableGroups } from './visibility';

export const groupEngagement = defineEngagement({
  parent: {
    table: groups,
    owner: groups.creatorId,
    entity: 'groups',
    counts: 'group_counts',
    notFound: groupMessages.notFound,
    wire: { id: 'groupId', uid: 'groupUid' },
    readableBy: readableGroups,
  },
  comments: {
    entity: 'group_comments',
    table: groupComments,
    parentId: groupComments.groupId,
    counter: groups.commentCount,
    counterField: 'commentCount',
    schemas: { content: groupCommentSchema, syncCreate: groupCommentSyncCreatePayloadSchema },
    messages: groupMessages,
    policy: {
      deleteBy: 'writer-or-moderator',
      // The discussion is the members': others read a public group's but do not write in it.
      async mayComment({ store, user, parent }) {
        const member = await exists(
          store
            .select({ id: groupMemberships.id })
            .from(groupMemberships)
            .where(
              and(
                eq(groupMemberships.groupId, parent.id),
                eq(groupMemberships.userId, user.id),
                eq(groupMemberships.status, 'active'),
              ),
            ),
        );
        return member ? null : groupMessages.membersOnlyComment;
      },
    },
  },
});
