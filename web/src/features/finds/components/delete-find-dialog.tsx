/** Delete with confirmation (docs/product/finds.md#states). Local and queued: gone at once, offline too. */
import type { SelfUser } from '@schema/contracts/users';
import { ConfirmDeleteDialog } from '@web/components/ui/confirm-delete-dialog';
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
  async function confirm() {
    if (!find || !user) return;
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
    }
  }

  return (
    <ConfirmDeleteDialog
      open={find !== null}
      title="Delete Find"
      description={
        <>
          Are you sure you want to delete “{find?.title}”? Its comments and likes go with it. This cannot be
          undone.
        </>
      }
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
