/**
 * A post in the forum list (docs/product/forum.md#screens): title, masked author with badges, category, date,
 * a 120-character preview, comment and view counts, Promote / Promoted, and for its author a delete button; a
 * marker while it waits to sync or was refused.
 */
import { Eye, MessageCircle, Trash2 } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { postPreview } from '@schema/contracts/forum-constants';
import type { SelfUser } from '@schema/contracts/users';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { RelativeTime } from '@web/components/ui/relative-time';
import type { LocalPost } from '@web/db/database';
import type { PendingState } from '@web/sync';
import { countLabel, postHref } from '../model/format';
import { Author } from './author';
import { PostImage } from './post-image';
import { PromoteButton } from './promote-button';
import { SyncMarker } from '@web/components/ui/sync-marker';

export interface PostCardProps {
  post: LocalPost;
  user: SelfUser | null;
  pending: PendingState | undefined;
  promoted: boolean;
  promoteInflight: boolean;
  canDelete: boolean;
  onDelete: (post: LocalPost) => void;
}

export const PostCard = memo(function PostCard({
  post,
  user,
  pending,
  promoted,
  promoteInflight,
  canDelete,
  onDelete,
}: PostCardProps) {
  return (
    <article className="list-card flex gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm dark:border-stone-700 dark:bg-stone-900">
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2 text-sm text-stone-600 dark:text-stone-400">
          {post.categoryName ? <Badge variant="secondary">{post.categoryName}</Badge> : null}
          <RelativeTime iso={post.created_at} />
          <SyncMarker state={pending} />
        </div>
        {/* h2: the list sits right under the forum's h1 (the sidebar's h2s follow it). */}
        <h2 className="break-words text-lg font-semibold leading-snug">
          <Link
            to={postHref(post)}
            className="hover:underline focus-visible:underline focus-visible:outline-none"
          >
            {post.title}
          </Link>
        </h2>
        <p className="break-words text-stone-700 dark:text-stone-300">{postPreview(post.content)}</p>
        <div className="text-sm">
          <Author userId={post.userId} username={post.username} />
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-stone-600 dark:text-stone-400">
          <PromoteButton post={post} user={user} promoted={promoted} inflight={promoteInflight} />
          <Link to={`${postHref(post)}#comments`} className="flex min-h-9 items-center gap-1 hover:underline">
            <MessageCircle className="size-4" aria-hidden="true" /> {countLabel(post.comments, 'comment')}
          </Link>
          <span className="flex items-center gap-1">
            <Eye className="size-4" aria-hidden="true" /> {countLabel(post.views, 'view')}
          </span>
          {canDelete ? (
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto px-2 text-red-700 dark:text-red-400"
              aria-label={`Delete ${post.title}`}
              onClick={() => onDelete(post)}
            >
              <Trash2 aria-hidden="true" /> <span className="hidden sm:inline">Delete</span>
            </Button>
          ) : null}
        </div>
      </div>
      <PostImage post={post} className="hidden size-24 shrink-0 rounded-lg sm:block" />
    </article>
  );
});
