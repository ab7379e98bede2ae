/**
 * The Tailwind classes of a find period's badge (docs/product/finds.md "Badge colours"), shared by the app's
 * PeriodBadge and the server's first look of a finds page, so both draw the same badge. Each tint pairs a
 * light background with dark text, and in dark mode a dark background with light text: both meet WCAG AA
 * (4.5:1). `web/src/index.css` names this file as a Tailwind source.
 */
import { periodBadgeColour, type BadgeColour } from './finds-constants';

const BADGE_CLASSES: Readonly<Record<BadgeColour, string>> = {
  red: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  purple: 'bg-purple-100 text-purple-800 dark:bg-purple-950 dark:text-purple-200',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  orange: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  green: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  grey: 'bg-stone-300 text-stone-800 dark:bg-stone-600 dark:text-stone-100',
  'light-grey': 'bg-stone-100 text-stone-700 dark:bg-stone-800 dark:text-stone-300',
};

export function periodBadgeClasses(period: string | null | undefined): string {
  return BADGE_CLASSES[periodBadgeColour(period)];
}

/** Badge's own classes (web/src/components/ui/badge.tsx), for markup written outside React. */
export const BADGE_BASE_CLASSES =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold leading-5 whitespace-nowrap';
