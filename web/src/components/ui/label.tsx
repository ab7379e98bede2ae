import { forwardRef, type LabelHTMLAttributes } from 'react';
import { cn } from './cn';

export const Label = forwardRef<HTMLLabelElement, LabelHTMLAttributes<HTMLLabelElement>>(function Label(
  { className, htmlFor, ...props },
  ref,
) {
  return (
    <label
      ref={ref}
      htmlFor={htmlFor}
      className={cn('text-sm font-medium text-stone-800 dark:text-stone-200', className)}
      {...props}
    />
  );
});
