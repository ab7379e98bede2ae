/** Delete with confirmation (docs/product/stories.md "States"). Local and queued: gone at once, offline too. */
import { storyMessages } from '@schema/contracts/stories-constants';
import type { SelfUser } from '@schema/contracts/users';
import { ConfirmDeleteDialog } from '@web/components/ui/confirm-delete-dialog';
import { toast } from '@web/components/ui/toast';
import type { LocalStory } from '@web/db/database';
import { StorageFullError } from '@web/sync';
import { deleteStory } from '../hooks/story-writes';

export interface DeleteStoryDialogProps {
  story: LocalStory | null;
  user: SelfUser | null;
  onClose: () => void;
  onDeleted?: () => void;
}

export function DeleteStoryDialog({ story, user, onClose, onDeleted }: DeleteStoryDialogProps) {
  async function confirm() {
    if (!story || !user) return;
    try {
      await deleteStory(user, story);
      toast({ title: storyMessages.deleted });
      onClose();
      onDeleted?.();
    } catch (err) {
      toast({
        title: storyMessages.deleteFailed,
        ...(err instanceof StorageFullError ? { description: err.message } : {}),
        variant: 'destructive',
      });
    }
  }

  return (
    <ConfirmDeleteDialog
      open={story !== null}
      title="Delete Story"
      description={
        story && user && story.userId !== user.id
          ? `Remove this story by ${story.username}? Its comments and likes go with it. This cannot be undone.`
          : 'Are you sure you want to delete your story? Its comments and likes go with it. This cannot be undone.'
      }
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
