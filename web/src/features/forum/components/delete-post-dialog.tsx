/** Delete Post with confirmation (spec 1 §2, §4). Local and queued: the post disappears at once, offline too. */
import { useState } from 'react';
import { forumMessages } from '@schema/contracts/forum';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
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
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    if (!post || !user) return;
    setDeleting(true);
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
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Dialog open={post !== null} onOpenChange={(open) => !open && !deleting && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete Post</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete “{post?.title}”? Its comments and promotions go with it. This
            cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={deleting}>
            {deleting ? 'Deleting…' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
