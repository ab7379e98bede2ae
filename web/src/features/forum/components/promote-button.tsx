/** Promote / Promoted (docs/product/forum.md): the engagement module's like button with the forum's texts. */
import type { SelfUser } from '@schema/contracts/users';
import type { LocalPost } from '@web/db/database';
import { LikeButton } from '@web/engagement';
import { postEngagement } from '../engagement';
import { setPromoted } from '../hooks/forum-writes';

export interface PromoteButtonProps {
  post: LocalPost;
  user: SelfUser | null;
  promoted: boolean;
  inflight: boolean;
}

export function PromoteButton({ post, promoted, ...props }: PromoteButtonProps) {
  return (
    <LikeButton
      engagement={postEngagement}
      setLiked={setPromoted}
      parent={post}
      liked={promoted}
      {...props}
    />
  );
}
