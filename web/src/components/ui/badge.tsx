import type { HTMLAttributes } from 'react';
import { BADGE_BASE_CLASSES } from '@schema/contracts/period-badge-classes';
import { cn } from './cn';

/** 'tint': no colours of its own; the caller's className gives them (e.g. a find period's tint). */
export type BadgeVariant = 'default' | 'secondary' | 'outline' | 'premium' | 'destructive' | 'tint';

const variants: Record<BadgeVariant, string> = {
  default: 'bg-lime-800 text-white',
  secondary: 'bg-stone-200 text-stone-800 dark:bg-stone-700 dark:text-stone-100',
  outline: 'border border-stone-300 text-stone-700 dark:border-stone-600 dark:text-stone-300',
  premium: 'bg-amber-400 text-amber-950',
  destructive: 'bg-red-700 text-white',
  tint: '',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
}

export function Badge({ variant = 'default', className, ...props }: BadgeProps) {
  return <span className={cn(BADGE_BASE_CLASSES, variants[variant], className)} {...props} />;
}
