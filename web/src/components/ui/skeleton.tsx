import type { HTMLAttributes } from 'react';
import { cn } from './cn';

/** Decorative placeholder; the surrounding region should carry aria-busy. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        'animate-pulse rounded-md bg-stone-200 motion-reduce:animate-none dark:bg-stone-800',
        className,
      )}
      {...props}
    />
  );
}
