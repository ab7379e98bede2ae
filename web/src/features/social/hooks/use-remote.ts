/**
 * Social reads from the server (docs/product/social.md "Screens"): stats, connections, the feed, search and
 * profiles are counted and joined by the server, so the dashboard reads them online and says so offline.
 * `version` re-reads after a follow or unfollow.
 */
import { useEffect, useState } from 'react';
import { useOnlineStatus } from '@web/sync';

export type Remote<T> =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'offline' }
  | { state: 'ready'; value: T; next: string | null };

export async function getJson<T>(path: string): Promise<{ value: T; next: string | null }> {
  const res = await fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
  return { value: (await res.json()) as T, next: res.headers.get('X-Next-Cursor') };
}

/** GET `path` (null: nothing to read yet), again whenever `path` or `version` changes. */
export function useRemote<T>(path: string | null, version = 0): Remote<T> {
  const online = useOnlineStatus();
  const key = `${path}|${version}`;
  const [result, setResult] = useState<{ key: string; value: Remote<T> } | null>(null);
  useEffect(() => {
    if (!online || path === null) return;
    let cancelled = false;
    getJson<T>(path).then(
      ({ value, next }) => !cancelled && setResult({ key, value: { state: 'ready', value, next } }),
      () => !cancelled && setResult({ key, value: { state: 'error' } }),
    );
    return () => {
      cancelled = true;
    };
  }, [online, path, key]);
  if (result?.key === key) return result.value;
  // While a new version loads, the previous answer stays on screen.
  if (result?.value.state === 'ready') return result.value;
  return online ? { state: 'loading' } : { state: 'offline' };
}
