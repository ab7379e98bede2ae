/**
 * A gallery card (docs/product/finds.md): photo (fallback on failure), truncated title, first location
 * segment or 'Unknown Location', period badge, like button and comment count; owners get edit and delete
 * (over the photo's corner, so the card fits half a phone's width); a marker when the find is waiting to
 * sync or was refused. Fixed height, so the virtualised grid can place rows.
 */
import { MapPin, MessageCircle, Pencil, Trash2 } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { FIND_CARD_IMAGE_SIZES } from '@schema/contracts/find-photos';
import { locationLabel } from '@schema/contracts/finds-constants';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import type { LocalFind } from '@web/db/database';
import type { PendingState } from '@web/sync';
import { FindImage } from './find-image';
import { LikeButton } from './like-button';
import { PeriodBadge } from './period-badge';
import { SyncMarker } from '@web/components/ui/sync-marker';

export interface FindCardProps {
  find: LocalFind;
  user: SelfUser | null;
  pending: PendingState | undefined;
  liked: boolean;
  likeInflight: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (find: LocalFind) => void;
  onDelete: (find: LocalFind) => void;
}

export const findHref = (find: Pick<LocalFind, 'id' | 'uid'>) => `/finds/${find.id ?? find.uid}`;

/** Memoised: scrolling re-renders the grid, but a card whose find and state are unchanged is kept. */
export const FindCard = memo(function FindCard({
  find,
  user,
  pending,
  liked,
  likeInflight,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: FindCardProps) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white dark:border-stone-700 dark:bg-stone-900">
      <div className="relative">
        {/* The photo repeats the title link for pointer users; keyboard and screen readers use the title. */}
        <Link to={findHref(find)} tabIndex={-1} aria-hidden="true" className="group block overflow-hidden">
          <FindImage
            find={find}
            variant="card"
            sizes={FIND_CARD_IMAGE_SIZES}
            className="aspect-[4/3] w-full transition-transform group-hover:scale-[1.02]"
          />
        </Link>
        <span className="pointer-events-none absolute left-2 top-2 right-2 flex flex-wrap gap-1">
          <PeriodBadge period={find.period} className="shadow-sm" />
          <SyncMarker state={pending} className="shadow-sm" />
        </span>
      </div>
      <div className="relative flex flex-1 flex-col gap-1 p-2.5 sm:p-3">
        {/* h2: the gallery's cards sit right under its h1, with no section heading between. */}
        <h2 className="truncate text-base font-semibold sm:text-lg" title={find.title}>
          <Link
            to={findHref(find)}
            className="hover:underline focus-visible:underline focus-visible:outline-none"
          >
            {find.title}
          </Link>
        </h2>
        <p className="flex items-center gap-1 truncate text-sm text-stone-600 dark:text-stone-400">
          <MapPin className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{locationLabel(find.location)}</span>
        </p>
        <div className="mt-auto flex items-center gap-1 pt-1">
          <LikeButton find={find} user={user} liked={liked} inflight={likeInflight} />
          <Link
            to={`${findHref(find)}#comments`}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-sm text-stone-700 hover:bg-stone-200/70 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-600 dark:text-stone-200 dark:hover:bg-stone-800"
            aria-label={`${find.commentCount} ${find.commentCount === 1 ? 'comment' : 'comments'} on ${find.title}`}
          >
            <MessageCircle className="size-4" aria-hidden="true" />
            <span aria-hidden="true">{find.commentCount}</span>
          </Link>
        </div>
        {/* After the title in reading and tab order; drawn over the photo's lower corner. */}
        {canEdit || canDelete ? (
          <div className="absolute right-2 bottom-full mb-2 flex gap-1.5">
            {canEdit ? (
              <Button
                variant="outline"
                size="sm"
                className="w-9 rounded-full px-0 shadow-sm"
                aria-label={`Edit ${find.title}`}
                onClick={() => onEdit(find)}
              >
                <Pencil aria-hidden="true" />
              </Button>
            ) : null}
            {canDelete ? (
              <Button
                variant="outline"
                size="sm"
                className="w-9 rounded-full px-0 text-red-700 shadow-sm dark:text-red-400"
                aria-label={`Delete ${find.title}`}
                onClick={() => onDelete(find)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
});
