/**
 * Tooltips: Radix's tooltip, loaded when a tooltip's trigger is first hovered or focused rather than with
 * the app (see lazy-parts.ts). Until then the trigger renders alone; if it has the focus when Radix
 * arrives, the focus stays on it and the tooltip opens, as it would have.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { lazyParts } from './lazy-parts';
import { useLazyRoot } from './lazy-root';
import { LightTrigger } from './light-trigger';
import type { TooltipDelays } from './tooltip-parts';

const tooltipParts = lazyParts(() => import('./tooltip-parts'));

/** The timings of docs/product/constants.md. */
const DEFAULT_DELAYS: TooltipDelays = { delayDuration: 700, skipDelayDuration: 300 };
const TooltipDelaysContext = createContext<TooltipDelays>(DEFAULT_DELAYS);

/**
 * Mounted once at the root. It only carries the timings: each tooltip mounts Radix's provider with them
 * when it loads, so no Radix code is needed before the first tooltip.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return <TooltipDelaysContext.Provider value={DEFAULT_DELAYS}>{children}</TooltipDelaysContext.Provider>;
}

/** `<SimpleTooltip content="Delete">{button}</SimpleTooltip>`. Works without a provider too. */
export function SimpleTooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const delays = useContext(TooltipDelaysContext);
  const { radix, engage, setTriggerFocused, takeFocus } = useLazyRoot(tooltipParts, {});
  if (radix) {
    return (
      <radix.RadixSimpleTooltip content={content} delays={delays} triggerRef={takeFocus}>
        {children}
      </radix.RadixSimpleTooltip>
    );
  }
  return (
    <LightTrigger
      triggerProps={{ asChild: true, children }}
      attributes={{ 'data-state': 'closed' }}
      handlers={{ onPointerEnter: engage, onFocus: engage }}
      onFocusChange={setTriggerFocused}
    />
  );
}
