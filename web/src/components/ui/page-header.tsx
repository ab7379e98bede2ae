import type { ReactNode } from 'react';
import { cn } from './cn';

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons shown beside the title on wide screens, below it on phones. */
  actions?: ReactNode;
  eyebrow?: ReactNode;
  className?: string;
}

/** The one h1 of a page, with an optional lead paragraph. */
export function PageHeader({ title, description, actions, eyebrow, className }: PageHeaderProps) {
  return (
    <div className={cn('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="flex flex-col gap-2">
        {eyebrow ? <div>{eyebrow}</div> : null}
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl dark:text-stone-50">
          {title}
        </h1>
        {description ? (
          <p className="max-w-2xl text-lg text-stone-600 dark:text-stone-400">{description}</p>
        ) : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/**
 * Standard page width and padding. A page that reads better narrower (a find, a post, a profile) passes its
 * own `max-w-*`, which then replaces the standard one: `cn` does not merge classes, and with both present
 * the stylesheet's order, not the page, would decide (the wider one won).
 */
export function PageContainer({ className, children }: { className?: string; children: ReactNode }) {
  const width = className && /(^|\s)max-w-/.test(className) ? undefined : 'max-w-7xl';
  return <div className={cn('mx-auto w-full px-4 py-8 sm:py-10', width, className)}>{children}</div>;
}
