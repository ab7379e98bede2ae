/** Display rules for finds (spec 1 §9): dates like 'Mar 5, 2024', period badge colours, search matching. */
import { format } from 'date-fns';
import { periodBadgeColour, type BadgeColour } from '@schema/contracts/finds';

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Abbreviated month, day, year: 'Mar 5, 2024'. */
export function formatFindDate(iso: string | null | undefined): string {
  const date = iso ? parse(iso) : null;
  return date ? format(date, 'MMM d, yyyy') : '';
}

/** Light tints with dark text: every pair meets WCAG AA contrast in both themes. */
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

export interface Searchable {
  title: string;
  description: string | null;
  location: string;
}

/** Gallery search: title, description or location contain the text, ignoring case (spec 1 §2). */
export function matchesSearch(find: Searchable, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return (
    find.title.toLowerCase().includes(q) ||
    (find.description ?? '').toLowerCase().includes(q) ||
    find.location.toLowerCase().includes(q)
  );
}
