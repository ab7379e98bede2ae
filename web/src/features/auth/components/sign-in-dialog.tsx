/**
 * The Sign in dialog: toggles between signing in and requesting a password reset
 * (docs/product/accounts.md#states).
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { POST_LOGIN_REDIRECT_MS } from '@schema/contracts/constants';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { useUiStore } from '@web/lib/ui-store';
import { useAuthDialogStore } from '../model/auth-dialog-store';
import { ResetRequestForm } from './reset-request-form';
import { SignInForm } from './sign-in-form';

export function SignInDialog() {
  const open = useUiStore((s) => s.authDialog === 'signIn');
  const openAuthDialog = useUiStore((s) => s.openAuthDialog);
  const view = useAuthDialogStore((s) => s.signInView);
  const setView = useAuthDialogStore((s) => s.setSignInView);
  const navigate = useNavigate();
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  function onOpenChange(next: boolean) {
    if (next) return;
    openAuthDialog(null);
    setView('signIn');
  }

  function onSignedIn() {
    // The welcome toast is read first; then the dialog closes and the member lands on the home page.
    closeTimer.current = setTimeout(() => {
      onOpenChange(false);
      void navigate('/');
    }, POST_LOGIN_REDIRECT_MS);
  }

  const reset = view === 'reset';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{reset ? 'Reset Password' : 'Sign in'}</DialogTitle>
          <DialogDescription>
            {reset
              ? "Enter your account's email address and we'll send you a link to reset your password."
              : 'Sign in with your username and password.'}
          </DialogDescription>
        </DialogHeader>
        {reset ? (
          <ResetRequestForm onBack={() => setView('signIn')} />
        ) : (
          <SignInForm
            onSignedIn={onSignedIn}
            onForgotPassword={() => setView('reset')}
            onSwitchToSignUp={() => openAuthDialog('signUp')}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
