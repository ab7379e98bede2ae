import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

/** 'accent' (amber) is the one call to action on a busy background; 'inverse' sits on green or dark areas. */
export type ButtonVariant = 'default' | 'outline' | 'ghost' | 'destructive' | 'link' | 'accent' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors select-none ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-600 focus-visible:ring-offset-2 ' +
  'focus-visible:ring-offset-stone-50 dark:focus-visible:ring-offset-stone-900 ' +
  'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0';

const variants: Record<ButtonVariant, string> = {
  default: 'bg-lime-800 text-white hover:bg-lime-700 active:bg-lime-900 shadow-sm',
  outline:
    'border border-stone-300 bg-white text-stone-900 hover:bg-stone-100 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800',
  ghost: 'text-stone-800 hover:bg-stone-200/70 dark:text-stone-100 dark:hover:bg-stone-800',
  destructive: 'bg-red-700 text-white hover:bg-red-600 active:bg-red-800 shadow-sm',
  link: 'text-lime-800 underline-offset-4 hover:underline dark:text-lime-400',
  accent: 'bg-amber-400 text-amber-950 hover:bg-amber-300 active:bg-amber-500 shadow-sm',
  inverse: 'border border-white/70 bg-white/10 text-white hover:bg-white/20 backdrop-blur-sm',
};

// Every size keeps at least a 44 px tap target except `sm`, which is for dense desktop toolbars.
// Variants set colours and sizes set spacing: don't override either through className (no class merging).
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-base',
  lg: 'min-h-12 px-6 text-lg',
  icon: 'size-11',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** Also exported so links styled as buttons look the same (`<Link className={buttonClasses()}>`). */
export function buttonClasses(
  variant: ButtonVariant = 'default',
  size: ButtonSize = 'md',
  className?: string,
): string {
  return cn(base, variants[variant], variant === 'link' ? 'min-h-11 px-1' : sizes[size], className);
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'default', size = 'md', className, type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClasses(variant, size, className)} {...props} />;
});
