/** Small reads shared by the features' hooks. */
import type { Table } from 'dexie';

/**
 * `/finds/42` (the server id) or `/finds/0192…` (the uid, for a record not synced yet; PROTOCOL.md S1),
 * in a table indexed by `id`.
 */
export function byIdOrUid<R, I>(table: Table<R, string, I>, param: string): Promise<R | undefined> {
  return /^\d+$/.test(param)
    ? table.where('id').equals(Number(param)).first()
    : table.get(param.toLowerCase());
}
