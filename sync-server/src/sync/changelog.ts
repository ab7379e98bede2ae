/**
 * The change log (DESIGN.md §4 "Reads"): every server write appends one row in the same transaction,
 * giving one global, monotonic sequence that pulls read from. Rows say *which* record changed, never
 * its content: a pull always answers the record's current state, shaped for the caller.
 */
import { asc, gt } from 'drizzle-orm';
import { changeLog } from '@schema/db/tables';
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
 * Call inside the transaction of the write it describes: if the write rolls back, so does its log row,
 * and a pull can never see a change that did not happen (or miss one that did).
 */
export function recordChange(
  tx: Store,
  entity: string,
  entityId: number,
  uid: string | null,
  op: ChangeOp,
): void {
  tx.insert(changeLog).values({ entity, entityId, uid, op }).run();
}

/** Up to `limit` changes after `afterSeq`, oldest first (a range scan of the primary key). */
export function readChanges(store: Store, afterSeq: number, limit: number): LoggedChange[] {
  return store
    .select({
      seq: changeLog.seq,
      entity: changeLog.entity,
      entityId: changeLog.entityId,
      uid: changeLog.uid,
      op: changeLog.op,
    })
    .from(changeLog)
    .where(gt(changeLog.seq, afterSeq))
    .orderBy(asc(changeLog.seq))
    .limit(limit)
    .all();
}
