/**
 * Toasts: `toast()` and the store are in toast-store.ts (re-exported here); the Radix viewport that shows
 * them loads once the first page has been shown and the browser is idle, or with the first toast if that
 * comes sooner, so Radix is not part of the first download (see lazy-parts.ts).
 */
import { useIdleAfterFirstPage } from '@web/lib/idle';
import { lazyParts } from './lazy-parts';
import { useToastStore } from './toast-store';

export * from './toast-store';

const toastParts = lazyParts(() => import('./toast-parts'));

/** Mount once near the root. */
export function Toaster() {
  const hasToast = useToastStore((s) => s.toasts.length > 0);
  const idle = useIdleAfterFirstPage();
  const parts = toastParts.useParts(hasToast || idle);
  return parts ? <parts.ToastViewport /> : null;
}
