/** How a story reads on a card (docs/product/stories.md "Screens"): en-GB dates, plain counts. */
import { formatDay } from '@web/lib/dates';

/**
 * '5 Jan 2025' in the member's zone, written as every other date of the app is (web/src/lib/dates.ts): an
 * Intl formatter wrote September 'Sept' here and 'Sep' everywhere else, and its locale data was the
 * wellbeing pages' only Intl load. '' when the date cannot be read.
 */
export function sharedOn(iso: string): string {
  return formatDay(iso);
}

/** '1 year detecting', 'N years detecting', 'New to detecting' for 0; null when not said. */
export function yearsLabel(years: number | null | undefined): string | null {
  if (years === null || years === undefined) return null;
  if (years === 0) return 'New to detecting';
  return `${years} ${years === 1 ? 'year' : 'years'} detecting`;
}

/** A story's page: its server id, or its uid before it has synced. */
export function storyHref(story: { id: number | null; uid: string }): string {
  return `/wellbeing/stories/${story.id ?? story.uid}`;
}
