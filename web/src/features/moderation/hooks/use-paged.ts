/**
 * A moderator's paged list, read online: the first page, "Load more" for the next, and a reload after an
 * action (which starts again from the first page: acted-on records leave the queue).
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@web/lib/api';
import { readPage } from './moderation-requests';

export type Paged<T> =
  | { state: 'loading' }
  | { state: 'error'; offline: boolean }
  | { state: 'ready'; items: T[]; next: string | null; loadingMore: boolean };

export function usePaged<T>(path: string | null): { list: Paged<T>; loadMore(): void; reload(): void } {
  const [version, setVersion] = useState(0);
  const [list, setList] = useState<Paged<T>>({ state: 'loading' });

  useEffect(() => {
    if (path === null) return;
    let cancelled = false;
    readPage<T>(path, null).then(
      (page) => !cancelled && setList({ state: 'ready', ...page, loadingMore: false }),
      (err: unknown) =>
        !cancelled && setList({ state: 'error', offline: err instanceof ApiError && err.isNetwork }),
    );
    return () => {
      cancelled = true;
    };
  }, [path, version]);

  const loadMore = useCallback(() => {
    if (path === null || list.state !== 'ready' || list.next === null || list.loadingMore) return;
    const { items, next } = list;
    setList({ ...list, loadingMore: true });
    readPage<T>(path, next).then(
      (page) =>
        setList({ state: 'ready', items: [...items, ...page.items], next: page.next, loadingMore: false }),
      () => setList({ state: 'ready', items, next, loadingMore: false }),
    );
  }, [path, list]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { list, loadMore, reload };
}
