/**
 * The map's panel (docs/map.md "The screen"): on phones a bottom sheet that peeks with its summary ("Spots
 * in view (7)") and opens over the lower part of the map; on desktops a side panel beside the map, always
 * open. The peek is a disclosure button (aria-expanded), so the sheet works by keyboard and screen reader;
 * Escape folds it and returns to the button.
 */
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from '@web/components/ui/cn';

export interface MapPanelProps {
  /** The peek's text: what the panel holds now. */
  summary: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className?: string;
  children: ReactNode;
}

/** The peek's height on phones; the page keeps this much room under the map so the sheet never hides it. */
export const PEEK_CLASS = 'h-14';

export function MapPanel({ summary, open, onOpenChange, className, children }: MapPanelProps) {
  const bodyId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const sheet = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      // Only while the focus is in the sheet, and only where it is a sheet (the toggle shows on phones).
      if (e.key !== 'Escape' || !sheet.current?.contains(document.activeElement)) return;
      if (!toggle.current?.offsetParent) return;
      onOpenChange(false);
      toggle.current.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onOpenChange]);
  return (
    <section
      ref={sheet}
      aria-label="Map panel"
      data-open={open}
      className={cn(
        // Phones: a sheet over the map's foot, the peek's height when folded, up to 70 % when open.
        'absolute inset-x-0 bottom-0 z-20 flex max-h-[70%] flex-col rounded-t-2xl border-t border-stone-200 bg-white shadow-[0_-4px_16px_rgba(0,0,0,0.12)] dark:border-stone-700 dark:bg-stone-900',
        'pr-[env(safe-area-inset-right)] pb-[env(safe-area-inset-bottom)] pl-[env(safe-area-inset-left)]',
        // Desktops: a side panel, always open.
        'lg:static lg:z-auto lg:max-h-none lg:min-h-0 lg:rounded-none lg:border-t-0 lg:border-r lg:p-0 lg:shadow-none',
        className,
      )}
    >
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => onOpenChange(!open)}
        className={cn(
          PEEK_CLASS,
          'flex w-full shrink-0 items-center justify-between gap-3 px-4 text-left font-semibold lg:hidden',
          'rounded-t-2xl focus-visible:ring-2 focus-visible:ring-lime-600 focus-visible:outline-none focus-visible:ring-inset',
        )}
      >
        <span className="flex flex-col">
          <span
            aria-hidden="true"
            className="mx-auto mb-1 h-1 w-10 self-center rounded-full bg-stone-300 dark:bg-stone-600"
          />
          <span>{summary}</span>
        </span>
        {open ? (
          <ChevronDown aria-hidden="true" className="size-5 shrink-0" />
        ) : (
          <ChevronUp aria-hidden="true" className="size-5 shrink-0" />
        )}
      </button>
      <div
        id={bodyId}
        className={cn(
          'min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 pb-4 lg:block lg:pt-2',
          open ? '' : 'max-lg:hidden',
        )}
      >
        {children}
      </div>
    </section>
  );
}
