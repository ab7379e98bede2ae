/** Like / unlike a find (docs/product/finds.md): the engagement module's button with the finds' texts. */
import type { SelfUser } from '@schema/contracts/users';
import type { LocalFind } from '@web/db/database';
import { LikeButton as EngagementLikeButton } from '@web/engagement';
import { useInflight } from '@web/sync';
import { findEngagement } from '../engagement';
import { setLiked } from '../hooks/find-writes';
import { useOwnLike } from '../hooks/use-finds';

export interface LikeButtonProps {
  find: LocalFind;
  /** The signed-in member, from the page (one session query per page, not one per card). */
  user: SelfUser | null;
  /** The member's own like (lists read all of them in one query and pass it down). */
  liked: boolean;
  /** The like is on its way to the server. */
  inflight: boolean;
  size?: 'sm' | 'md';
}

export function LikeButton({ find, ...props }: LikeButtonProps) {
  return <EngagementLikeButton engagement={findEngagement} setLiked={setLiked} parent={find} {...props} />;
}

/** For a single find (the detail page): reads its own like state. */
export function FindLikeButton({ find, user, size }: Omit<LikeButtonProps, 'liked' | 'inflight'>) {
  return (
    <LikeButton
      find={find}
      user={user}
      liked={useOwnLike(find.uid)}
      inflight={useInflight(findEngagement.likes.entity, find.uid)}
      size={size}
    />
  );
}
