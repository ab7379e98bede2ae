/** Both auth dialogs; loaded on demand by AuthDialogs (auth-dialogs.tsx). */
import { SignInDialog } from './sign-in-dialog';
import { SignUpDialog } from './sign-up-dialog';

export function AuthDialogsContent() {
  return (
    <>
      <SignInDialog />
      <SignUpDialog />
    </>
  );
}
