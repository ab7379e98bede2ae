/**
 * Share Your Find (docs/product/finds.md): the dialog stays open after a success and asks 'Add Another
 * Find?', so a detectorist can log a whole morning's finds in a row. Saving is local (works offline), so
 * the notice says the find is on the device; 'Find Uploaded Successfully' shows only once the server has it.
 */
import { AlertTriangle, CheckCircle2, CloudUpload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SelfUser } from '@schema/contracts/users';
import { Button, buttonClasses } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import type { LocalFind } from '@web/db/database';
import { StorageFullError, usePendingRecords, type PendingState } from '@web/sync';
import { createFind } from '../hooks/find-writes';
import { useFind } from '../hooks/use-finds';
import { LazyFindForm as FindForm } from './lazy-find-form';

export interface ShareFindDialogProps {
  user: SelfUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ShareFindDialog({ user, open, onOpenChange }: ShareFindDialogProps) {
  const [added, setAdded] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  function anotherFind() {
    setAdded(null);
    setFormKey((k) => k + 1);
  }

  function change(next: boolean) {
    if (!next) anotherFind();
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{added ? 'Add Another Find?' : 'Share Your Find'}</DialogTitle>
          <DialogDescription>
            {added
              ? 'Your find is in the gallery. Got more from today?'
              : 'Add a photo and a few details. It saves on this device first, so it works without signal.'}
          </DialogDescription>
        </DialogHeader>
        {added ? (
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center gap-x-2">
              <SavedFindStatus uid={added} />
              <Link
                to={`/finds/${added}`}
                className={buttonClasses('link', 'sm')}
                onClick={() => change(false)}
              >
                View it
              </Link>
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => change(false)}>
                Done
              </Button>
              <Button onClick={anotherFind}>Add Another Find</Button>
            </div>
          </div>
        ) : (
          <FindForm
            key={formKey}
            photoRequired
            submitLabel="Share Find"
            busyLabel="Uploading..."
            onCancel={() => change(false)}
            onSubmit={async (values, photo) => {
              if (!photo) return;
              try {
                const uid = await createFind(user, values, photo);
                // Nothing has left the phone yet: the sync engine uploads it when the server can be reached.
                toast({ title: FIND_SAVED.title, description: FIND_SAVED.description });
                setAdded(uid);
              } catch (err) {
                toast({
                  title: 'Upload Failed',
                  description:
                    err instanceof StorageFullError
                      ? err.message
                      : 'There was a problem uploading your find. Please try again.',
                  variant: 'destructive',
                });
              }
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

export const FIND_SAVED = {
  title: 'Find saved',
  description: 'Saved on this device. It will be shared with the community once it has synced.',
} as const;

export type SavedFindState = 'on-device' | 'uploaded' | 'refused';

/** On the server once it has a server id and nothing of it waits in the queue; refused when sync said no. */
export function savedFindState(
  find: Pick<LocalFind, 'id'> | undefined,
  pending: PendingState | undefined,
): SavedFindState {
  if (pending === 'rejected') return 'refused';
  return find?.id != null && pending === undefined ? 'uploaded' : 'on-device';
}

const STATUS: Record<SavedFindState, { icon: typeof CheckCircle2; text: string; tone: string }> = {
  'on-device': {
    icon: CloudUpload,
    text: 'Saved on this device, waiting to sync.',
    tone: 'text-stone-700 dark:text-stone-300',
  },
  uploaded: {
    icon: CheckCircle2,
    text: 'Find Uploaded Successfully. It is shared with the community.',
    tone: 'text-lime-800 dark:text-lime-300',
  },
  refused: {
    icon: AlertTriangle,
    text: 'The server refused this find. Open the sync panel (cloud icon) to fix it.',
    tone: 'text-red-700 dark:text-red-400',
  },
};

/** Follows the saved find live: it says "uploaded" only when that is true. */
function SavedFindStatus({ uid }: { uid: string }) {
  const lookup = useFind(uid);
  const pending = usePendingRecords('finds').get(uid);
  const state = savedFindState(lookup.state === 'ready' ? lookup.value : undefined, pending);
  const { icon: Icon, text, tone } = STATUS[state];
  return (
    <p role="status" className={`flex items-center gap-2 ${tone}`}>
      <Icon aria-hidden="true" className="size-5 shrink-0" /> {text}
    </p>
  );
}
