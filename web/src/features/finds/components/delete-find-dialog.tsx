/** Delete with confirmation (spec 1 §4). Local and queued: it disappears at once, offline too. */
import { useState } from 'react';
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
import type { LocalFind } from '@web/db/database';
import { StorageFullError } from '@web/sync';
import { deleteFind } from '../hooks/find-writes';

export interface DeleteFindDialogProps {
  find: LocalFind | null;
  user: SelfUser | null;
  onClose: () => void;
  onDeleted?: () => void;
}

export function DeleteFindDialog({ find, user, onClose, onDeleted }: DeleteFindDialogProps) {
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    if (!find || !user) return;
    setDeleting(true);
    try {
      await deleteFind(user, find);
      toast({ title: 'Find deleted' });
      onClose();
      onDeleted?.();
    } catch (err) {
      toast({
        title: 'Error',
        description:
          err instanceof StorageFullError
            ? err.message
            : 'There was a problem deleting your find. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Dialog open={find !== null} onOpenChange={(open) => !open && !deleting && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete Find</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete “{find?.title}”? Its comments and likes go with it. This cannot be
            undone.
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
