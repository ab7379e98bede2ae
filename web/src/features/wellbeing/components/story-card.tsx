/**
 * One story (docs/product/stories.md "Screens"): its author's picture and name, years detecting, the day it
 * was shared and its words as plain text; the like button and comments (the engagement module's); Edit and
 * Delete for its author, Delete for the moderator. A story not yet on the server says 'Waiting to sync' (or
 * 'Not synced' when the server refused it).
 */
import { MessageCircle, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import type { SelfUser } from '@schema/contracts/users';
import { maskEmailLike } from '@schema/contracts/users-display';
import { ReportButton } from '@web/components/moderation/report-button';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { SyncMarker, type SyncMarkerState } from '@web/components/ui/sync-marker';
import type { LocalStory } from '@web/db/database';
import { LikeButton } from '@web/engagement';
import { asEngaged, storyEngagement } from '../engagement';
import { setLiked } from '../hooks/story-writes';
import { sharedOn, storyHref, yearsLabel } from '../model/story-display';
import { StoryText } from './story-text';

export interface StoryCardProps {
  story: LocalStory;
  user: SelfUser | null;
  liked: boolean;
  likeInflight: boolean;
  pending: SyncMarkerState | undefined;
  /** Cut long stories short, with a link to the whole one (lists); the story page shows it all. */
  clamp?: boolean;
  onEdit?(story: LocalStory): void;
  onDelete?(story: LocalStory): void;
}

export function StoryAuthor({ story }: { story: LocalStory }) {
  const name = maskEmailLike(story.username);
  const years = yearsLabel(story.yearsDetecting);
  return (
    <div className="flex items-center gap-3">
      <UserAvatar username={name} avatarUrl={story.avatarUrl} />
      <div className="flex min-w-0 flex-col">
        <span className="truncate font-semibold">{name}</span>
        <span className="text-sm text-stone-600 dark:text-stone-400">
          {years ? `${years} · ` : ''}
          <time dateTime={story.created_at}>{sharedOn(story.created_at)}</time>
        </span>
      </div>
    </div>
  );
}

export function StoryCard({
  story,
  user,
  liked,
  likeInflight,
  pending,
  clamp,
  onEdit,
  onDelete,
}: StoryCardProps) {
  const isAuthor = user?.id === story.userId;
  const canDelete = user !== null && (isAuthor || user.id === OFFICIAL_USER_ID);
  const href = storyHref(story);
  // Only a story long enough to be cut short (six lines) offers the rest.
  const cutShort = clamp && (story.content.length > 320 || story.content.split('\n').length > 6);
  return (
    <article
      aria-label={`Story by ${maskEmailLike(story.username)}`}
      className="list-card flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-5 shadow-sm dark:border-stone-700 dark:bg-stone-900"
    >
      <div className="flex items-start justify-between gap-2">
        <StoryAuthor story={story} />
        <SyncMarker state={pending} />
      </div>
      <StoryText content={story.content} clamp={clamp} />
      <div className="flex flex-wrap items-center gap-1">
        <LikeButton
          engagement={storyEngagement}
          setLiked={setLiked}
          parent={asEngaged(story)}
          user={user}
          liked={liked}
          inflight={likeInflight}
        />
        <Link
          to={`${href}#comments`}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-sm text-stone-700 hover:bg-stone-200/70 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-600 dark:text-stone-200 dark:hover:bg-stone-800"
        >
          <MessageCircle className="size-4" aria-hidden="true" />
          Comments ({story.commentCount})
        </Link>
        {cutShort ? (
          <Link
            to={href}
            className="px-2 text-sm font-medium text-lime-800 hover:underline dark:text-lime-300"
          >
            Read the whole story
          </Link>
        ) : null}
        <span className="grow" />
        {isAuthor && onEdit ? (
          <Button variant="ghost" size="sm" onClick={() => onEdit(story)}>
            <Pencil aria-hidden="true" /> Edit
          </Button>
        ) : null}
        {canDelete && onDelete ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 dark:text-red-400"
            onClick={() => onDelete(story)}
          >
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        ) : null}
        <ReportButton entity="stories" id={story.id} authorId={story.userId} viewerId={user?.id ?? null} />
      </div>
    </article>
  );
}
