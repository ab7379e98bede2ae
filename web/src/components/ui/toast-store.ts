/**
 * One toast at a time (docs/product/constants.md): a new toast replaces the current one. `toast()` is
 * imperative so non-React code (mutations, sync callbacks) can announce results without threading hooks
 * through. The store is tiny and loads with the app; the Radix viewport that shows it (toast-parts.tsx)
 * does not.
 */
import { create } from 'zustand';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

interface ToastItem extends ToastOptions {
  id: number;
}

interface ToastState {
  current: ToastItem | null;
  show: (options: ToastOptions) => number;
  dismiss: (id?: number) => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>((set, get) => ({
  current: null,
  show: (options) => {
    const id = nextId++;
    set({ current: { ...options, id } });
    return id;
  },
  // Dismissing by id ignores a stale close from a toast that has already been replaced.
  dismiss: (id) => {
    const current = get().current;
    if (current && (id === undefined || current.id === id)) set({ current: null });
  },
}));

export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = useToastStore.getState().show(options);
  return { id, dismiss: () => useToastStore.getState().dismiss(id) };
}

export const TOAST_DURATION_MS = 5000;
