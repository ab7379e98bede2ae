/**
 * Share Your Find (spec 1 §2): the dialog stays open after a success and asks 'Add Another Find?', so a
 * detectorist can log a whole morning's finds in a row. Saving is local (works offline); the header's
 * sync indicator shows when it has reached the server.
 */
import { CheckCircle2 } from 'lucide-react';
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
import { StorageFullError } from '@web/sync';
import { createFind } from '../hooks/find-writes';
import { FindForm } from './find-form';

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
            <p className="flex items-center gap-2 text-lime-800 dark:text-lime-300">
              <CheckCircle2 aria-hidden="true" className="size-5" /> Find saved.
              <Link
                to={`/finds/${added}`}
                className={buttonClasses('link', 'sm')}
                onClick={() => change(false)}
              >
                View it
              </Link>
            </p>
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
                toast({
                  title: 'Find Uploaded Successfully',
                  description: navigator.onLine
                    ? 'Your find has been shared with the community.'
                    : 'Saved on this device. It will upload when you are back online.',
                });
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
