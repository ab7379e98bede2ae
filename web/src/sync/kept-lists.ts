/**
 * Lists a screen keeps offline (C15): "Keep this category offline" on a forum category, the map's saved
 * areas later. A kept list is a REST query the engine reads up to its limit and pins 'kept'; it is read
 * again now and then (KEPT_LIST_REFRESH_MS) so newer records join it. The screen names the list, its label
 * and query; the sync layer knows nothing of categories.
 *
 * Offline: keeping a list only records it; the engine fills it at its next cycle online.
 */
import type { SyncEntity } from '@schema/contracts/sync-constants';
import type { DigQuestDb, KeptListRow } from '@web/db/database';
import { fillKeptList } from './remote';
import { SyncHttpError, type FetchLike } from './transport';

/** A kept list is read again after this long. */
export const KEPT_LIST_REFRESH_MS = 6 * 60 * 60 * 1000;
/** Records one kept list holds at most ("up to 200 posts"). */
export const KEPT_LIST_LIMIT = 200;

export interface KeptListInput {
  key: string;
  entity: SyncEntity;
  label: string;
  href: string;
  query: string;
  limit?: number;
}

export async function keepList(db: DigQuestDb, input: KeptListInput, now = new Date()): Promise<void> {
  const row: KeptListRow = {
    key: input.key,
    entity: input.entity,
    label: input.label,
    href: input.href,
    query: input.query,
    limit: input.limit ?? KEPT_LIST_LIMIT,
    keptAt: now.toISOString(),
    refreshedAt: null,
    count: 0,
  };
  await db.kept_lists.put(row);
}

/** Stops keeping a list: its pins become ordinary listed ones ('seen'), which the budget lets go. */
export async function releaseList(db: DigQuestDb, key: string): Promise<void> {
  await db.transaction('rw', db.kept_lists, db.pins, async () => {
    await db.kept_lists.delete(key);
    await db.pins.where('list').equals(key).modify({ reason: 'seen', list: undefined });
  });
}

/** Fills the kept lists never filled, or filled longer ago than KEPT_LIST_REFRESH_MS. */
export async function refreshKeptLists(
  db: DigQuestDb,
  fetchImpl: FetchLike,
  now = Date.now(),
): Promise<number> {
  const due = (await db.kept_lists.toArray()).filter(
    (list) => list.refreshedAt === null || now - list.refreshedAt >= KEPT_LIST_REFRESH_MS,
  );
  for (const list of due) {
    try {
      await fillKeptList(db, fetchImpl, list, now);
    } catch (err) {
      // Offline or the server failing: the cycle retries with backoff. A list the server refuses (a
      // category gone) is not worth failing every cycle for: it is tried again after the refresh period.
      if (!(err instanceof SyncHttpError) || err.kind !== 'client') throw err;
      await db.kept_lists.update(list.key, { refreshedAt: now });
    }
  }
  return due.length;
}
