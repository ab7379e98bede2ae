/**
 * The Radix viewport of toast.tsx's Toaster (swipe to dismiss, F8 to reach it, announced to screen readers),
 * loaded after the first paint or with the first toast (see lazy-parts.ts). Import `./toast`, never this.
 * Toasts stack, oldest at the top; each closes on its own timer (toast-store.ts).
 */
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import { cn } from './cn';
import { selectVisibleToasts, TOAST_DURATION_MS, useToastStore, type ToastItem } from './toast-store';

function ToastCard({ item, onClose }: { item: ToastItem; onClose: (id: number) => void }) {
  return (
    <ToastPrimitive.Root
      defaultOpen
      onOpenChange={(open) => {
        if (!open) onClose(item.id);
      }}
      className={cn(
        'relative flex w-full items-start gap-3 rounded-xl border p-4 pr-12 shadow-lg',
        'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
        'data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=end]:opacity-0 data-[swipe=end]:transition-all',
        item.variant === 'destructive'
          ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
          : 'border-stone-200 bg-white text-stone-900 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100',
      )}
    >
      <div className="flex flex-col gap-1">
        <ToastPrimitive.Title className="font-semibold">{item.title}</ToastPrimitive.Title>
        {item.description ? (
          <ToastPrimitive.Description className="text-sm opacity-90">
            {item.description}
          </ToastPrimitive.Description>
        ) : null}
      </div>
      <ToastPrimitive.Close
        aria-label="Dismiss notification"
        className="absolute right-1 top-1 inline-flex size-11 items-center justify-center rounded-lg opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-600"
      >
        <X className="size-4" aria-hidden="true" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}

export function ToastViewport() {
  const visible = useToastStore(useShallow(selectVisibleToasts));
  const dismiss = useToastStore((s) => s.dismiss);

  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {visible.map((item) => (
        // A key per toast: each keeps its own timer and enter animation as others come and go.
        <ToastCard key={item.id} item={item} onClose={dismiss} />
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-md list-none flex-col gap-2 p-3 outline-none sm:p-4"
      />
    </ToastPrimitive.Provider>
  );
}
