/**
 * Writing what the server sent into IndexedDB: pulled changes (every scope, C14), a pinned record's state
 * (C15) and REST list rows (C17) all go through here, inside the caller's transaction over `applyTables`.
 *
 * Conflicts: a server row for a record that still has queued local writes does not overwrite them. It
 * becomes that record's base and the queued writes are folded on top (entity descriptors), so the member
 * keeps seeing their offline edit until the server has it — then a later pull brings the merged row (last
 * write wins per field, S17). A tombstone under a queued edit removes the record; the edit will be
 * rejected "not found" and shown in Not synced.
 *
 * A parent's tombstone takes the comments (and memberships) held under it, queued ones excepted: the
 * server tombstones them too when the parent is deleted, but not when the viewer merely lost sight of it
 * (leaving a private group, S13), and a child without its parent is nothing anyone can read here.
 *
 * Counters (S30) arrive alone as `*_counts` changes and are applied only to a record the device holds —
 * never creating one: a device holds what its scopes and pins say, not every record someone counted.
 */
import type { Change } from '@schema/contracts/sync';
import type { PublicUser } from '@schema/contracts/users';
import type { DigQuestDb, LocalCategory, SyncRecord } from '@web/db/database';
import type { Payload } from '@web/db/entity-fields';
import {
  childrenOf,
  countsTarget,
  entityFor,
  syncTables,
  type SyncedEntity,
  type SyncTableName,
} from './entities';
import { queuedFor, rebuildRecord, recordTable } from './outbox';
import { isCategoryData, isPublicUserData } from './protocol';

/** Every table applying server data may touch. */
export const applyTables = (db: DigQuestDb) => [
  ...syncTables(db),
  db.categories,
  db.users,
  db.outbox,
  db.sync_state,
  db.blobs,
  db.pins,
];

interface TableBatch {
  puts: SyncRecord[];
  deletes: string[];
  /** uid → the counters a `*_counts` change carries. */
  counts: Map<string, Payload>;
}

/** `{ uid } & FindCountsData` → just the counters the declaration names, as numbers. */
function countersOf(data: Payload, fields: readonly string[]): Payload | null {
  const counters: Payload = {};
  for (const field of fields) if (typeof data[field] === 'number') counters[field] = data[field];
  return Object.keys(counters).length ? counters : null;
}

/** Applies changes in order of kind (users, categories, records, counters). Call inside a transaction. */
export async function applyChanges(db: DigQuestDb, changes: readonly Change[]): Promise<void> {
  // Only this page's records are looked up in the queue (its [entity+uid] index), never the whole queue.
  const keys = changes.flatMap((c): [string, string][] => (c.uid ? [[c.entity, c.uid]] : []));
  const queued = new Set(
    (await db.outbox.where('[entity+uid]').anyOf(keys).toArray()).map((m) => `${m.entity}|${m.uid}`),
  );
  const batches = new Map<SyncTableName, TableBatch>();
  const batchFor = (table: SyncTableName): TableBatch => {
    let batch = batches.get(table);
    if (!batch) batches.set(table, (batch = { puts: [], deletes: [], counts: new Map() }));
    return batch;
  };
  const userPuts: PublicUser[] = [];
  const userDeletes: number[] = [];
  const categoryPuts: LocalCategory[] = [];
  const categoryDeletes: number[] = [];
  const deferred: { entity: SyncedEntity; uid: string; base: SyncRecord | null }[] = [];

  for (const change of changes) {
    if (change.entity === 'users') {
      const data = change.data;
      if (change.op === 'delete') userDeletes.push(change.id);
      else if (data && isPublicUserData(data)) {
        userPuts.push({
          id: data.id,
          username: data.username,
          avatarUrl: String(data.avatarUrl ?? ''),
          bio: typeof data.bio === 'string' ? data.bio : null,
          created_at: String(data.created_at ?? ''),
        });
      }
      continue;
    }
    if (change.entity === 'categories') {
      // Read-only, keyed by id (S21): they carry no uid.
      if (change.op === 'delete') categoryDeletes.push(change.id);
      else if (change.data && isCategoryData(change.data))
        categoryPuts.push({
          id: change.data.id,
          name: change.data.name,
          slug: change.data.slug,
          description: change.data.description ?? null,
          icon: change.data.icon ?? null,
          count: change.data.count,
        });
      continue;
    }
    const counted = countsTarget(change.entity);
    if (counted) {
      // S30: only counters, only for a record held here. A counts tombstone means nothing on its own: the
      // parent's own tombstone removes it.
      const counters =
        change.op === 'upsert' && change.uid && change.data
          ? countersOf(change.data, counted.scope.counts?.fields ?? [])
          : null;
      if (counters && change.uid) batchFor(counted.entity.table).counts.set(change.uid, counters);
      continue;
    }
    // Entities this client does not store yet are skipped; CLIENT_ENTITIES restarts the pull when it does.
    const entity = entityFor(change.entity);
    if (!entity || !change.uid) continue;
    const uid = change.uid;
    const base = change.op === 'upsert' && change.data ? entity.fromServer(change.data) : null;
    if (change.op === 'upsert' && !base) continue;
    if (queued.has(`${change.entity}|${uid}`)) {
      deferred.push({ entity, uid, base });
      continue;
    }
    const batch = batchFor(entity.table);
    if (base) batch.puts.push(base);
    else batch.deletes.push(uid);
  }

  if (userDeletes.length) await db.users.bulkDelete(userDeletes);
  if (userPuts.length) await db.users.bulkPut(userPuts);
  if (categoryDeletes.length) await db.categories.bulkDelete(categoryDeletes);
  if (categoryPuts.length) await db.categories.bulkPut(categoryPuts);
  for (const [name, batch] of batches) {
    const table = recordTable(db, { table: name });
    if (batch.deletes.length) {
      await table.bulkDelete(batch.deletes);
      await dropChildren(db, name, batch.deletes);
    }
    if (batch.puts.length) await table.bulkPut(batch.puts);
  }
  for (const { entity, uid, base } of deferred)
    await rebuildRecord(db, entity, uid, await queuedFor(db, entity.entity, uid), base);
  // Counters last: they move a record held here, including one this very page brought.
  for (const [name, batch] of batches) {
    if (batch.counts.size === 0) continue;
    const table = recordTable(db, { table: name });
    const uids = [...batch.counts.keys()];
    const held = await table.bulkGet(uids);
    const moved = held.flatMap((record, i) => {
      const counters = batch.counts.get(uids[i] ?? '');
      return record && counters ? [{ ...record, ...counters }] : [];
    });
    if (moved.length) await table.bulkPut(moved);
  }
}

