/**
 * Counting a view (PROTOCOL.md S24): online only, never queued, once per page open; the server counts a
 * visitor once per post per day whatever the client does. The answer's count is written to the local
 * copy so the page shows it now; the next pull brings the same value.
 */
import { useEffect } from 'react';
import { db } from '@web/db/database';

export function useCountView(postRef: string | number | null, postUid: string, online: boolean): void {
  useEffect(() => {
    if (postRef === null || !online) return;
    let cancelled = false;
    void (async () => {
      try {
        const res = await fetch(`/api/posts/${encodeURIComponent(String(postRef))}/view`, {
          method: 'POST',
          credentials: 'include',
          headers: { Accept: 'application/json' },
        });
        if (!res.ok || cancelled) return;
        const data: unknown = await res.json();
        const views = typeof data === 'object' && data !== null && 'views' in data ? data.views : undefined;
        if (typeof views === 'number') await db.posts.update(postUid, { views });
      } catch {
        // Fire and forget: a view that could not be counted is not worth an error.
      }
    })();
    return () => {
      cancelled = true;
    };
    // Once per page open: a live update of the post must not count again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [postRef, postUid]);
}
