/**
 * Home "Community" data. Hot Topics and Popular Categories read the local store (filled by sync, so they
 * work offline); online members and the member list need the server (who posted in the last 24 hours is
 * the server's to say) and are fetched only while online, kept in component state.
 */
import { useEffect, useState } from 'react';
import type { OnlineMember } from '@schema/contracts/forum';
import { HOT_TOPICS_COUNT } from '@schema/contracts/forum-constants';
import type { PublicUser } from '@schema/contracts/users';
import { db, type LocalCategory, type LocalPost } from '@web/db/database';
import { useInitialSync, useLive, useOnlineStatus } from '@web/sync';

export type Loaded<T> = { state: 'loading' } | { state: 'error' } | { state: 'ready'; value: T };

/** An empty store before the first pull is "not loaded yet" (or "cannot load" offline), not "nothing". */
function settle<T extends unknown[]>(
  live: ReturnType<typeof useLive<T>>,
  initial: ReturnType<typeof useInitialSync>,
): Loaded<T> {
  if (live.state === 'error') return { state: 'error' };
  if (live.state === 'loading') return { state: 'loading' };
  if (live.value.length === 0 && initial !== 'ready')
    return { state: initial === 'error' ? 'error' : 'loading' };
  return { state: 'ready', value: live.value };
}

export function useHotTopics(count = HOT_TOPICS_COUNT): Loaded<LocalPost[]> {
  return settle(
    useLive(() => db.posts.orderBy('created_at').reverse().limit(count).toArray(), [count]),
    useInitialSync(),
  );
}

/** Categories with the most posts first. */
export function usePopularCategories(): Loaded<LocalCategory[]> {
  const live = useLive(
    async () =>
      (await db.categories.toArray()).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    [],
  );
  return settle(live, useInitialSync());
}

async function getJson<T>(path: string): Promise<{ data: T; headers: Headers }> {
  const res = await fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  return { data: (await res.json()) as T, headers: res.headers };
}

export interface OnlineMembers {
  members: OnlineMember[];
  total: number;
}

/** GET /api/community/members: the caller and everyone who posted in the last 24 hours (online only). */
export function useOnlineMembers(viewerId: number | null): Loaded<OnlineMembers> {
  const online = useOnlineStatus();
  const key = String(viewerId);
  // Results remember whose list they are, so a sign-in shows "loading", not the previous viewer's list.
  const [result, setResult] = useState<{ key: string; value: Loaded<OnlineMembers> } | null>(null);
  useEffect(() => {
    if (!online) return;
    let cancelled = false;
    getJson<OnlineMember[]>('/api/community/members').then(
      ({ data, headers }) =>
        !cancelled &&
        setResult({
          key,
          value: {
            state: 'ready',
            value: { members: data, total: Number(headers.get('X-Total-Count') ?? data.length) },
          },
        }),
      () => !cancelled && setResult({ key, value: { state: 'error' } }),
    );
    return () => {
      cancelled = true;
    };
  }, [online, key]);
  if (!online && result?.value.state !== 'ready') return { state: 'error' };
  return result?.key === key ? result.value : { state: 'loading' };
}

export interface MemberPage {
  members: PublicUser[];
  total: number | null;
  next: string | null;
  state: 'loading' | 'ready' | 'error';
}

interface LoadedPage {
  /** The cursor this answer was for ('' for the first page). */
  cursor: string;
  members: PublicUser[];
  total: number | null;
  next: string | null;
  failed: boolean;
}

/** GET /api/users, page by page (X-Next-Cursor), with the total from X-Total-Count: the View All dialog. */
export function useMemberList(open: boolean, pageSize = 20): MemberPage & { loadMore: () => void } {
  const [cursor, setCursor] = useState('');
  const [loaded, setLoaded] = useState<LoadedPage>({
    cursor: '\u0000',
    members: [],
    total: null,
    next: null,
    failed: false,
  });
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    const query = `/api/users?limit=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    getJson<PublicUser[]>(query).then(
      ({ data, headers }) =>
        !cancelled &&
        setLoaded((p) => ({
          cursor,
          members: cursor ? [...p.members, ...data] : data,
          total: Number(headers.get('X-Total-Count') ?? NaN) || null,
          next: headers.get('X-Next-Cursor'),
          failed: false,
        })),
      () => !cancelled && setLoaded((p) => ({ ...p, cursor, failed: true })),
    );
    return () => {
      cancelled = true;
    };
  }, [open, cursor, pageSize]);
  const state = loaded.cursor !== cursor ? 'loading' : loaded.failed ? 'error' : 'ready';
  return {
    members: loaded.members,
    total: loaded.total,
    next: loaded.next,
    state,
    loadMore: () => loaded.next && setCursor(loaded.next),
  };
}
