/**
 * How a member is shown to others (docs/product/accounts.md, docs/privacy.md): a name that looks like an
 * e-mail address is masked, and so is the generated avatar's address, which is made from the name —
 * otherwise the picture's URL would spell out what the name hides. A member's own record is never masked.
 */
import { defaultAvatarUrl, maskEmailLike } from '@schema/contracts/users';

export function shownMember<M extends { username: string; avatarUrl: string | null }>(
  member: M,
): M & { avatarUrl: string } {
  const username = maskEmailLike(member.username);
  return { ...member, username, avatarUrl: member.avatarUrl ?? defaultAvatarUrl(username) };
}
