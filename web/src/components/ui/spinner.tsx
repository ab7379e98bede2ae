import { Loader2 } from 'lucide-react';
import { cn } from './cn';

const sizes = { sm: 'size-4', md: 'size-5', lg: 'size-8' } as const;

export interface SpinnerProps {
  /** Announced to screen readers; pass an empty string when a visible label sits next to it. */
  label?: string;
  size?: keyof typeof sizes;
  className?: string;
}

export function Spinner({ label = 'Loading…', size = 'md', className }: SpinnerProps) {
  // Without class merging, two size-* classes would fight; a size given in className wins.
  const sizeClass = /(^|\s)size-/.test(className ?? '') ? undefined : sizes[size];
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <Loader2
        className={cn(sizeClass, 'animate-spin motion-reduce:animate-none', className)}
        aria-hidden="true"
      />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
