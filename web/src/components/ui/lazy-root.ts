/**
 * The state every lazy facade root (Dialog, DropdownMenu, SimpleTooltip) keeps: whether it is open
 * (controlled or not, as Radix's roots allow), and whether it renders Radix yet. A root starts light unless
 * its parts are loaded already; it engages when it opens (or, for a tooltip, when its trigger is hovered or
 * focused), loads the parts and then renders Radix for good, passing its open state down as a controlled
 * value. Swapping remounts the root's children once; `takeFocus` keeps the focus on the trigger.
 */
import { useCallback, useRef, useState, type RefCallback } from 'react';
import type { LazyParts } from './lazy-parts';

export interface OpenStateProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

export interface LazyRoot<T> {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Render Radix from now on (loads the parts); opening engages too. */
  engage: () => void;
  /** The parts once this root renders Radix; undefined while it renders the light stand-in. */
  radix: T | undefined;
  /** For the light trigger: records whether it has the focus. */
  setTriggerFocused: (focused: boolean) => void;
  /** A ref for Radix's trigger after the swap: takes the focus over if the light trigger had it. */
  takeFocus: RefCallback<HTMLElement>;
}

export function useLazyRoot<T>(lazy: LazyParts<T>, props: OpenStateProps): LazyRoot<T> {
  const { open: openProp, defaultOpen = false, onOpenChange } = props;
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const open = openProp ?? uncontrolledOpen;
  const [engaged, setEngaged] = useState(() => lazy.current() !== undefined);
  if (open && !engaged) setEngaged(true);
  const parts = lazy.useParts(engaged);
  const triggerFocusedRef = useRef(false);

  const controlled = openProp !== undefined;
  const setOpen = useCallback(
    (next: boolean) => {
      if (!controlled) setUncontrolledOpen(next);
      onOpenChange?.(next);
    },
    [controlled, onOpenChange],
  );
  const engage = useCallback(() => setEngaged(true), []);
  const setTriggerFocused = useCallback((focused: boolean) => {
    triggerFocusedRef.current = focused;
  }, []);
  const takeFocus = useCallback((node: HTMLElement | null) => {
    if (node && triggerFocusedRef.current) {
      triggerFocusedRef.current = false;
      node.focus();
    }
  }, []);
  return { open, setOpen, engage, radix: engaged ? parts : undefined, setTriggerFocused, takeFocus };
}
