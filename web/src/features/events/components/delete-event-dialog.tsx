/** Delete with confirmation (docs/product/events.md "States"). Local and queued: gone at once, offline too. */
import { eventMessages } from '@schema/contracts/events-constants';
import type { SelfUser } from '@schema/contracts/users';
import { ConfirmDeleteDialog } from '@web/components/ui/confirm-delete-dialog';
import { toast } from '@web/components/ui/toast';
import type { LocalEvent } from '@web/db/database';
import { StorageFullError } from '@web/sync';
import { deleteEvent } from '../hooks/event-writes';

export interface DeleteEventDialogProps {
  event: LocalEvent | null;
  user: SelfUser | null;
  onClose: () => void;
  onDeleted?: () => void;
}

export function DeleteEventDialog({ event, user, onClose, onDeleted }: DeleteEventDialogProps) {
  async function confirm() {
    if (!event || !user) return;
    try {
      await deleteEvent(user, event);
      toast({ title: eventMessages.deleted });
      onClose();
      onDeleted?.();
    } catch (err) {
      toast({
        title: eventMessages.deleteFailed,
        description: err instanceof StorageFullError ? err.message : eventMessages.somethingWentWrong,
        variant: 'destructive',
      });
    }
  }

  return (
    <ConfirmDeleteDialog
      open={event !== null}
      title="Delete Event"
      description={
        <>
          Are you sure you want to delete “{event?.title}”? Its comments and attendee list go with it. This
          cannot be undone.
        </>
      }
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
