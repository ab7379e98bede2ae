/**
 * The forum's post list, paged: every matching uid is known (cheap, from the index), rows are read only
 * for the pages shown, and "Show more posts" adds the next page (POSTS_PAGE_SIZE, as the server pages).
 */
import { useState } from 'react';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import { POSTS_PAGE_SIZE } from '@schema/contracts/forum-constants';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import type { LocalPost } from '@web/db/database';
import { useEndBootPreview } from '@web/lib/boot-shell';
import { formatCount } from '@web/lib/numbers';
import { useInflightUids, usePendingRecords } from '@web/sync';
import { useOwnPromotions, usePostsByUid } from '../hooks/use-forum';
import { PostCard } from './post-card';

export function PostSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div className="flex flex-col gap-4" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          className="flex flex-col gap-2 rounded-xl border border-stone-200 p-4 dark:border-stone-700"
        >
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-12 w-full" />
        </div>
      ))}
    </div>
  );
}

export function EmptyText({ children }: { children: React.ReactNode }) {
  useEndBootPreview(true);
  return (
    <p className="rounded-xl border border-dashed border-stone-300 px-4 py-12 text-center text-stone-600 dark:border-stone-700 dark:text-stone-400">
      {children}
    </p>
  );
}

export interface PostListProps {
  uids: readonly string[];
  user: SelfUser | null;
  onDelete: (post: LocalPost) => void;
  /** Shown once every page of `uids` is: where the list goes on beyond the device (C17). */
  after?: React.ReactNode;
}

export function PostList({ uids, user, onDelete, after }: PostListProps) {
  const [pages, setPages] = useState(1);
  const shown = uids.slice(0, pages * POSTS_PAGE_SIZE);
  const posts = usePostsByUid(shown);
  const pending = usePendingRecords('posts');
  const promoted = useOwnPromotions();
  const inflight = useInflightUids('post_likes');
  // While a larger page is read, keep the rows already shown instead of flashing skeletons.
  const [last, setLast] = useState(posts);
  if (posts && posts !== last) setLast(posts);
  const rows = posts ?? last;
  // The server's first look of the forum (if any) gives way once the posts are shown.
  useEndBootPreview(rows !== undefined);
  if (!rows) return <PostSkeletons />;
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Posts" className="flex flex-col gap-4">
        {rows.map((post) => (
          <li key={post.uid}>
            <PostCard
              post={post}
              user={user}
              pending={pending.get(post.uid)}
              promoted={promoted.has(post.uid)}
              promoteInflight={inflight.has(post.uid)}
              canDelete={user !== null && (user.id === post.userId || user.id === OFFICIAL_USER_ID)}
              onDelete={onDelete}
            />
          </li>
        ))}
      </ul>
      {uids.length > shown.length ? (
        <Button variant="outline" className="self-center" onClick={() => setPages((p) => p + 1)}>
          Show more posts ({formatCount(uids.length - shown.length)} more)
        </Button>
      ) : (
        after
      )}
    </div>
  );
}
