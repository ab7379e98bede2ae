/**
 * The group calls that stay online (docs/product/social.md "Groups", "Offline and sync"): approving a
 * request and handing the group over (push has no such operations), leaving a group whose membership the device does not hold yet, and
 * uploading a picture. Everything else is a queued write (group-writes.ts). A failure answers the server's
 * message when it sent one (the spec prefers it), else the caller's text.
 */
import { UPLOADED_IMAGE_URL } from '@schema/contracts/forum-constants';
import type { GroupMembership } from '@schema/contracts/groups';

export class GroupRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function send<T>(method: string, path: string, body: unknown, fallback: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    throw new GroupRequestError(0, fallback);
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message =
      typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
        ? data.message
        : fallback;
    throw new GroupRequestError(res.status, message);
  }
  return data as T;
}

export const leaveGroup = (ref: string | number, fallback: string) =>
  send<{ success: boolean }>('POST', `/api/groups/${ref}/leave`, undefined, fallback);
export const approveMember = (ref: string | number, userId: number, fallback: string) =>
  send<GroupMembership>('POST', `/api/groups/${ref}/members/${userId}/approve`, undefined, fallback);

/** The creator hands the group to an active member (the former creator may then leave). */
export const transferGroup = (ref: string | number, userId: number, fallback: string) =>
  send<unknown>('POST', `/api/groups/${ref}/transfer`, { userId }, fallback);

/** A group's picture or cover is uploaded (and re-encoded) first; the group names the URL that answered. */
export async function uploadGroupImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file, file.name);
  const res = await fetch('/api/upload-image', {
    method: 'POST',
    body,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  const data: unknown = res.ok ? await res.json() : null;
  const url = typeof data === 'object' && data !== null && 'imageUrl' in data ? data.imageUrl : undefined;
  if (typeof url !== 'string' || !UPLOADED_IMAGE_URL.test(url)) throw new Error('upload failed');
  return url;
}
