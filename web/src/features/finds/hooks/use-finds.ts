/**
 * Live reads of the local store (dexie-react-hooks). Offline-first: the gallery and detail pages read
 * Dexie only — the sync engine keeps it filled — so they work without signal and update in every tab.
 * Lists fetch keys first (index-only, cheap for 10,000 finds) and rows only for what is on screen.
 */
import Dexie from 'dexie';
import type { PublicUser } from '@schema/contracts/users';
import { db, type LocalFind, type LocalFindComment } from '@web/db/database';
import { findCommentsEntity } from '@web/db/entities';
import { byIdOrUid } from '@web/db/lookups';
import { useLive, useLiveValue, type Live } from '@web/sync';
import { matchesSearch } from '../model/format';

/**
 * Uids of the finds matching the search and period, newest first. `since` (a created_at) cuts the list
 * where what the device holds stops being complete (web/src/sync/README.md C17): older finds the device
 * holds (the member's own, pinned ones) show once the list has been read down to them.
 */
export function useFindUids(
  query: string,
  period: string | null,
  since: string | null = null,
): Live<string[]> {
  return useLive(async () => {
    const q = query.trim();
    if (!q && period) {
      return db.finds
        .where('[period+created_at]')
        .between([period, since ?? Dexie.minKey], [period, Dexie.maxKey])
        .reverse()
        .primaryKeys();
    }
    const newest =
      since === null
        ? db.finds.orderBy('created_at').reverse()
        : db.finds.where('created_at').aboveOrEqual(since).reverse();
    if (!q) return newest.primaryKeys();
    return newest.filter((f) => (!period || f.period === period) && matchesSearch(f, q)).primaryKeys();
  }, [query, period, since]);
}

/** The member's finds not on the server yet that match a search: they lead the server's results. */
export function useUnsyncedFindUids(query: string, period: string | null): Live<string[]> {
  return useLive(async () => {
    const q = query.trim();
    if (!q) return [];
    const rows = await db.finds
      .filter((f) => f.id === null && (!period || f.period === period) && matchesSearch(f, q))
      .toArray();
    return rows.sort((a, b) => b.created_at.localeCompare(a.created_at)).map((f) => f.uid);
  }, [query, period]);
}

/** The rows for a window of uids (the virtualised grid asks only for what is near the viewport). */
export function useFindsByUid(uids: readonly string[]): ReadonlyMap<string, LocalFind> | undefined {
  const key = uids.join('|');
  return useLiveValue<ReadonlyMap<string, LocalFind> | undefined>(
    async () => {
      const rows = await db.finds.bulkGet(key ? key.split('|') : []);
      return new Map(rows.filter((f): f is LocalFind => f !== undefined).map((f) => [f.uid, f]));
    },
    [key],
    undefined,
  );
}

/** `/finds/42` (server id) or `/finds/0192…` (uid, for a find not synced yet). */
export function useFind(param: string): Live<LocalFind | undefined> {
  return useLive(() => byIdOrUid(db.finds, param), [param]);
}

/** A find's comments, oldest first. */
export function useFindComments(findUid: string): Live<LocalFindComment[]> {
  return useLive(() => findCommentsEntity.ofParent(db, findUid), [findUid]);
}

export function usePublicUser(id: number): PublicUser | undefined {
  return useLiveValue(() => db.users.get(id), [id], undefined);
}

const NO_LIKES: ReadonlySet<string> = new Set();

/** Every find the signed-in member likes (a small table: one query serves a whole grid). */
export function useOwnLikes(): ReadonlySet<string> {
  return useLiveValue(
    async (): Promise<ReadonlySet<string>> => new Set(await db.find_likes.toCollection().primaryKeys()),
    [],
    NO_LIKES,
  );
}

/** The signed-in member's own like of a find (the table holds only the current viewer's likes). */
export function useOwnLike(findUid: string): boolean {
  return useLiveValue(async () => (await db.find_likes.get(findUid)) !== undefined, [findUid], false);
}
