/**
 * Stories as cards, with the author's Edit and Delete (with confirmation) and the moderator's Delete
 * (docs/product/stories.md "Permissions"). The member's likes, queued writes and likes on their way are
 * read once for the whole list, not per card.
 */
import { lazy, Suspense, useState } from 'react';
import type { SelfUser } from '@schema/contracts/users';
import type { LocalStory } from '@web/db/database';
import { useInflightUids, usePendingRecords } from '@web/sync';
import { storyEngagement } from '../engagement';
import { useOwnStoryLikes } from '../hooks/use-stories';
import { DeleteStoryDialog } from './delete-story-dialog';
import { StoryCard } from './story-card';

const StoryFormDialog = lazy(async () => ({
  default: (await import('./story-form-dialog')).StoryFormDialog,
}));

export function StoryList({
  stories,
  user,
  clamp = true,
  onDeleted,
}: {
  stories: readonly LocalStory[];
  user: SelfUser | null;
  clamp?: boolean;
  onDeleted?: () => void;
}) {
  const liked = useOwnStoryLikes();
  const pending = usePendingRecords('stories');
  const inflight = useInflightUids(storyEngagement.likes.entity);
  const [editing, setEditing] = useState<LocalStory | null>(null);
  const [deleting, setDeleting] = useState<LocalStory | null>(null);
  return (
    <>
      <ul className="flex flex-col gap-4" aria-label="Community stories">
        {stories.map((story) => (
          <li key={story.uid}>
            <StoryCard
              story={story}
              user={user}
              liked={liked.has(story.uid)}
              likeInflight={inflight.has(story.uid)}
              pending={pending.get(story.uid)}
              clamp={clamp}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          </li>
        ))}
      </ul>
      {editing && user ? (
        <Suspense fallback={null}>
          <StoryFormDialog
            open
            onOpenChange={(open) => !open && setEditing(null)}
            user={user}
            story={editing}
          />
        </Suspense>
      ) : null}
      <DeleteStoryDialog
        story={deleting}
        user={user}
        onClose={() => setDeleting(null)}
        {...(onDeleted ? { onDeleted } : {})}
      />
    </>
  );
}