/**
 * Rows of a pulled answer written per transaction. A first pull brings thousands of rows; writing them in
 * one go held the main thread for over half a second on a phone (taps and scrolling waited). A slice of a
 * hundred takes a few milliseconds there.
 */
export const APPLY_SLICE_ROWS = 100;

interface YieldingScheduler {
  yield(): Promise<void>;
}

function isYieldingScheduler(value: unknown): value is YieldingScheduler {
  return typeof value === 'object' && value !== null && 'yield' in value && typeof value.yield === 'function';
}

/**
 * Gives the main thread back between two slices: `scheduler.yield()` where the browser has it (input
 * first, then this work resumes ahead of other tasks), else a macrotask.
 */
export function yieldToInput(): Promise<void> {
  const scheduler: unknown = Reflect.get(globalThis, 'scheduler');
  if (isYieldingScheduler(scheduler)) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Applies one pulled answer in slices of `sliceRows` changes, each in its own transaction over
 * `applyTables`, yielding to input between them (C9). `finish` (storing the answer's cursors) runs in the
 * LAST slice's transaction, so a cursor never moves before every row it covers is stored: a reload or a
 * failure mid-answer leaves the cursor where it was, and the answer is pulled and applied again (upserts
 * and tombstones are idempotent). Counters (S30) go in the last slice too, after the records they move.
 */
export async function applyInSlices(
  db: DigQuestDb,
  changes: readonly Change[],
  finish: () => Promise<unknown>,
  sliceRows = APPLY_SLICE_ROWS,
): Promise<void> {
  const records = changes.filter((c) => !countsTarget(c.entity));
  const counters = changes.filter((c) => countsTarget(c.entity));
  const size = Math.max(1, sliceRows);
  const slices: Change[][] = [];
  for (let i = 0; i < records.length; i += size) slices.push(records.slice(i, i + size));
  if (slices.length === 0) slices.push([]);
  slices[slices.length - 1]?.push(...counters);
  for (const [i, slice] of slices.entries()) {
    const last = i === slices.length - 1;
    if (i > 0) await yieldToInput();
    await db.transaction('rw', applyTables(db), async () => {
      await applyChanges(db, slice);
      if (last) await finish();
    });
  }
}

/** The children (by parent key) of tombstoned parents, except those with a queued write (C9). */
async function dropChildren(db: DigQuestDb, parent: string, parentUids: readonly string[]): Promise<void> {
  for (const child of childrenOf(parent)) {
    const key = child.scope.parentKey;
    if (key === null) continue;
    const rows = recordTable(db, child.entity);
    const uids = (
      await rows
        .where(key)
        .anyOf([...parentUids])
        .primaryKeys()
    ).map(String);
    if (uids.length === 0) continue;
    const queued = new Set(
      (
        await db.outbox
          .where('[entity+uid]')
          .anyOf(uids.map((u): [string, string] => [child.entity.entity, u]))
          .toArray()
      ).map((m) => m.uid),
    );
    await rows.bulkDelete(uids.filter((uid) => !queued.has(uid)));
  }
}

/**
 * Server rows (REST shape = pulled shape, S12) as upserts. Returns the uids written and those the device
 * did not hold before (a list page entirely held already is skipped over, C17).
 */
export async function applyServerRows(
  db: DigQuestDb,
  entity: SyncedEntity,
  rows: readonly Payload[],
): Promise<{ uids: string[]; fresh: string[] }> {
  const table = recordTable(db, entity);
  const changes: Change[] = [];
  for (const row of rows) {
    if (typeof row.uid !== 'string' || typeof row.id !== 'number') continue;
    changes.push({ seq: 0, entity: entity.entity, uid: row.uid, id: row.id, op: 'upsert', data: row });
  }
  const uids = changes.flatMap((c) => (c.uid ? [c.uid] : []));
  const before = await table.bulkGet(uids);
  await applyChanges(db, changes);
  return { uids, fresh: uids.filter((_, i) => before[i] === undefined) };
}
