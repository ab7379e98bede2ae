/**
 * Profile Settings writes (docs/product/social.md "Profile Settings"; docs/product/accounts.md): the
 * profile goes to the server or visibly fails — never applied locally only — and the stored member becomes
 * what the server answered. Blocks are read and changed online (`/api/social/blocks`, `/api/users/{id}/block`).
 */
import type { ProfileDetails, ProfileDetailsInput } from '@schema/contracts/profile-details';
import type { SelfUser } from '@schema/contracts/users';
import { setCurrentUser } from '@web/db/current-user';

export interface ProfileSettingsPatch {
  username?: string;
  email?: string;
  bio?: string | null;
  avatarUrl?: string;
  currentPassword?: string;
}

async function send(path: string, init: RequestInit): Promise<Response> {
  const res = await fetch(path, { credentials: 'include', ...init });
  if (!res.ok) {
    const text = await res.text();
    let message = `${res.status}: ${text}`;
    try {
      const body: unknown = JSON.parse(text);
      if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string')
        message = body.message;
    } catch {
      // Not our JSON error shape: keep the status and text (docs/api.md "Errors").
    }
    throw new Error(message);
  }
  return res;
}

/** The member the server answered (checked, never cast blindly). */
function readSelf(data: unknown): SelfUser {
  if (
    typeof data !== 'object' ||
    data === null ||
    !('id' in data) ||
    typeof data.id !== 'number' ||
    !('username' in data) ||
    typeof data.username !== 'string' ||
    !('email' in data) ||
    typeof data.email !== 'string'
  )
    throw new Error('Unexpected answer');
  return data as SelfUser;
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  body: JSON.stringify(body),
});

/** The member's years detecting and detector (GET /api/social/profile-details). */
export async function loadProfileDetails(): Promise<ProfileDetails> {
  const data: unknown = await (
    await send('/api/social/profile-details', { headers: { Accept: 'application/json' } })
  ).json();
  if (typeof data !== 'object' || data === null) throw new Error('Unexpected answer');
  const field = (key: keyof ProfileDetails) => (key in data ? Reflect.get(data, key) : null);
  const years = field('yearsDetecting');
  const brand = field('detectorBrand');
  const model = field('detectorModel');
  return {
    yearsDetecting: typeof years === 'number' ? years : null,
    detectorBrand: typeof brand === 'string' ? brand : null,
    detectorModel: typeof model === 'string' ? model : null,
  };
}

/**
 * PATCH /api/users/{id}, then PUT /api/social/profile-details for changed detecting details, then
 * POST /api/users/{id}/avatar for an uploaded picture.
 */
export async function saveProfileSettings(
  user: SelfUser,
  patch: ProfileSettingsPatch,
  upload: File | null,
  details: ProfileDetailsInput = {},
): Promise<SelfUser> {
  let saved = user;
  if (Object.keys(patch).length > 0)
    saved = readSelf(await (await send(`/api/users/${user.id}`, json('PATCH', patch))).json());
  if (Object.keys(details).length > 0) await send('/api/social/profile-details', json('PUT', details));
  if (upload) {
    const form = new FormData();
    form.append('avatar', upload);
    saved = readSelf(
      await (await send(`/api/users/${user.id}/avatar`, { method: 'POST', body: form })).json(),
    );
  }
  await setCurrentUser(saved);
  return saved;
}

export async function setBlocked(userId: number, blocked: boolean): Promise<void> {
  await send(`/api/users/${userId}/block`, { method: blocked ? 'POST' : 'DELETE' });
}
