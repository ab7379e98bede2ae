/**
 * Delete Post with confirmation (docs/product/forum.md#screens, #states). Local and queued: the post
 * disappears at once, offline too.
 */
import { forumMessages } from '@schema/contracts/forum-constants';
import type { SelfUser } from '@schema/contracts/users';
import { ConfirmDeleteDialog } from '@web/components/ui/confirm-delete-dialog';
import { toast } from '@web/components/ui/toast';
import type { LocalPost } from '@web/db/database';
import { StorageFullError } from '@web/sync';
import { deletePost } from '../hooks/forum-writes';

export interface DeletePostDialogProps {
  post: LocalPost | null;
  user: SelfUser | null;
  onClose: () => void;
  onDeleted?: () => void;
}

export function DeletePostDialog({ post, user, onClose, onDeleted }: DeletePostDialogProps) {
  async function confirm() {
    if (!post || !user) return;
    try {
      await deletePost(user, post);
      toast({ title: forumMessages.postDeleted });
      onClose();
      onDeleted?.();
    } catch (err) {
      toast({
        title: forumMessages.deleteFailedTitle,
        description: err instanceof StorageFullError ? err.message : forumMessages.deleteFailed,
        variant: 'destructive',
      });
    }
  }

  return (
    <ConfirmDeleteDialog
      open={post !== null}
      title="Delete Post"
      description={
        <>
          Are you sure you want to delete “{post?.title}”? Its comments and promotions go with it. This cannot
          be undone.
        </>
      }
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
