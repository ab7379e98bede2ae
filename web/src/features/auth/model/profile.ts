/** Edit Profile: which fields changed, so PATCH carries only those (spec 1 §5 Profile form). */
import type { ProfileFormInput } from '@schema/contracts/auth';
import type { SelfUser } from '@schema/contracts/users';

export interface ProfilePatch {
  username?: string;
  email?: string;
  bio?: string;
  password?: string;
}

export function profileDefaults(user: SelfUser): ProfileFormInput {
  return {
    username: user.username,
    email: user.email,
    bio: user.bio ?? '',
    password: '',
    confirmPassword: '',
  };
}

/** Only fields that differ from the stored member; a password only when both are filled and match. */
export function profileChanges(user: SelfUser, values: ProfileFormInput): ProfilePatch {
  const patch: ProfilePatch = {};
  const username = values.username.trim();
  const email = values.email.trim();
  const bio = (values.bio ?? '').trim();
  if (username !== user.username) patch.username = username;
  if (email !== user.email) patch.email = email;
  if (bio !== (user.bio ?? '').trim()) patch.bio = bio;
  if (values.password && values.confirmPassword && values.password === values.confirmPassword)
    patch.password = values.password;
  return patch;
}

export const isEmptyPatch = (patch: ProfilePatch): boolean => Object.keys(patch).length === 0;
