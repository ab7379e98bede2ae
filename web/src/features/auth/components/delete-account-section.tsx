/**
 * Danger zone: delete the account after confirmation with the current password (the server asks for it,
 * docs/product/accounts.md); the official account cannot be deleted.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { authMessages } from '@schema/contracts/auth-constants';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
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
import { fieldErrorsFrom, serverMessage } from '../model/errors';

const PASSWORD_FIELD = ['currentPassword'] as const;

export function DeleteAccountSection({ user }: { user: SelfUser }) {
  const navigate = useNavigate();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const isOfficial = user.id === OFFICIAL_USER_ID;

  function onOpenChange(next: boolean) {
    if (deleting) return;
    setOpen(next);
    // A password typed for a dialog that was closed is not kept for the next one.
    setPassword('');
    setPasswordError(null);
  }

  async function onDelete(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setPasswordError(authMessages.currentPasswordForDeletion);
      return;
    }
    setDeleting(true);
    try {
      await deleteAccount(user.id, password);
      setOpen(false);
      toast({ title: 'Account Deleted', description: 'Your account has been permanently deleted.' });
      void navigate('/');
    } catch (err) {
      const placed = fieldErrorsFrom(err, PASSWORD_FIELD, authMessages.deleteAccountFailed);
      if (placed.fields.currentPassword) setPasswordError(placed.fields.currentPassword);
      else
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
          <Dialog open={open} onOpenChange={onOpenChange}>
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
              <form onSubmit={(event) => void onDelete(event)} noValidate className="flex flex-col gap-4">
                <FormField
                  label="Current Password"
                  htmlFor="delete-current-password"
                  error={passwordError ?? undefined}
                  hint="Enter your password to confirm it is you."
                >
                  <Input
                    id="delete-current-password"
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => {
                      setPassword(event.target.value);
                      setPasswordError(null);
                    }}
                    disabled={deleting}
                    aria-invalid={passwordError ? true : undefined}
                    aria-describedby={
                      passwordError ? 'delete-current-password-error' : 'delete-current-password-hint'
                    }
                  />
                </FormField>
                <DialogFooter>
                  <DialogClose asChild>
                    <Button variant="outline" disabled={deleting}>
                      Cancel
                    </Button>
                  </DialogClose>
                  <Button type="submit" variant="destructive" disabled={deleting}>
                    {deleting ? 'Deleting…' : 'Delete Account'}
                  </Button>
                </DialogFooter>
              </form>
            </DialogContent>
          </Dialog>
        </>
      )}
    </section>
  );
}
