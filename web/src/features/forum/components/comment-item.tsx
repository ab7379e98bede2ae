/** One post comment: the engagement module's item with the forum's rules (writer edits; moderator deletes). */
import type { SelfUser } from '@schema/contracts/users';
import type { LocalPostComment } from '@web/db/database';
import { CommentItem as EngagementCommentItem } from '@web/engagement';
import type { PendingState } from '@web/sync';
import { postEngagement } from '../engagement';
import { deleteComment, editComment } from '../hooks/forum-writes';

export interface CommentItemProps {
  comment: LocalPostComment;
  user: SelfUser | null;
  pending: PendingState | undefined;
}

const writes = { editComment, deleteComment };

export function CommentItem(props: CommentItemProps) {
  return <EngagementCommentItem engagement={postEngagement} writes={writes} {...props} />;
}
