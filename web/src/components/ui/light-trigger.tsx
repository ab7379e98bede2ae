/**
 * The closed trigger of a dialog, menu or tooltip before its Radix parts are loaded (see lazy-parts.ts): the
 * caller's element (`asChild`) or a button, with the ARIA state Radix gives a closed trigger. Handlers merge
 * as Radix's Slot merges them: the child's own first, then the trigger's props, then ours — ours skipped when
 * an earlier one called preventDefault. When the parts arrive the facade swaps in Radix's trigger; if the
 * light one had the focus, the root's `takeFocus` moves it to the new element, so a keyboard user keeps their place.
 */
import {
  cloneElement,
  isValidElement,
  type ButtonHTMLAttributes,
  type HTMLAttributes,
  type SyntheticEvent,
} from 'react';

export type TriggerHandlers = Pick<
  HTMLAttributes<HTMLElement>,
  'onClick' | 'onPointerDown' | 'onPointerEnter' | 'onKeyDown' | 'onFocus' | 'onBlur'
>;

export interface LightTriggerProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  asChild?: boolean;
}

function chain<E extends SyntheticEvent>(first?: (event: E) => void, second?: (event: E) => void) {
  if (!first || !second) return first ?? second;
  return (event: E) => {
    first(event);
    if (!event.defaultPrevented) second(event);
  };
}

function chainAll(first: TriggerHandlers, second: TriggerHandlers): TriggerHandlers {
  return {
    onClick: chain(first.onClick, second.onClick),
    onPointerDown: chain(first.onPointerDown, second.onPointerDown),
    onPointerEnter: chain(first.onPointerEnter, second.onPointerEnter),
    onKeyDown: chain(first.onKeyDown, second.onKeyDown),
    onFocus: chain(first.onFocus, second.onFocus),
    onBlur: chain(first.onBlur, second.onBlur),
  };
}

export function LightTrigger({
  triggerProps: { asChild, children, ...props },
  attributes,
  handlers,
  onFocusChange,
}: {
  /** What the caller passed to the facade's trigger. */
  triggerProps: LightTriggerProps;
  /** ARIA and data attributes of Radix's closed trigger. */
  attributes: Record<string, string | boolean>;
  handlers: TriggerHandlers;
  /** Told when this trigger gains or loses the focus (for the handoff to Radix's trigger). */
  onFocusChange: (focused: boolean) => void;
}) {
  const own = chainAll(handlers, {
    onFocus: () => onFocusChange(true),
    onBlur: () => onFocusChange(false),
  });
  const slotProps = { ...props, ...attributes, ...chainAll(props, own) };
  if (asChild && isValidElement<HTMLAttributes<HTMLElement>>(children)) {
    const child = children.props;
    return cloneElement(children, {
      ...slotProps,
      ...child,
      ...chainAll(child, chainAll(props, own)),
      className: [slotProps.className, child.className].filter(Boolean).join(' ') || undefined,
      style:
        slotProps.style && child.style
          ? { ...slotProps.style, ...child.style }
          : (child.style ?? slotProps.style),
    });
  }
  return (
    <button type="button" {...slotProps}>
      {children}
    </button>
  );
}
