/**
 * Comments of a post (docs/product/forum.md "Rules and messages", "Permissions"): the engagement module's
 * section with the forum's descriptor and writes.
 */
import type { SelfUser } from '@schema/contracts/users';
import type { LocalPost } from '@web/db/database';
import { CommentsSection } from '@web/engagement';
import { postEngagement } from '../engagement';
import { addComment, deleteComment, editComment } from '../hooks/forum-writes';
import { usePostComments } from '../hooks/use-forum';

export { LOGIN_TO_COMMENT } from '../engagement';

const bound = { engagement: postEngagement, writes: { addComment, editComment, deleteComment } };

export function PostComments({ post, user }: { post: LocalPost; user: SelfUser | null }) {
  return <CommentsSection {...bound} parent={post} comments={usePostComments(post.uid)} user={user} />;
}
