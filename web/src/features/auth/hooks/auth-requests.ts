/**
 * The auth and account calls (docs/product/accounts.md#api-calls). Each one that changes who is signed
 * in also updates the stored member, so the header (a live query) follows without extra wiring.
 */
import type { LoginInput } from '@schema/contracts/auth';
import type { SelfUser } from '@schema/contracts/users';
import { setCurrentUser } from '@web/db/current-user';
import { api, ApiError } from '@web/lib/api';
import type { ProfilePatch } from '../model/profile';

interface MessageAnswer {
  message: string;
}

function isSelfUser(value: unknown): value is SelfUser {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof Reflect.get(value, 'id') === 'number' &&
    typeof Reflect.get(value, 'username') === 'string'
  );
}

/** Reads a member from an answer that is either the user or `{ user }` (both shapes are in the spec). */
export function readUser(data: unknown): SelfUser | null {
  if (isSelfUser(data)) return data;
  const inner: unknown = typeof data === 'object' && data !== null ? Reflect.get(data, 'user') : undefined;
  return isSelfUser(inner) ? inner : null;
}

/**
 * Bumped whenever this tab signs someone in or out, so a session check that was already in flight (and
 * answers for the old state) does not overwrite the newer one.
 */
let authEpoch = 0;
export const currentAuthEpoch = (): number => authEpoch;
async function storeMember(user: SelfUser | null): Promise<void> {
  authEpoch += 1;
  await setCurrentUser(user);
}

function requireUser(data: unknown): SelfUser {
  const user = readUser(data);
  if (!user) throw new ApiError(502, null, 'Unexpected answer from the server');
  return user;
}

/**
 * GET /api/auth/session: the member, or null when there is no session. It answers 200 either way, so a
 * signed-out visit logs no failed request (a 401 is still read as signed out). Network failures throw.
 */
export async function fetchSessionUser(): Promise<SelfUser | null> {
  try {
    return readUser(await api<unknown>('/api/auth/session'));
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export async function login(input: LoginInput): Promise<SelfUser> {
  const user = requireUser(await api<unknown>('/api/users/login', { method: 'POST', json: input }));
  await storeMember(user);
  return user;
}

/** A 401 means the server already forgot the session: the member is signed out either way. */
export async function logout(): Promise<void> {
  try {
    await api<unknown>('/api/users/logout', { method: 'POST' });
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) throw err;
  }
  await storeMember(null);
}

export interface RegisterPayload {
  username: string;
  email: string;
  password: string;
  avatarUrl?: string;
}

export interface RegisterResult {
  user: SelfUser;
  /** False when the server is configured to require e-mail verification first: no session was started. */
  signedIn: boolean;
  /** The server's note in that case (check your inbox). */
  message: string | null;
}

/** Registration normally signs the new member in at once (spec: no e-mail verification needed to start). */
export async function register(payload: RegisterPayload): Promise<RegisterResult> {
  const data = await api<unknown>('/api/users/register', {
    method: 'POST',
    // An empty bio, not the spec's stock sentence: a bio is the member's own words or nothing
    // (the profile form's placeholder invites one).
    json: { ...payload, bio: '' },
  });
  const user = requireUser(data);
  const verificationRequired: unknown =
    typeof data === 'object' && data !== null ? Reflect.get(data, 'emailVerificationRequired') : undefined;
  const message: unknown =
    typeof data === 'object' && data !== null ? Reflect.get(data, 'message') : undefined;
  if (verificationRequired === true)
    return { user, signedIn: false, message: typeof message === 'string' ? message : null };
  await storeMember(user);
  return { user, signedIn: true, message: null };
}

/**
 * Whether a name is free for a new account (POST /api/users/register/check): resolves when it is, throws
 * register's own ApiError (409 taken, 400 reserved or malformed) when it is not.
 */
export async function checkUsername(username: string): Promise<void> {
  await api<unknown>('/api/users/register/check', { method: 'POST', json: { username } });
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return api<unknown>('/api/users/reset-password', { method: 'POST', json: { email } });
}

export function confirmPasswordReset(token: string, password: string): Promise<MessageAnswer> {
  return api<MessageAnswer>('/api/users/reset-password/confirm', {
    method: 'POST',
    json: { token, password },
  });
}

export async function updateProfile(id: number, patch: ProfilePatch): Promise<SelfUser> {
  const user = requireUser(await api<unknown>(`/api/users/${id}`, { method: 'PATCH', json: patch }));
  await storeMember(user);
  return user;
}

/** Multipart upload (field `avatar`); the server re-encodes the picture and answers with the member. */
export async function uploadAvatar(current: SelfUser, file: File): Promise<SelfUser> {
  const form = new FormData();
  form.append('avatar', file);
  const data = await api<unknown>(`/api/users/${current.id}/avatar`, { method: 'POST', body: form });
  const avatarUrl: unknown =
    typeof data === 'object' && data !== null
      ? (Reflect.get(data, 'avatarUrl') ?? Reflect.get(data, 'url'))
      : undefined;
  const user = readUser(data) ?? (typeof avatarUrl === 'string' ? { ...current, avatarUrl } : null);
  if (!user) throw new ApiError(502, null, 'Unexpected answer from the server');
  await storeMember(user);
  return user;
}

/** DELETE /api/users/{id} with the current password, which the server checks before anything is removed. */
export async function deleteAccount(id: number, currentPassword: string): Promise<void> {
  await api<unknown>(`/api/users/${id}`, { method: 'DELETE', json: { currentPassword } });
  await storeMember(null);
}

export interface VerifyAnswer {
  message: string;
  user: { username: string } | null;
}

export async function verifyEmail(token: string): Promise<VerifyAnswer> {
  const data = await api<unknown>(`/api/verify-email?token=${encodeURIComponent(token)}`);
  const message: unknown =
    typeof data === 'object' && data !== null ? Reflect.get(data, 'message') : undefined;
  const user: unknown = typeof data === 'object' && data !== null ? Reflect.get(data, 'user') : undefined;
  const username: unknown =
    typeof user === 'object' && user !== null ? Reflect.get(user, 'username') : undefined;
  return {
    message: typeof message === 'string' ? message : '',
    user: typeof username === 'string' ? { username } : null,
  };
}

export function resendVerification(email: string): Promise<MessageAnswer> {
  return api<MessageAnswer>('/api/resend-verification', { method: 'POST', json: { email } });
}
