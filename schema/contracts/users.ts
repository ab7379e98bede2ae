/** User shapes on the wire. A public user never carries e-mail, hashes or tokens. */
export interface PublicUser {
  id: number;
  username: string;
  avatarUrl: string;
  bio: string | null;
  created_at: string;
}

/** The signed-in member's own record: the only place an e-mail address is sent. */
export interface SelfUser extends PublicUser {
  email: string;
  isEmailVerified: boolean;
}

export const FOUNDER_BADGE = 'Founder';
export const TOP_POSTER_BADGE = 'Top Poster';

export function badgesFor(user: Pick<PublicUser, 'id' | 'username'>): string[] {
  const badges: string[] = [];
  if (user.id === 1) badges.push(FOUNDER_BADGE);
  if (user.username.toLowerCase().includes('quest')) badges.push(TOP_POSTER_BADGE);
  return badges;
}

/** Two capital letters: the last avatar fallback. */
export function initialsOf(username: string): string {
  return username.trim().slice(0, 2).toUpperCase() || '?';
}

/** A name that looks like an e-mail address shows as "jo***@e***.com" (spec 1 §5 Masking). */
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

/**
 * The generated default avatar (served by our server with DiceBear), used whenever a member has none:
 * it follows the username, so a renamed member gets the new name's picture.
 */
export function defaultAvatarUrl(username: string): string {
  return `/avatars/${encodeURIComponent(username)}.svg`;
}

/** The fields of a stored account the wire shapes are made from (a database row satisfies it). */
export interface UserRecord {
  id: number;
  username: string;
  email: string;
  isEmailVerified: boolean;
  avatarUrl: string | null;
  bio: string | null;
  createdAt: string;
}

/**
 * Row → wire, the one place it happens: a public user is built field by field, so a column added to
 * the table (hashes, tokens) can never leak by accident.
 */
export function toPublicUser(
  row: Pick<UserRecord, 'id' | 'username' | 'avatarUrl' | 'bio' | 'createdAt'>,
): PublicUser {
  return {
    id: row.id,
    username: row.username,
    avatarUrl: row.avatarUrl ?? defaultAvatarUrl(row.username),
    bio: row.bio,
    created_at: row.createdAt,
  };
}

/** The member's own record: the public fields plus e-mail and its verification state. */
export function toSelfUser(row: UserRecord): SelfUser {
  return { ...toPublicUser(row), email: row.email, isEmailVerified: row.isEmailVerified };
}
