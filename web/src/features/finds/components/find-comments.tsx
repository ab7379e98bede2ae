/**
 * Comments of a find (docs/product/finds.md "Rules and messages", "Permissions"): the engagement module's
 * section with the finds' descriptor and writes.
 */
import type { SelfUser } from '@schema/contracts/users';
import type { LocalFind } from '@web/db/database';
import { CommentsSection } from '@web/engagement';
import { findEngagement } from '../engagement';
import { addComment, deleteComment, editComment } from '../hooks/find-writes';
import { useFindComments } from '../hooks/use-finds';

const bound = { engagement: findEngagement, writes: { addComment, editComment, deleteComment } };

export function FindComments({ find, user }: { find: LocalFind; user: SelfUser | null }) {
  return <CommentsSection {...bound} parent={find} comments={useFindComments(find.uid)} user={user} />;
}
