/** UI-only state shared across features (never a copy of Dexie rows): which auth dialog is open. */
import { create } from 'zustand';

export type AuthDialog = 'signIn' | 'signUp' | null;

interface UiState {
  authDialog: AuthDialog;
  openAuthDialog: (dialog: AuthDialog) => void;
}

export const useUiStore = create<UiState>((set) => ({
  authDialog: null,
  openAuthDialog: (authDialog) => set({ authDialog }),
}));
