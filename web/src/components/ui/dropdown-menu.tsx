/**
 * Dropdown menu: Radix's menu (roving focus, typeahead, Escape, outside click), loaded with the first menu
 * that opens rather than with the app (see lazy-parts.ts). Until then a closed menu is its trigger alone,
 * answering the same pointer and keys as Radix's trigger; hovering or focusing it starts the download. The
 * styled Radix parts are in dropdown-menu-parts.tsx.
 */
import { createContext, useContext, type ComponentProps, type ReactNode } from 'react';
import type * as Parts from './dropdown-menu-parts';
import { lazyParts, prefetch, requireParts } from './lazy-parts';
import { useLazyRoot, type OpenStateProps } from './lazy-root';
import { LightTrigger, type LightTriggerProps } from './light-trigger';

const menuParts = lazyParts(() => import('./dropdown-menu-parts'));

type MenuState = ReturnType<typeof useLazyRoot<typeof Parts>>;
const MenuContext = createContext<MenuState | null>(null);

function useMenuState(part: string): MenuState {
  const state = useContext(MenuContext);
  if (!state) throw new Error(`<${part}> must be inside <DropdownMenu>`);
  return state;
}

export interface DropdownMenuProps extends OpenStateProps {
  modal?: boolean;
  children?: ReactNode;
}

export function DropdownMenu({ modal, children, ...openState }: DropdownMenuProps) {
  const state = useLazyRoot(menuParts, openState);
  const { radix } = state;
  return (
    <MenuContext.Provider value={state}>
      {radix ? (
        <radix.DropdownMenuRoot open={state.open} onOpenChange={state.setOpen} modal={modal}>
          {children}
        </radix.DropdownMenuRoot>
      ) : (
        children
      )}
    </MenuContext.Provider>
  );
}

export function DropdownMenuTrigger(props: LightTriggerProps) {
  const { radix, setOpen, setTriggerFocused, takeFocus } = useMenuState('DropdownMenuTrigger');
  if (radix) return <radix.DropdownMenuTrigger {...props} ref={takeFocus} />;
  return (
    <LightTrigger
      triggerProps={props}
      attributes={{ 'aria-haspopup': 'menu', 'aria-expanded': false, 'data-state': 'closed' }}
      handlers={{
        onPointerEnter: () => prefetch(menuParts),
        onFocus: () => prefetch(menuParts),
        // As Radix's trigger: the primary button opens on press; Enter, Space and ArrowDown open too.
        onPointerDown: (event) => {
          if (props.disabled || event.button !== 0 || event.ctrlKey) return;
          event.preventDefault();
          setOpen(true);
        },
        onKeyDown: (event) => {
          if (props.disabled || !['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
          event.preventDefault();
          setOpen(true);
        },
      }}
      onFocusChange={setTriggerFocused}
    />
  );
}

/** Renders nothing until the menu has opened once. */
export function DropdownMenuContent(props: ComponentProps<typeof Parts.DropdownMenuContent>) {
  const { radix } = useMenuState('DropdownMenuContent');
  return radix ? <radix.DropdownMenuContent {...props} /> : null;
}

// The rest only ever render inside the content, so the parts are loaded by then.
export function DropdownMenuItem(props: ComponentProps<typeof Parts.DropdownMenuItem>) {
  const { DropdownMenuItem: Item } = requireParts(menuParts, 'DropdownMenuItem');
  return <Item {...props} />;
}

export function DropdownMenuRadioItem(props: ComponentProps<typeof Parts.DropdownMenuRadioItem>) {
  const { DropdownMenuRadioItem: RadioItem } = requireParts(menuParts, 'DropdownMenuRadioItem');
  return <RadioItem {...props} />;
}

export function DropdownMenuCheckboxItem(props: ComponentProps<typeof Parts.DropdownMenuCheckboxItem>) {
  const { DropdownMenuCheckboxItem: CheckboxItem } = requireParts(menuParts, 'DropdownMenuCheckboxItem');
  return <CheckboxItem {...props} />;
}

export function DropdownMenuSeparator(props: ComponentProps<typeof Parts.DropdownMenuSeparator>) {
  const { DropdownMenuSeparator: Separator } = requireParts(menuParts, 'DropdownMenuSeparator');
  return <Separator {...props} />;
}

export function DropdownMenuLabel(props: ComponentProps<typeof Parts.DropdownMenuLabel>) {
  const { DropdownMenuLabel: Label } = requireParts(menuParts, 'DropdownMenuLabel');
  return <Label {...props} />;
}

export function DropdownMenuGroup(props: ComponentProps<typeof Parts.DropdownMenuGroup>) {
  const { DropdownMenuGroup: Group } = requireParts(menuParts, 'DropdownMenuGroup');
  return <Group {...props} />;
}

export function DropdownMenuRadioGroup(props: ComponentProps<typeof Parts.DropdownMenuRadioGroup>) {
  const { DropdownMenuRadioGroup: RadioGroup } = requireParts(menuParts, 'DropdownMenuRadioGroup');
  return <RadioGroup {...props} />;
}
