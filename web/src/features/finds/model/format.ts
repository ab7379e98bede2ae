/** Display rules for finds (docs/product/finds.md): dates like '5 Mar 2024', period badge colours, search. */
import { formatDay } from '@web/lib/dates';

/** Day, abbreviated month, year, as en-GB writes it: '5 Mar 2024'. */
export function formatFindDate(iso: string | null | undefined): string {
  return formatDay(iso);
}

/** The badge tints live with the shared badge (the home page shows them too). */
export { periodBadgeClasses } from '@web/components/ui/period-badge';

export interface Searchable {
  title: string;
  description: string | null;
  location: string;
}

/**
 * Gallery search: title, description or location contain the text, ignoring case
 * (docs/product/finds.md#screens).
 */
export function matchesSearch(find: Searchable, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return (
    find.title.toLowerCase().includes(q) ||
    (find.description ?? '').toLowerCase().includes(q) ||
    find.location.toLowerCase().includes(q)
  );
}
