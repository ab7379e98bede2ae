/**
 * How a member is shown — badges, initials, a masked name — kept apart from the account rules in ./users so
 * that the app shell, which draws avatars on every page, does not carry those rules in its first download
 * (docs/architecture.md). ./users re-exports everything here.
 */
export const FOUNDER_BADGE = 'Founder';
export const TOP_POSTER_BADGE = 'Top Poster';

/**
 * 'Top Poster' (docs/product/accounts.md "Badges"): at most TOP_POSTERS members, those with the most forum
 * posts in the last TOP_POSTER_DAYS days, and only with at least TOP_POSTER_MIN_POSTS of them — in a quiet
 * month two posts must not make a member a top poster.
 */
export const TOP_POSTERS = 3;
export const TOP_POSTER_DAYS = 30;
export const TOP_POSTER_MIN_POSTS = 5;

/**
 * A member's badges: 'Founder' for the official account (id 1); 'Top Poster' for the members the server
 * names in `GET /api/badges` (docs/product/achievements.md "Badges" — never from the username).
 */
export function badgesFor(
  user: { id: number; username: string },
  topPosters: readonly number[] = [],
): string[] {
  const badges: string[] = [];
  if (user.id === 1) badges.push(FOUNDER_BADGE);
  if (topPosters.includes(user.id)) badges.push(TOP_POSTER_BADGE);
  return badges;
}

/** Two capital letters: the last avatar fallback. */
export function initialsOf(username: string): string {
  return username.trim().slice(0, 2).toUpperCase() || '?';
}

/** What maskEmailLike makes: a few characters, `***@`, at most one, `***.` and the last domain part. */
const MASKED = /^[^@\s]{0,3}\*\*\*@[^@\s]?\*\*\*\.[^@\s.]+$/;

/**
 * A name that looks like an e-mail address shows as "jo***@e***.com" (docs/product/accounts.md). The
 * server already sends such names masked to everyone but their member (usernameShownTo), so masking an
 * already masked name leaves it as it is.
 */
export function maskEmailLike(name: string): string {
  if (MASKED.test(name.trim())) return name;
  const match = /^([^@\s]+)@([^@\s]+\.[^@\s]+)$/.exec(name.trim());
  if (!match) return name;
  const [, local = '', domain = ''] = match;
  const keep = local.length > 5 ? 3 : Math.min(2, local.length);
  const parts = domain.split('.');
  const tld = parts.pop() ?? '';
  const first = parts[0] ?? '';
  return `${local.slice(0, keep)}***@${first.slice(0, 1)}***.${tld}`;
}

/** True when the name looks like an e-mail address: others only ever see it masked. */
export const isEmailLike = (name: string): boolean => maskEmailLike(name) !== name;

/**
 * A member's name as `viewerId` is shown it (docs/privacy.md "E-mail addresses"): in full to the member
 * themself, masked to everyone else — signed in or not — when it looks like an e-mail address.
 */
export function usernameShownTo(
  member: { id: number; username: string },
  viewerId: number | null | undefined,
): string {
  return viewerId === member.id ? member.username : maskEmailLike(member.username);
}
