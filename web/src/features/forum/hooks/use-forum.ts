/**
 * Live reads of the forum from the local store (dexie-react-hooks through web/src/sync useLive): the
 * forum opens and searches offline, and shows posts written without signal at once. Lists fetch keys
 * first (cheap) and rows only for the page on screen.
 */
import type { PublicUser } from '@schema/contracts/users';
import { db, type LocalCategory, type LocalPost, type LocalPostComment } from '@web/db/database';
import { postCommentsEntity } from '@web/db/entities';
import { byIdOrUid } from '@web/db/lookups';
import { useLive, useLiveValue, type Live } from '@web/sync';
import { matchesPost, parseQuery } from '../model/search';

export type ForumTab = 'recent' | 'popular' | 'mine';

export interface PostFilter {
  query: string;
  /** A category id, or null for every category. */
  categoryId: number | null;
  tab: ForumTab;
  /** The signed-in member (My Posts); null when signed out. */
  userId: number | null;
  /**
   * Recent Posts: the created_at where what the device holds stops being complete (web/src/sync/README.md
   * C17); older posts it holds show once the list has been read down to them.
   */
  since?: string | null;
}

/** Uids of the posts matching the filter, in the tab's order (newest first, or most viewed first). */
export function usePostUids({ query, categoryId, tab, userId, since = null }: PostFilter): Live<string[]> {
  return useLive(async () => {
    const terms = query.trim() ? parseQuery(query) : undefined;
    // A query of punctuation only matches nothing, as on the server.
    if (terms === null) return [];
    if (tab === 'mine' && userId === null) return [];
    const keep = (p: LocalPost) =>
      (categoryId === null || p.categoryId === categoryId) &&
      (tab !== 'mine' || p.userId === userId) &&
      (!terms || matchesPost(p, terms));
    if (tab === 'popular') {
      // Most viewed first; among equals the newest first (the server's (views, id) order).
      const rows = await db.posts.orderBy('views').reverse().filter(keep).toArray();
      return rows
        .sort((a, b) => b.views - a.views || b.created_at.localeCompare(a.created_at))
        .map((p) => p.uid);
    }
    if (tab === 'mine' && userId !== null && !terms) {
      const rows = await db.posts.where('userId').equals(userId).filter(keep).toArray();
      return rows.sort((a, b) => b.created_at.localeCompare(a.created_at)).map((p) => p.uid);
    }
    const newest =
      since === null
        ? db.posts.orderBy('created_at').reverse()
        : db.posts.where('created_at').aboveOrEqual(since).reverse();
    return newest.filter(keep).primaryKeys();
  }, [query, categoryId, tab, userId, since]);
}

/** The member's posts not on the server yet that match a search: they lead the server's results. */
export function useUnsyncedPostUids(query: string, categoryId: number | null): Live<string[]> {
  return useLive(async () => {
    const terms = query.trim() ? parseQuery(query) : undefined;
    if (!terms) return [];
    const rows = await db.posts
      .filter(
        (p) => p.id === null && (categoryId === null || p.categoryId === categoryId) && matchesPost(p, terms),
      )
      .toArray();
    return rows.sort((a, b) => b.created_at.localeCompare(a.created_at)).map((p) => p.uid);
  }, [query, categoryId]);
}

/** The rows of one page of uids, in that order. */
export function usePostsByUid(uids: readonly string[]): LocalPost[] | undefined {
  const key = uids.join('|');
  return useLiveValue<LocalPost[] | undefined>(
    async () =>
      (await db.posts.bulkGet(key ? key.split('|') : [])).filter((p): p is LocalPost => p !== undefined),
    [key],
    undefined,
  );
}

/** The newest posts (Home "Hot Topics"). */
export function useNewestPosts(count: number): Live<LocalPost[]> {
  return useLive(() => db.posts.orderBy('created_at').reverse().limit(count).toArray(), [count]);
}

/** `/forum/post/42` (server id) or `/forum/post/0192…` (uid, for a post not synced yet). */
export function usePost(param: string): Live<LocalPost | undefined> {
  return useLive(() => byIdOrUid(db.posts, param), [param]);
}

/** A post's comments, oldest first. */
export function usePostComments(postUid: string): Live<LocalPostComment[]> {
  return useLive(() => postCommentsEntity.ofParent(db, postUid), [postUid]);
}

/** Every category, by name (the sidebar, the form's select, Home "Popular Categories"). */
export function useCategories(): Live<LocalCategory[]> {
  return useLive(
    async () => (await db.categories.toArray()).sort((a, b) => a.name.localeCompare(b.name)),
    [],
  );
}

const NO_PROMOTIONS: ReadonlySet<string> = new Set();

/** Every post the signed-in member promotes (the table holds only the current viewer's, S22). */
export function useOwnPromotions(): ReadonlySet<string> {
  return useLiveValue(
    async (): Promise<ReadonlySet<string>> => new Set(await db.post_likes.toCollection().primaryKeys()),
    [],
    NO_PROMOTIONS,
  );
}

export function usePublicUser(id: number): PublicUser | undefined {
  return useLiveValue(() => db.users.get(id), [id], undefined);
}
