/**
 * The forum's list (web/src/sync/README.md C17): Recent Posts are the posts this device holds, newest
 * first, continued from the server page by page when the member reaches their end online; a search and
 * Most Popular come in the server's order when online (what they show is kept on the device) and from the
 * device offline; My Posts is always complete here (the member's own records are all on every device).
 */
import { POSTS_PAGE_SIZE } from '@schema/contracts/forum-constants';
import {
  useListContinuation,
  useOnlineStatus,
  useServerResults,
  useWindowEdge,
  type ListEnd,
  type Live,
} from '@web/sync';
import { usePostUids, useUnsyncedPostUids, type PostFilter } from './use-forum';

const COMPLETE: ListEnd = { kind: 'complete' };

export function usePostList(filter: PostFilter): { uids: Live<string[]>; end: ListEnd } {
  const online = useOnlineStatus();
  const q = filter.query.trim();
  // An unknown category (-1) matches nothing, here and on the server.
  const unknownCategory = filter.categoryId === -1;
  const local = filter.tab === 'mine' || unknownCategory;
  const serverOrdered = !local && (q !== '' || filter.tab === 'popular');
  const category: Record<string, string> =
    filter.categoryId === null ? {} : { category: String(filter.categoryId) };
  const edge = useWindowEdge('posts');
  const continuation = useListContinuation({
    entity: 'posts',
    query: new URLSearchParams(category).toString(),
    pageSize: POSTS_PAGE_SIZE,
    online: online && !local && !serverOrdered,
    edge: edge.state === 'ready' ? edge.value : null,
  });
  const server = useServerResults({
    entity: 'posts',
    query: new URLSearchParams({
      ...category,
      ...(q ? { q } : {}),
      sort: filter.tab === 'popular' ? 'popular' : 'recent',
    }).toString(),
    pageSize: POSTS_PAGE_SIZE,
    enabled: online && serverOrdered,
  });
  const uids = usePostUids({ ...filter, since: local || serverOrdered ? null : continuation.since });
  const unsynced = useUnsyncedPostUids(filter.query, filter.categoryId);
  if (local) return { uids, end: COMPLETE };
  if (!serverOrdered) return { uids, end: continuation.end };
  if (server.uids && unsynced.state === 'ready') {
    const first = new Set(unsynced.value);
    return {
      uids: { state: 'ready', value: [...unsynced.value, ...server.uids.filter((uid) => !first.has(uid))] },
      end: server.end,
    };
  }
  return { uids, end: server.end };
}
