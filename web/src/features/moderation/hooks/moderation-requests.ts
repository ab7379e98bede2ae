/**
 * The moderators' REST calls (docs/api.md "Moderation"): paged reads of the queue and the log (a JSON array
 * and, when more follow, `X-Next-Cursor`), and the actions.
 */
import type { ActionInput } from '@schema/contracts/moderation';
import { isErrorBody } from '@schema/contracts/errors';
import { api, ApiError } from '@web/lib/api';

export interface Page<T> {
  items: T[];
  next: string | null;
}

/** One page of a moderator's list; failures throw ApiError like api() (401, 403, no signal). */
export async function readPage<T>(path: string, cursor: string | null): Promise<Page<T>> {
  const url = cursor === null ? path : `${path}?cursor=${encodeURIComponent(cursor)}`;
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
  } catch (err) {
    throw new ApiError(0, null, err instanceof Error ? err.message : 'Network error');
  }
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const body = isErrorBody(data) ? data : null;
    throw new ApiError(res.status, body, body?.message ?? `${res.status}`);
  }
  return { items: Array.isArray(data) ? (data as T[]) : [], next: res.headers.get('X-Next-Cursor') };
}

export function takeAction(input: ActionInput): Promise<{ id: number }> {
  return api('/api/moderation/actions', { method: 'POST', json: input });
}
