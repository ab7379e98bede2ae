/**
 * Group writes over REST (docs/product/social.md "Groups"). Groups are joined, counted and approved by the
 * server — a private group's existence is its members' alone — so the Groups tab and the group page write
 * online, like the rest of the dashboard, and say so offline. A failure answers the server's message when
 * it sent one (the spec prefers it), else the caller's text.
 */
import { UPLOADED_IMAGE_URL } from '@schema/contracts/forum';
import type { Group, GroupMembership } from '@schema/contracts/groups';

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

export interface GroupFields {
  name: string;
  description: string;
  location: string;
  isPrivate: boolean;
  avatarUrl?: string | null;
}

export const createGroup = (fields: GroupFields, fallback: string) =>
  send<Group>('POST', '/api/groups', fields, fallback);
export const updateGroup = (ref: string | number, fields: Partial<GroupFields>, fallback: string) =>
  send<Group>('PUT', `/api/groups/${ref}`, fields, fallback);
export const deleteGroup = (ref: string | number, fallback: string) =>
  send<{ success: boolean }>('DELETE', `/api/groups/${ref}`, undefined, fallback);
export const joinGroup = (ref: string | number, fallback: string) =>
  send<GroupMembership>('POST', `/api/groups/${ref}/join`, undefined, fallback);
export const leaveGroup = (ref: string | number, fallback: string) =>
  send<{ success: boolean }>('POST', `/api/groups/${ref}/leave`, undefined, fallback);
export const approveMember = (ref: string | number, userId: number, fallback: string) =>
  send<GroupMembership>('POST', `/api/groups/${ref}/members/${userId}/approve`, undefined, fallback);

/** A group's picture is uploaded first; the group names the URL that answered. */
export async function uploadAvatar(file: File): Promise<string> {
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

/** A comment in the group's discussion (engagement module on the server; members only). */
export const postComment = (ref: string | number, content: string, fallback: string) =>
  send<{ id: number }>('POST', `/api/groups/${ref}/comments`, { content }, fallback);
