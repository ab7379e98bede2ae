/** How a story reads on a card (docs/product/stories.md "Screens"): en-GB dates, plain counts. */

/** Built once: a formatter per card and per render would cost more than the card itself. */
const SHARED_ON = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** '5 Jan 2025' in the member's zone, like the rest of the app; '' when the date cannot be read. */
export function sharedOn(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return SHARED_ON.format(date);
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
