/** Home "Recent Treasures": the newest finds from the local store (filled by sync, so it works offline). */
import { RECENT_FINDS_COUNT } from '@schema/contracts/finds-constants';
import { db, type LocalFind } from '@web/db/database';
import { useInitialSync, useLive } from '@web/sync';

export type RecentFinds = { state: 'loading' } | { state: 'error' } | { state: 'ready'; finds: LocalFind[] };

export function useRecentFinds(count = RECENT_FINDS_COUNT): RecentFinds {
  const live = useLive(() => db.finds.orderBy('created_at').reverse().limit(count).toArray(), [count]);
  const initial = useInitialSync();
  if (live.state === 'error') return { state: 'error' };
  if (live.state === 'loading') return { state: 'loading' };
  // An empty store before the first pull is "not loaded yet" (or "cannot load" offline), not "no finds".
  if (live.value.length === 0 && initial !== 'ready')
    return { state: initial === 'error' ? 'error' : 'loading' };
  return { state: 'ready', finds: live.value };
}
