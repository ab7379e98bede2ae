/**
 * Edit a find (docs/product/finds.md#screens, #rules-and-messages): same rules, photo optional; Save Changes
 * reads Updating...
 */
import { findMessages } from '@schema/contracts/finds-constants';
import type { SelfUser } from '@schema/contracts/users';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import type { LocalFind } from '@web/db/database';
import { StorageFullError } from '@web/sync';
import { FindRecordingError, updateFind } from '../hooks/find-writes';
import { localIsoDate, recordingFormValues } from '../model/recording-details-input';
import type { FindFormInput } from './find-form';
import { LazyFindForm as FindForm } from './lazy-find-form';
import { FindImage } from './find-image';

export interface EditFindDialogProps {
  find: LocalFind | null;
  user: SelfUser | null;
  onClose: () => void;
}

const formValues = (find: LocalFind): FindFormInput => ({
  title: find.title,
  description: find.description ?? '',
  location: find.location,
  period: find.period === 'Unknown' ? '' : find.period,
  latitude: find.latitude === undefined ? '' : String(find.latitude),
  longitude: find.longitude === undefined ? '' : String(find.longitude),
  ...recordingFormValues(find, localIsoDate()),
});

export function EditFindDialog({ find, user, onClose }: EditFindDialogProps) {
  const refusal = !user
    ? findMessages.loginToEdit
    : find && user.id !== find.userId
      ? findMessages.notOwner
      : null;
  return (
    <Dialog open={find !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {refusal
              ? user
                ? findMessages.permissionDeniedTitle
                : findMessages.authRequiredTitle
              : 'Edit Find'}
          </DialogTitle>
          <DialogDescription>{refusal ?? 'Change the details of your find.'}</DialogDescription>
        </DialogHeader>
        {find && user && !refusal ? (
          <FindForm
            key={find.uid}
            initial={formValues(find)}
            mode="edit"
            photoRequired={false}
            currentPreview={<FindImage find={find} variant="card" className="size-full" />}
            submitLabel="Save Changes"
            busyLabel="Updating..."
            onCancel={onClose}
            onSubmit={async (values, photo) => {
              try {
                await updateFind(
                  user,
                  find,
                  { ...values, latitude: values.latitude ?? null, longitude: values.longitude ?? null },
                  photo,
                );
                toast({ title: 'Find Updated Successfully!', description: 'Find updated' });
                onClose();
              } catch (err) {
                toast({
                  title: 'Update Failed',
                  description:
                    err instanceof StorageFullError || err instanceof FindRecordingError
                      ? err.message
                      : 'There was a problem updating your find. Please try again.',
                  variant: 'destructive',
                });
              }
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
