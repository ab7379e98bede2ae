/** Mounted once in the layout: the dialogs open from anywhere through useUiStore().openAuthDialog. */
import { SignInDialog } from './sign-in-dialog';
import { SignUpDialog } from './sign-up-dialog';

export function AuthDialogs() {
  return (
    <>
      <SignInDialog />
      <SignUpDialog />
    </>
  );
}
