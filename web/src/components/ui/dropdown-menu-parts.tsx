/**
 * The Radix-backed parts of dropdown-menu.tsx, loaded with the first menu that opens (see lazy-parts.ts).
 * Import the facade, `./dropdown-menu`, never this module.
 */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import { cn } from './cn';

export const DropdownMenuRoot = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuGroup = Menu.Group;
export const DropdownMenuRadioGroup = Menu.RadioGroup;

export const DropdownMenuContent = forwardRef<
  ComponentRef<typeof Menu.Content>,
  ComponentPropsWithoutRef<typeof Menu.Content>
>(function DropdownMenuContent({ className, sideOffset = 6, align = 'end', ...props }, ref) {
  return (
    <Menu.Portal>
      <Menu.Content
        ref={ref}
        sideOffset={sideOffset}
        align={align}
        className={cn(
          'z-50 min-w-52 overflow-hidden rounded-xl border border-stone-200 bg-white p-1 text-stone-900 shadow-lg',
          'dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100',
          className,
        )}
        {...props}
      />
    </Menu.Portal>
  );
});

export const DropdownMenuItem = forwardRef<
  ComponentRef<typeof Menu.Item>,
  ComponentPropsWithoutRef<typeof Menu.Item> & { destructive?: boolean }
>(function DropdownMenuItem({ className, destructive, ...props }, ref) {
  return (
    <Menu.Item
      ref={ref}
      className={cn(
        'flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-lg px-3 text-base outline-none',
        'data-[highlighted]:bg-stone-100 dark:data-[highlighted]:bg-stone-800 data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        '[&_svg]:size-4 [&_svg]:shrink-0',
        destructive && 'text-red-700 dark:text-red-400',
        className,
      )}
      {...props}
    />
  );
});

export const DropdownMenuSeparator = forwardRef<
  ComponentRef<typeof Menu.Separator>,
  ComponentPropsWithoutRef<typeof Menu.Separator>
>(function DropdownMenuSeparator({ className, ...props }, ref) {
  return (
    <Menu.Separator
      ref={ref}
      className={cn('my-1 h-px bg-stone-200 dark:bg-stone-700', className)}
      {...props}
    />
  );
});

export const DropdownMenuLabel = forwardRef<
  ComponentRef<typeof Menu.Label>,
  ComponentPropsWithoutRef<typeof Menu.Label>
>(function DropdownMenuLabel({ className, ...props }, ref) {
  return (
    <Menu.Label
      ref={ref}
      className={cn('px-3 py-2 text-sm font-semibold text-stone-600 dark:text-stone-400', className)}
      {...props}
    />
  );
});

// The two checkable kinds share their look: room on the left for the check, shown while chosen.
const CHECKABLE_ITEM =
  'relative flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-lg py-0 pl-9 pr-3 text-base outline-none ' +
  'data-[highlighted]:bg-stone-100 dark:data-[highlighted]:bg-stone-800 [&_svg]:size-4 [&_svg]:shrink-0';

function ItemCheck() {
  return (
    <span className="absolute left-3 inline-flex items-center">
      <Menu.ItemIndicator>
        <Check aria-hidden="true" />
      </Menu.ItemIndicator>
    </span>
  );
}

/** A single-choice item (e.g. the theme picker); shows a check when selected. */
export const DropdownMenuRadioItem = forwardRef<
  ComponentRef<typeof Menu.RadioItem>,
  ComponentPropsWithoutRef<typeof Menu.RadioItem>
>(function DropdownMenuRadioItem({ className, children, ...props }, ref) {
  return (
    <Menu.RadioItem ref={ref} className={cn(CHECKABLE_ITEM, className)} {...props}>
      <ItemCheck />
      {children}
    </Menu.RadioItem>
  );
});

/** An on/off item (e.g. a map filter); shows a check when on, and says so as a menuitemcheckbox. */
export const DropdownMenuCheckboxItem = forwardRef<
  ComponentRef<typeof Menu.CheckboxItem>,
  ComponentPropsWithoutRef<typeof Menu.CheckboxItem>
>(function DropdownMenuCheckboxItem({ className, children, ...props }, ref) {
  return (
    <Menu.CheckboxItem ref={ref} className={cn(CHECKABLE_ITEM, className)} {...props}>
      <ItemCheck />
      {children}
    </Menu.CheckboxItem>
  );
});
