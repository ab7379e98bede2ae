/**
 * How a member is shown — badges, initials, a masked name — kept apart from the account rules in ./users so
 * that the app shell, which draws avatars on every page, does not carry those rules in its first download
 * (docs/architecture.md). ./users re-exports everything here.
 */
export const FOUNDER_BADGE = 'Founder';
export const TOP_POSTER_BADGE = 'Top Poster';

export function badgesFor(user: { id: number; username: string }): string[] {
  const badges: string[] = [];
  if (user.id === 1) badges.push(FOUNDER_BADGE);
  if (user.username.toLowerCase().includes('quest')) badges.push(TOP_POSTER_BADGE);
  return badges;
}

/** Two capital letters: the last avatar fallback. */
export function initialsOf(username: string): string {
  return username.trim().slice(0, 2).toUpperCase() || '?';
}

/** A name that looks like an e-mail address shows as "jo***@e***.com" (docs/product/accounts.md). */
export function maskEmailLike(name: string): string {
  const match = /^([^@\s]+)@([^@\s]+\.[^@\s]+)$/.exec(name.trim());
  if (!match) return name;
  const [, local = '', domain = ''] = match;
  const keep = local.length > 5 ? 3 : Math.min(2, local.length);
  const parts = domain.split('.');
  const tld = parts.pop() ?? '';
  const first = parts[0] ?? '';
  return `${local.slice(0, keep)}***@${first.slice(0, 1)}***.${tld}`;
}
