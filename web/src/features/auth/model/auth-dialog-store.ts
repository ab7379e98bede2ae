/**
 * Auth-only UI state that lib/ui-store does not carry: which view the Sign In dialog shows. Kept here so
 * other features only ever need `openAuthDialog`, and the reset page can open the dialog on its reset view.
 */
import { create } from 'zustand';
import { useUiStore } from '@web/lib/ui-store';

export type SignInView = 'signIn' | 'reset';

interface AuthDialogState {
  signInView: SignInView;
  setSignInView: (view: SignInView) => void;
}

export const useAuthDialogStore = create<AuthDialogState>((set) => ({
  signInView: 'signIn',
  setSignInView: (signInView) => set({ signInView }),
}));

/** Opens the Sign In dialog on the given view (the reset page links straight to "request a new link"). */
export function openSignIn(view: SignInView = 'signIn'): void {
  useAuthDialogStore.getState().setSignInView(view);
  useUiStore.getState().openAuthDialog('signIn');
}
