/**
 * Edit Profile: which fields changed, so PATCH carries only those (docs/product/accounts.md). A new
 * password or a new e-mail address also carries the current password, which the server asks for.
 */
import { normalizeUsername, type SelfUser } from '@schema/contracts/users';
import type { ProfileFormInput } from '@schema/contracts/auth';

export interface ProfilePatch {
  username?: string;
  email?: string;
  bio?: string;
  password?: string;
  currentPassword?: string;
}

export function profileDefaults(user: SelfUser): ProfileFormInput {
  return {
    username: user.username,
    email: user.email,
    bio: user.bio ?? '',
    password: '',
    confirmPassword: '',
    currentPassword: '',
  };
}

/** A different mailbox (not just a change of letter case, which the server treats as the same address). */
const isNewMailbox = (user: SelfUser, email: string) => email.toLowerCase() !== user.email.toLowerCase();

/**
 * Only fields that differ from the stored member; a password only when both are filled and match; the
 * current password only with a change that needs it.
 */
export function profileChanges(user: SelfUser, values: ProfileFormInput): ProfilePatch {
  const patch: ProfilePatch = {};
  const username = normalizeUsername(values.username);
  const email = values.email.trim();
  const bio = (values.bio ?? '').trim();
  if (username !== user.username) patch.username = username;
  if (email !== user.email) patch.email = email;
  if (bio !== (user.bio ?? '').trim()) patch.bio = bio;
  if (values.password && values.confirmPassword && values.password === values.confirmPassword)
    patch.password = values.password;
  if (needsCurrentPassword(user, patch) && values.currentPassword)
    patch.currentPassword = values.currentPassword;
  return patch;
}

/** Whether the server will ask for the current password before saving this patch. */
export function needsCurrentPassword(user: SelfUser, patch: ProfilePatch): boolean {
  return patch.password !== undefined || (patch.email !== undefined && isNewMailbox(user, patch.email));
}

export const isEmptyPatch = (patch: ProfilePatch): boolean => Object.keys(patch).length === 0;
