import { Loader2 } from 'lucide-react';
import { cn } from './cn';

export interface SpinnerProps {
  /** Announced to screen readers; pass an empty string when a visible label sits next to it. */
  label?: string;
  className?: string;
}

export function Spinner({ label = 'Loading…', className }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <Loader2 className={cn('size-5 animate-spin motion-reduce:animate-none', className)} aria-hidden="true" />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
