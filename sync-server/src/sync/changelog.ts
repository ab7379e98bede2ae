/**
 * The change log (docs/sync.md "Reads"; PROTOCOL.md S11, S29): every server write logs the records it
 * changed in the same transaction, giving one global, monotonic sequence that pulls read from. Rows say
 * *which* record changed and whose it is, never its content: a pull always answers the record's current
 * state, shaped for the caller.
 *
 * S29 — one row per record: logging a record again deletes its previous row and appends a new one, so the
 * log grows with the number of records, not with the number of writes (10,000 views of a post leave one
 * `post_counts` row). A cursor stays valid: the new row's seq is above every seq handed out before
 * (AUTOINCREMENT, and PostgreSQL's identity sequence, never reuse one), so a client past the old row still
 * sees the new one.
 */
import { and, asc, eq, gt, max, sql, type SQL } from 'drizzle-orm';
import { changeLog } from '@schema/db/tables';
import { isTransaction, lockChangeLog } from '../lib/db';
import { first } from '../lib/query';
import type { Store } from './registry';

export type ChangeOp = 'upsert' | 'delete';

export interface LoggedChange {
  seq: number;
  entity: string;
  entityId: number;
  uid: string | null;
  op: ChangeOp;
}

/**
 * Whose record a change is about, so the pull scopes find it by index (S25–S28): `ownerId` the member
 * whose record it is (finder, author, commenter, liker; for a profile, its member), or null for reference
 * data; for comments and likes `parentUid`, the record they belong to, and for comments `parentOwnerId`,
 * that record's owner (their member sees comments on it in `own`).
 */
export interface ChangeOwner {
  ownerId: number | null;
  parentUid?: string | null;
  parentOwnerId?: number | null;
}

const sameRecord = (entity: string, entityId: number, uid: string | null): SQL =>
  and(
    eq(changeLog.entity, entity),
    eq(changeLog.entityId, entityId),
    // The expression of the unique index change_log_record, so the lookup uses it.
    sql`coalesce(${changeLog.uid}, '') = ${uid ?? ''}`,
  ) as SQL;

/**
 * Something a feature does whenever a record changes, in the same transaction (achievements unlock here,
 * whether the write came through REST or a sync push: docs/product/achievements.md). A listener that
 * throws rolls the write back, exactly like a failing write; listeners must not call recordChange for an
 * entity they listen to.
 */
export type ChangeListener = (
  tx: Store,
  change: {
    entity: string;
    /** The record's id (for a like, its member's); always given by recordChange. */
    entityId?: number;
    op: ChangeOp;
    owner: ChangeOwner;
    counter?: CounterKind | undefined;
  },
) => Promise<void>;

/** Which engagement counter moved, for a counts row (engagement/parent.ts); absent when all may have. */
export type CounterKind = 'likes' | 'comments' | 'views';

const listeners = new Set<ChangeListener>();

/**
 * Registered once by the composition root (sync/entities.ts), or by a feature as it is mounted (moderation's
 * review on an author's edit); a second registration of the same listener is ignored.
 */
export function onRecordedChange(listener: ChangeListener): void {
  listeners.add(listener);
}

/**
 * Call inside the transaction of the write it describes: if the write rolls back, so does its log row,
 * and a pull can never see a change that did not happen (or miss one that did).
 */
export async function recordChange(
  tx: Store,
  entity: string,
  entityId: number,
  uid: string | null,
  op: ChangeOp,
  owner: ChangeOwner,
  counter?: CounterKind,
): Promise<void> {
  // Pull never skips a write: on PostgreSQL appends are serialised until commit (lib/db.ts lockChangeLog).
  if (!isTransaction(tx)) throw new Error('The change log is written in the transaction of the write');
  await lockChangeLog(tx);
  await tx.delete(changeLog).where(sameRecord(entity, entityId, uid));
  await tx.insert(changeLog).values({
    entity,
    entityId,
    uid,
    op,
    ownerId: owner.ownerId,
    parentUid: owner.parentUid ?? null,
    parentOwnerId: owner.parentOwnerId ?? null,
  });
  for (const listener of listeners) await listener(tx, { entity, entityId, op, owner, counter });
}

