import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from './cn';

export const fieldClasses =
  'w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 placeholder:text-stone-400 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-600 focus-visible:border-lime-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-red-600 ' +
  'dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:placeholder:text-stone-500';

// text-base (16 px) stops iOS Safari zooming into the field on focus.
export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, type = 'text', ...props },
  ref,
) {
  return <input ref={ref} type={type} className={cn(fieldClasses, 'min-h-11', className)} {...props} />;
});
