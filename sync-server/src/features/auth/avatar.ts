/**
 * What a client may send as `avatarUrl` (docs/product/accounts.md#api-calls: "a URL, path or data URL")
 * and what we make of it. docs/decisions/0004-self-hosted-avatars.md replaces external avatar services
 * with our own, so only two kinds survive: an image we store ourselves (a data URL, re-encoded by
 * storeImage) or a path we already serve.
 */
import { defaultAvatarUrl } from '@schema/contracts/users';

export type AvatarChoice =
  /** Field absent: leave the avatar as it is. */
  | { kind: 'unchanged' }
  /** null, '' or our generated avatar for the name: store null so the picture follows renames. */
  | { kind: 'default' }
  /** A path under /avatars/ or /uploads/ on our own server. */
  | { kind: 'path'; url: string }
  /** A data URL: bytes for storeImage, or null when it could not be decoded at all. */
  | { kind: 'upload'; bytes: Uint8Array | null }
  /** Anything else (external URLs, javascript:, relative paths): dropped, never stored. */
  | { kind: 'rejected' };

const OWN_PATH = /^\/(?:avatars|uploads)\/([^/?#\\]+)$/;

/** One path segment that cannot climb out of its folder, even after percent-decoding. */
function isSafeSegment(segment: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return false;
  }
  return !decoded.startsWith('.') && !/[/\\]/.test(decoded);
}

export function decodeDataUrl(value: string): Uint8Array | null {
  const header = /^data:[^,]*?(;base64)?,/i.exec(value);
  if (!header) return null;
  const payload = value.slice(header[0].length);
  try {
    const bytes = header[1]
      ? Buffer.from(payload, 'base64')
      : Buffer.from(decodeURIComponent(payload), 'utf8');
    return bytes.byteLength > 0 ? new Uint8Array(bytes) : null;
  } catch {
    return null;
  }
}

/** `username` is the name the account will have after this request (the default follows it). */
export function classifyAvatar(value: string | null | undefined, username: string): AvatarChoice {
  if (value === undefined) return { kind: 'unchanged' };
  const trimmed = value?.trim() ?? '';
  if (!trimmed || trimmed === defaultAvatarUrl(username)) return { kind: 'default' };
  if (/^data:/i.test(trimmed)) return { kind: 'upload', bytes: decodeDataUrl(trimmed) };
  const own = OWN_PATH.exec(trimmed);
  if (own?.[1] && isSafeSegment(own[1])) return { kind: 'path', url: trimmed };
  return { kind: 'rejected' };
}
