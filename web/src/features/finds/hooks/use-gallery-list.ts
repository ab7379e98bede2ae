/**
 * The gallery's list (web/src/sync/README.md C17): the finds this device holds, newest first, continued
 * from the server page by page when the member reaches their end online; a search asks the server when
 * online (its results are kept on the device) and searches the device offline.
 */
import { FINDS_PAGE_SIZE } from '@schema/contracts/finds-constants';
import {
  useListContinuation,
  useOnlineStatus,
  useServerResults,
  useWindowEdge,
  type ListEnd,
  type Live,
} from '@web/sync';
import { useFindUids, useUnsyncedFindUids } from './use-finds';

export interface GalleryList {
  uids: Live<string[]>;
  end: ListEnd;
  /** The search results come from the server (false: from this device). */
  serverSearch: boolean;
}

export function useGalleryList(query: string, period: string | null): GalleryList {
  const online = useOnlineStatus();
  const q = query.trim();
  const edge = useWindowEdge('finds');
  const continuation = useListContinuation({
    entity: 'finds',
    query: period ? new URLSearchParams({ period }).toString() : '',
    pageSize: FINDS_PAGE_SIZE,
    online: online && q === '',
    edge: edge.state === 'ready' ? edge.value : null,
  });
  const server = useServerResults({
    entity: 'finds',
    query: new URLSearchParams({ q, ...(period ? { period } : {}) }).toString(),
    pageSize: FINDS_PAGE_SIZE,
    enabled: online && q !== '',
  });
  const local = useFindUids(query, period, q ? null : continuation.since);
  const unsynced = useUnsyncedFindUids(query, period);
  if (!q) return { uids: local, end: continuation.end, serverSearch: false };
  if (server.uids && unsynced.state === 'ready') {
    const first = new Set(unsynced.value);
    const uids = [...unsynced.value, ...server.uids.filter((uid) => !first.has(uid))];
    return { uids: { state: 'ready', value: uids }, end: server.end, serverSearch: true };
  }
  return { uids: local, end: server.end, serverSearch: false };
}
