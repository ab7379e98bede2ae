/**
 * Profile Settings writes (docs/product/social.md "Profile Settings"; docs/product/accounts.md): the
 * profile goes to the server or visibly fails — never applied locally only — and the stored member becomes
 * what the server answered. Blocks are read and changed online (`/api/social/blocks`, `/api/users/{id}/block`).
 */
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

/** PATCH /api/users/{id}, then POST /api/users/{id}/avatar for an uploaded picture. */
export async function saveProfileSettings(
  user: SelfUser,
  patch: ProfileSettingsPatch,
  upload: File | null,
): Promise<SelfUser> {
  let saved = user;
  if (Object.keys(patch).length > 0)
    saved = readSelf(await (await send(`/api/users/${user.id}`, json('PATCH', patch))).json());
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
