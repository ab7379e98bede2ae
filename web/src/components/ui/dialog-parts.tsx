/**
 * The Radix-backed parts of dialog.tsx, loaded with the first dialog that opens (see lazy-parts.ts). Import
 * the facade, `./dialog`, never this module.
 */
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { forwardRef, useRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import { cn } from './cn';

export const DialogRoot = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
const DialogPortal = DialogPrimitive.Portal;

const DialogOverlay = forwardRef<
  ComponentRef<typeof DialogPrimitive.Overlay>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Overlay>
>(function DialogOverlay({ className, ...props }, ref) {
  return (
    <DialogPrimitive.Overlay
      ref={ref}
      className={cn('fixed inset-0 z-50 bg-stone-950/60', className)}
      {...props}
    />
  );
});

export interface DialogContentProps extends ComponentPropsWithoutRef<typeof DialogPrimitive.Content> {
  /** Accessible name of the corner close button. */
  closeLabel?: string;
}

/** An element the focus can go back to: still in the page and not hidden. */
function canTakeFocus(element: HTMLElement | null): element is HTMLElement {
  return element !== null && element.isConnected && element.closest('[hidden], [inert]') === null;
}

function focusPageHeading(): void {
  const heading = document.querySelector<HTMLElement>('#main h1');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    return;
  }
  document.querySelector<HTMLElement>('#main')?.focus({ preventScroll: true });
}

/** How long an opener that got the focus back is watched in case it is about to leave the page. */
const OPENER_WATCH_MS = 3_000;

/**
 * Where the focus goes when a dialog closes: back to what had it when the dialog opened (Radix only knows
 * its own trigger, and our dialogs are opened from state), or — when that is gone, e.g. the Sign up button
 * after signing up — to the page's heading, never to <body>. The opener may also leave just after (the
 * header swaps Sign up for the member's menu once the new session is stored): then the heading takes over.
 */
export function returnFocus(opener: HTMLElement | null): void {
  if (!canTakeFocus(opener)) {
    focusPageHeading();
    return;
  }
  opener.focus({ preventScroll: true });
  const observer = new MutationObserver(() => {
    if (opener.isConnected) return;
    stop();
    if (document.activeElement === null || document.activeElement === document.body) focusPageHeading();
  });
  const timer = setTimeout(() => observer.disconnect(), OPENER_WATCH_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
}

/**
 * On phones the dialog fills the width and sits near the top so the on-screen keyboard doesn't cover
 * the form; long content scrolls inside (max-h uses dvh so mobile browser chrome is accounted for).
 */
export const DialogContent = forwardRef<ComponentRef<typeof DialogPrimitive.Content>, DialogContentProps>(
  function DialogContent(
    { className, children, closeLabel = 'Close', onOpenAutoFocus, onCloseAutoFocus, ...props },
    ref,
  ) {
    const opener = useRef<HTMLElement | null>(null);
    return (
      <DialogPortal>
        <DialogOverlay />
        <DialogPrimitive.Content
          ref={ref}
          className={cn(
            'fixed left-1/2 top-4 z-50 w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 sm:top-1/2 sm:-translate-y-1/2',
            'max-h-[calc(100dvh-2rem)] overflow-y-auto overscroll-contain rounded-xl border border-stone-200 bg-white p-5 shadow-xl sm:p-6',
            'text-stone-900 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 focus:outline-none',
            className,
          )}
          {...props}
          onOpenAutoFocus={(event) => {
            // Radix calls this before it moves the focus in: what has the focus now opened the dialog.
            const active = document.activeElement;
            opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
            onOpenAutoFocus?.(event);
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented) return;
            event.preventDefault();
            returnFocus(opener.current);
          }}
        >
          {children}
          <DialogPrimitive.Close
            className="absolute right-2 top-2 inline-flex size-11 items-center justify-center rounded-lg text-stone-500 hover:bg-stone-100 hover:text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-600 dark:hover:bg-stone-800 dark:hover:text-stone-100"
            aria-label={closeLabel}
          >
            <X className="size-5" aria-hidden="true" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPortal>
    );
  },
);

export const DialogTitle = forwardRef<
  ComponentRef<typeof DialogPrimitive.Title>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Title>
>(function DialogTitle({ className, ...props }, ref) {
  return (
    <DialogPrimitive.Title
      ref={ref}
      className={cn('text-xl font-semibold leading-tight', className)}
      {...props}
    />
  );
});

export const DialogDescription = forwardRef<
  ComponentRef<typeof DialogPrimitive.Description>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Description>
>(function DialogDescription({ className, ...props }, ref) {
  return (
    <DialogPrimitive.Description
      ref={ref}
      className={cn('text-sm text-stone-600 dark:text-stone-400', className)}
      {...props}
    />
  );
});
