/** Danger zone: delete the account after confirmation; the official account cannot be deleted. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { authMessages } from '@schema/contracts/auth';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { deleteAccount } from '../hooks/auth-requests';
import { useOnline } from '../hooks/use-online';
import { serverMessage } from '../model/errors';

export function DeleteAccountSection({ user }: { user: SelfUser }) {
  const navigate = useNavigate();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const isOfficial = user.id === OFFICIAL_USER_ID;

  async function onDelete() {
    setDeleting(true);
    try {
      await deleteAccount(user.id);
      setOpen(false);
      toast({ title: 'Account Deleted', description: 'Your account has been permanently deleted.' });
      void navigate('/');
    } catch (err) {
      toast({
        title: authMessages.deleteAccountFailed,
        description: serverMessage(err, authMessages.deleteAccountFailed),
        variant: 'destructive',
      });
      setDeleting(false);
    }
  }

  return (
    <section
      aria-labelledby="danger-zone"
      className="flex flex-col gap-3 rounded-xl border border-red-300 p-5 dark:border-red-800"
    >
      <h2 id="danger-zone" className="text-lg font-semibold text-red-800 dark:text-red-300">
        Danger Zone
      </h2>
      {isOfficial ? (
        <p className="text-sm">{authMessages.cannotDeleteDefault}</p>
      ) : (
        <>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            Deleting your account removes your profile for good. This cannot be undone.
          </p>
          {!online ? (
            <p className="text-sm">You're offline. Deleting your account needs an internet connection.</p>
          ) : null}
          <Dialog open={open} onOpenChange={(next) => !deleting && setOpen(next)}>
            <DialogTrigger asChild>
              <Button variant="destructive" className="self-start" disabled={!online}>
                Delete Account
              </Button>
            </DialogTrigger>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>Delete your account?</DialogTitle>
                <DialogDescription>
                  Are you sure you want to delete your account, {user.username}? This action cannot be undone.
                </DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline" disabled={deleting}>
                    Cancel
                  </Button>
                </DialogClose>
                <Button variant="destructive" disabled={deleting} onClick={() => void onDelete()}>
                  {deleting ? 'Deleting…' : 'Delete Account'}
                </Button>
              </DialogFooter>
            </DialogContent>
          </Dialog>
        </>
      )}
    </section>
  );
}
