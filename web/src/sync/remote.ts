/**
 * Reading beyond the window from the REST API (C15, C17), online only. What is read is stored like a
 * pulled row (apply.ts: a record with queued writes keeps them on top) and pinned, so it stays readable
 * offline within the pin budget:
 *   - a list page (`GET /api/finds?cursor=`, docs/api.md "Paging": the next cursor in `X-Next-Cursor`)
 *     pins 'seen' the rows the device did not hold (and marks pinned ones used);
 *   - a record the device does not hold (a shared link to an old find) is read by id or uid and pinned
 *     'opened'; its comments follow with the pin's hydration (pull.ts hydratePins);
 *   - a kept list ("Keep this category offline") is read page by page up to its limit and pinned 'kept'.
 * A failure is thrown as SyncHttpError (transport.ts); nothing is written then.
 */
import type { DigQuestDb, KeptListRow, SyncRecord } from '@web/db/database';
import type { Payload } from '@web/db/entity-fields';
import { applyServerRows, applyTables } from './apply';
import { ownedEntity, type OwnedEntity } from './entities';
import { pinAll } from './pins';
import { isObject, isRowList } from './protocol';
import { recordTable } from './outbox';
import { request, SyncHttpError, type FetchLike } from './transport';

/** The REST lists' largest page (docs/api.md "Paging"). */
export const MAX_PAGE_SIZE_REST = 200;

export interface RemotePage {
  /** The page's records in the server's order, as stored. */
  records: SyncRecord[];
  /** How many of them the device did not hold before. */
  fresh: number;
  /** The cursor of the next page; null on the last one. */
  next: string | null;
}

type RestEntity = OwnedEntity & { rest: NonNullable<OwnedEntity['scope']['rest']> };

function requireOwned(name: string): RestEntity {
  const owned = ownedEntity(name);
  const rest = owned?.scope.rest;
  if (!owned || !rest)
    throw new Error(`${name} has no REST reads (its descriptor declares no owned scope with rest)`);
  return { ...owned, rest };
}

const badAnswer = (status: number) =>
  new SyncHttpError('server', status, 'bad-answer', 'Unexpected answer from the server');

/** Reads rows, stores them and pins them, all in one transaction. */
async function keepRows(
  db: DigQuestDb,
  owned: OwnedEntity,
  rows: readonly Payload[],
  pin: { reason: 'seen' | 'opened' | 'kept'; list?: string },
): Promise<{ records: SyncRecord[]; fresh: number }> {
  return db.transaction('rw', applyTables(db), async () => {
    const { uids, fresh } = await applyServerRows(db, owned.entity, rows);
    const entity = owned.entity.entity;
    if (pin.reason === 'seen') {
      // A listed row the device held already (the window's) is no reason for a pin; one pinned is used now.
      const pinned = await db.pins.bulkGet(uids.map((uid): [string, string] => [entity, uid]));
      const used = uids.filter((uid, i) => pinned[i] !== undefined || fresh.includes(uid));
      await pinAll(db, entity, used, 'seen');
    } else await pinAll(db, entity, uids, pin.reason, pin.list);
    const stored = await recordTable(db, owned.entity).bulkGet(uids);
    return { records: stored.filter((r): r is SyncRecord => r !== undefined), fresh: fresh.length };
  });
}

/**
 * One page of an entity's REST list. `query` is the list's own filter (`q=…&period=…`, without cursor and
 * limit); the rows are stored and pinned 'seen' (C17).
 */
export async function fetchRemotePage(
  db: DigQuestDb,
  fetchImpl: FetchLike,
  entity: string,
  query: string,
  cursor: string | null,
  limit: number,
): Promise<RemotePage> {
  const owned = requireOwned(entity);
  const params = new URLSearchParams(query);
  params.set('limit', String(Math.min(limit, MAX_PAGE_SIZE_REST)));
  if (cursor) params.set('cursor', cursor);
  const answer = await request(fetchImpl, `${owned.rest.list}?${params.toString()}`);
  if (!isRowList(answer.data)) throw badAnswer(answer.status);
  const kept = await keepRows(db, owned, answer.data, { reason: 'seen' });
  return { ...kept, next: answer.nextCursor };
}

/**
 * C15: a record the member opens that the device does not hold — read by id or uid, stored and pinned
 * 'opened'. Returns its uid; null when the server has no such record (404).
 */
export async function fetchRecord(
  db: DigQuestDb,
  fetchImpl: FetchLike,
  entity: string,
  ref: string,
): Promise<string | null> {
  const owned = requireOwned(entity);
  const answer = await request(fetchImpl, owned.rest.record(ref), {}, [404]);
  if (answer.status === 404) return null;
  if (!isObject(answer.data)) throw badAnswer(answer.status);
  const { records } = await keepRows(db, owned, [answer.data], { reason: 'opened' });
  return records[0]?.uid ?? null;
}

/**
 * Fills a kept list: its REST pages up to `list.limit` records, pinned 'kept' under the list's key. Pins of
 * the list that are no longer in it (moved, deleted) fall back to 'seen' and leave with the budget.
 */
export async function fillKeptList(
  db: DigQuestDb,
  fetchImpl: FetchLike,
  list: KeptListRow,
  now = Date.now(),
): Promise<number> {
  const owned = requireOwned(list.entity);
  const uids = new Set<string>();
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(list.query);
    params.set('limit', String(Math.min(list.limit - uids.size, MAX_PAGE_SIZE_REST)));
    if (cursor) params.set('cursor', cursor);
    const answer = await request(fetchImpl, `${owned.rest.list}?${params.toString()}`);
    if (!isRowList(answer.data)) throw badAnswer(answer.status);
    const { records } = await keepRows(db, owned, answer.data, { reason: 'kept', list: list.key });
    for (const record of records) uids.add(record.uid);
    cursor = answer.nextCursor;
  } while (cursor && uids.size < list.limit);
  await db.transaction('rw', db.pins, db.kept_lists, async () => {
    await db.pins
      .where('list')
      .equals(list.key)
      .filter((pin) => !uids.has(pin.uid))
      .modify({ reason: 'seen', list: undefined });
    // The member may have stopped keeping it meanwhile: only a list still kept is updated.
    if (await db.kept_lists.get(list.key))
      await db.kept_lists.update(list.key, { refreshedAt: now, count: uids.size });
  });
  return uids.size;
}