/**
 * recordChange for many records created in this transaction (an event change notifying every attendee):
 * new records have no earlier row to replace, so they are appended in bulk; listeners hear each one.
 */
export async function recordNewRecords(
  tx: Store,
  entity: string,
  records: ReadonlyArray<{ id: number; uid: string; ownerId: number }>,
): Promise<void> {
  if (records.length === 0) return;
  if (!isTransaction(tx)) throw new Error('The change log is written in the transaction of the write');
  await lockChangeLog(tx);
  for (let i = 0; i < records.length; i += 500)
    await tx.insert(changeLog).values(
      records.slice(i, i + 500).map((r) => ({
        entity,
        entityId: r.id,
        uid: r.uid,
        op: 'upsert' as const,
        ownerId: r.ownerId,
        parentUid: null,
        parentOwnerId: null,
      })),
    );
  for (const r of records)
    for (const listener of listeners)
      await listener(tx, { entity, entityId: r.id, op: 'upsert', owner: { ownerId: r.ownerId } });
}

/**
 * Drops a record's row without a tombstone: for rows no client needs once another row says it all (the
 * counts of a deleted parent, whose own tombstone removes it from every device).
 */
export async function forgetChange(
  tx: Store,
  entity: string,
  entityId: number,
  uid: string | null,
): Promise<void> {
  await tx.delete(changeLog).where(sameRecord(entity, entityId, uid));
}

/** The newest sequence logged (0 for an empty log): a scope that has read everything moves its cursor here. */
export async function logHead(store: Store): Promise<number> {
  const row = await first(store.select({ head: max(changeLog.seq) }).from(changeLog));
  return row?.head ?? 0;
}

const loggedColumns = {
  seq: changeLog.seq,
  entity: changeLog.entity,
  entityId: changeLog.entityId,
  uid: changeLog.uid,
  op: changeLog.op,
};

/**
 * One stream of a scope: the changes matching `where` after `afterSeq`, oldest first. Each stream is
 * written so that the database reads it from one of the log's (column, seq) indexes and stops after `limit`.
 */
export async function readStream(
  store: Store,
  where: SQL,
  afterSeq: number,
  limit: number,
): Promise<LoggedChange[]> {
  return store
    .select(loggedColumns)
    .from(changeLog)
    .where(and(where, gt(changeLog.seq, afterSeq)))
    .orderBy(asc(changeLog.seq))
    .limit(limit);
}

/**
 * Several streams merged in sequence order, at most `limit` changes (a row in two streams counts once).
 * Each stream reads `limit + 1`, so the first `limit` of the union are exactly the first `limit` of the
 * scope, and `hasMore` says whether any stream had more.
 */
export async function readMerged(
  store: Store,
  streams: readonly SQL[],
  afterSeq: number,
  limit: number,
): Promise<{ changes: LoggedChange[]; hasMore: boolean }> {
  const bySeq = new Map<number, LoggedChange>();
  for (const where of streams)
    for (const change of await readStream(store, where, afterSeq, limit + 1)) bySeq.set(change.seq, change);
  const merged = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  return { changes: merged.slice(0, limit), hasMore: merged.length > limit };
}

/**
 * Logs a record again as it was last logged (same owner and parent), without touching the record: when
 * who may see it changed and nothing in it did (a moderator hid or restored it), so every device's next
 * pull reshapes it — a tombstone for those who may no longer see it, the record for those who may again.
 * Listeners are not told: nothing the member did happened. No-op for a record never logged.
 */
export async function relogRecord(tx: Store, entity: string, entityId: number): Promise<void> {
  if (!isTransaction(tx)) throw new Error('The change log is written in the transaction of the write');
  await lockChangeLog(tx);
  const last = await first(
    tx
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, entity), eq(changeLog.entityId, entityId))),
  );
  if (!last || last.op !== 'upsert') return;
  await tx.delete(changeLog).where(eq(changeLog.seq, last.seq));
  await tx.insert(changeLog).values({
    entity,
    entityId,
    uid: last.uid,
    op: 'upsert',
    ownerId: last.ownerId,
    parentUid: last.parentUid,
    parentOwnerId: last.parentOwnerId,
  });
}
