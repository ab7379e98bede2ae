/**
 * Toasts, stacked (docs/product/constants.md): up to MAX_VISIBLE_TOASTS on screen at once, each with its own
 * 5 s; any more wait their turn and show as earlier ones close, so a result announced while another toast is
 * up ('Import Complete', then 'Achievement Unlocked') is never lost. `toast()` is imperative so non-React
 * code (mutations, sync callbacks) can announce results without threading hooks through. The store is tiny
 * and loads with the app; the Radix viewport that shows it (toast-parts.tsx) does not.
 */
import { create } from 'zustand';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastOptions {
  id: number;
}

interface ToastState {
  /** Oldest first: the first MAX_VISIBLE_TOASTS are on screen, the rest are waiting. */
  toasts: ToastItem[];
  show: (options: ToastOptions) => number;
  /** One toast by id (a toast already gone is ignored), or every toast. */
  dismiss: (id?: number) => void;
}

/** More than three would cover a phone's screen; a fourth waits for one of them to close. */
export const MAX_VISIBLE_TOASTS = 3;

let nextId = 1;

export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  show: (options) => {
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts, { ...options, id }] }));
    return id;
  },
  dismiss: (id) =>
    set((state) => ({ toasts: id === undefined ? [] : state.toasts.filter((item) => item.id !== id) })),
}));

export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = useToastStore.getState().show(options);
  return { id, dismiss: () => useToastStore.getState().dismiss(id) };
}

/** The toasts on screen now, oldest first. */
export const selectVisibleToasts = (state: { toasts: ToastItem[] }): ToastItem[] =>
  state.toasts.slice(0, MAX_VISIBLE_TOASTS);

export const TOAST_DURATION_MS = 5000;
