/**
 * The Radix-backed parts of tooltip.tsx, loaded when a tooltip's trigger is first hovered or focused (see
 * lazy-parts.ts). Import the facade, `./tooltip`, never this module.
 */
import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ReactNode, Ref } from 'react';

export interface TooltipDelays {
  delayDuration: number;
  skipDelayDuration: number;
}

/** The trigger is the caller's element (asChild); `triggerRef` lets the facade hand the focus over. */
export function RadixSimpleTooltip({
  content,
  children,
  delays,
  triggerRef,
}: {
  content: ReactNode;
  children: ReactNode;
  delays: TooltipDelays;
  triggerRef: Ref<HTMLButtonElement>;
}) {
  return (
    <TooltipPrimitive.Provider {...delays}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild ref={triggerRef}>
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={6}
            className="z-50 max-w-xs rounded-md bg-stone-900 px-3 py-1.5 text-sm text-stone-50 shadow-md dark:bg-stone-100 dark:text-stone-900"
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
