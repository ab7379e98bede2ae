/**
 * Toasts: `toast()` and the store are in toast-store.ts (re-exported here); the Radix viewport that shows
 * them loads with the first toast, so a visit that never shows one never downloads Radix's toast code (about
 * 14 KB gzip with the Radix parts it shares; see lazy-parts.ts). Nothing is lost meanwhile: the store holds
 * the toast, and the viewport shows it (announced, F8 to reach it) as soon as its chunk arrives — from the
 * service worker's precache after the first visit.
 */
import { lazyParts } from './lazy-parts';
import { useToastStore } from './toast-store';

export * from './toast-store';

const toastParts = lazyParts(() => import('./toast-parts'));

/** Mount once near the root. */
export function Toaster() {
  const hasToast = useToastStore((s) => s.toasts.length > 0);
  const parts = toastParts.useParts(hasToast);
  return parts ? <parts.ToastViewport /> : null;
}
