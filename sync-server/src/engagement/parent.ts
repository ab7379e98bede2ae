/**
 * The parent side of engagement: finding the record members engage with, and moving the counters the
 * server keeps on it. A counter moves in the transaction of the row behind it and logs the parent's
 * counts (`find_counts`, PROTOCOL.md S30) — never the parent itself, so a view or a like does not make
 * every device download the whole record again — compacted to one row per parent (S29).
 */
import { eq, getTableColumns, getTableName, sql, type Column } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { notFound } from '../lib/errors';
import { first, returnedRow } from '../lib/query';
import { nonNegative } from '../lib/sql';
import { recordChange, type CounterKind } from '../sync/changelog';
import { whereRef, type RecordRef, type Store } from '../sync/registry';
import type { EngagementParent, IntColumn, OwnedParentRow } from './descriptor';

const keysByTable = new WeakMap<SQLiteTable, Map<Column, string>>();

/**
 * The property name drizzle writes a column under (`findId` for `find_id`): inserts and updates built from
 * a descriptor need it. define.ts resolves every column when the descriptor is defined, so a column of the
 * wrong table fails at start-up, not on the first like.
 */
export function columnKey(table: SQLiteTable, column: Column): string {
  let keys = keysByTable.get(table);
  if (!keys) {
    keys = new Map(Object.entries(getTableColumns(table)).map(([key, candidate]) => [candidate, key]));
    keysByTable.set(table, keys);
  }
  const key = keys.get(column);
  if (key === undefined)
    throw new Error(`column ${column.name} is not a column of table ${getTableName(table)}`);
  return key;
}

/** The parent addressed by id or uid, with one of its counters when asked (`{ isLiked, likes }`). */
export async function findParent(
  store: Store,
  parent: EngagementParent,
  ref: RecordRef,
  counter?: IntColumn,
): Promise<(OwnedParentRow & { count: number }) | undefined> {
  return first(
    store
      .select({
        id: parent.table.id,
        uid: parent.table.uid,
        ownerId: parent.owner,
        count: counter ?? sql<number>`0`,
      })
      .from(parent.table)
      .where(whereRef(parent.table, ref)),
  );
}

/** A missing parent is the feature's own 404 ('Find Not Found', 'Post not found'). */
export async function requireParent(
  store: Store,
  parent: EngagementParent,
  ref: RecordRef,
  counter?: IntColumn,
): Promise<OwnedParentRow & { count: number }> {
  const row = await findParent(store, parent, ref, counter);
  if (!row) throw notFound(parent.notFound);
  return row;
}

/**
 * The change-log row of a parent's counters (S30), in its owner's `own` scope. `moved` says which counter
 * changed, so a listener can ignore the ones it does not count (achievements count likes, not views).
 */
export async function logCounts(
  tx: Store,
  parent: EngagementParent,
  row: OwnedParentRow,
  moved?: CounterKind,
): Promise<void> {
  await recordChange(tx, parent.counts, row.id, row.uid, 'upsert', { ownerId: row.ownerId }, moved);
}

/** Moves a counter by `delta` (never below zero) and logs the parent's counts; answers the new count. */
export async function bumpCounter(
  tx: Store,
  parent: EngagementParent,
  counter: IntColumn,
  parentId: number,
  delta: number,
  kind: CounterKind,
): Promise<number | undefined> {
  const row = await returnedRow(
    tx
      .update(parent.table)
      .set({ [columnKey(parent.table, counter)]: nonNegative(sql`${counter} + ${delta}`) })
      .where(eq(parent.table.id, parentId))
      .returning({ id: parent.table.id, uid: parent.table.uid, ownerId: parent.owner, count: counter }),
  );
  if (row) await logCounts(tx, parent, row, kind);
  return row?.count;
}
