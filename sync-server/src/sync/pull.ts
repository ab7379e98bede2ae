/**
 * GET /api/sync/pull: what changed after the caller's cursor (DESIGN.md §4 "Reads"; PROTOCOL.md S11–S15).
 *
 * The change log says which rows changed; this answers each one's CURRENT state shaped for this caller,
 * or a tombstone when the row is gone or hidden from them. Several changes of one row in a page collapse
 * into its latest, so a find liked 500 times ships once. A client that was offline for a month pulls
 * page after page until `hasMore` is false; one that drops a page simply asks again from its old cursor
 * (applying the same page twice is harmless: upserts and tombstones are idempotent).
 *
 * Per page: one range scan of the log, then one batched IN query per entity and one for users —
 * never a query per row.
 */
import { createHash } from 'node:crypto';
import type { Change, PullEntity, PullResponse } from '@schema/contracts/sync';
import { readChanges, type LoggedChange } from './changelog';
import { refKey, type LoadedRows, type Store, type SyncEntityHandler, type Viewer } from './registry';
import { usersHandler } from './users';

/**
 * S11: the cursor is `<epoch>.<seq>`, opaque to clients. The epoch names the set of entities this server
 * can shape: changes of an entity without a handler (posts before the forum feature syncs) are skipped,
 * so when a handler is added every older cursor is stale and its holder re-pulls from the start —
 * harmless, since upserts and tombstones are idempotent, and nothing logged before is ever missed.
 */
export function pullEpoch(handlers: ReadonlyMap<string, SyncEntityHandler>): string {
  return createHash('sha256')
    .update([...handlers.keys()].sort().join(','))
    .digest('hex')
    .slice(0, 8);
}

/** The sequence to read after; 0 for an empty or stale cursor, null for one that is not ours at all. */
export function parsePullCursor(raw: string | undefined, epoch: string): number | null {
  if (raw === undefined || raw === '') return 0;
  const match = /^([0-9a-f]{8})\.(\d{1,15})$/.exec(raw);
  if (!match) return null;
  return match[1] === epoch ? Number(match[2]) : 0;
}

export function pullChanges(
  store: Store,
  viewer: Viewer,
  afterSeq: number,
  limit: number,
  handlers: ReadonlyMap<string, SyncEntityHandler>,
): PullResponse {
  const logged = readChanges(store, afterSeq, limit + 1);
  const hasMore = logged.length > limit;
  const page = hasMore ? logged.slice(0, limit) : logged;

  // S12: collapse to the latest change per row; Map keeps first-insertion order, so delete+set re-orders.
  const latest = new Map<string, LoggedChange>();
  for (const change of page) {
    const key = `${change.entity}|${refKey(change)}`;
    latest.delete(key);
    latest.set(key, change);
  }

  const byEntity = new Map<string, LoggedChange[]>();
  for (const change of latest.values()) {
    const list = byEntity.get(change.entity) ?? [];
    list.push(change);
    byEntity.set(change.entity, list);
  }
  const loaded = new Map<string, LoadedRows>();
  for (const [entity, changes] of byEntity) {
    // A change of an entity this server version cannot shape (a newer feature's) is skipped, not guessed at.
    const handler = handlers.get(entity);
    if (handler) loaded.set(entity, handler.load(store, viewer, changes));
  }

  const changes: Change[] = [];
  const referenced = new Map<number, number>();
  const usersInPage = new Set<number>();
  for (const change of latest.values()) {
    const row = loaded.get(change.entity)?.get(refKey(change));
    if (row === undefined) continue; // S14: not this caller's business (another member's like)
    const entity = change.entity as PullEntity;
    if (row === null) {
      // S13: deleted, or no longer visible to this caller: the client removes its copy.
      changes.push({ seq: change.seq, entity, uid: change.uid, id: change.entityId, op: 'delete' });
      continue;
    }
    if (entity === 'users') usersInPage.add(row.id);
    for (const userId of row.userIds) if (!referenced.has(userId)) referenced.set(userId, change.seq);
    changes.push({ seq: change.seq, entity, uid: row.uid, id: row.id, op: 'upsert', data: row.data });
  }

  // S15: the members these rows show, first in the page, so names and avatars are there offline.
  const missing = [...referenced.keys()].filter((id) => !usersInPage.has(id));
  const users = usersHandler.load(
    store,
    viewer,
    missing.map((entityId) => ({ entityId, uid: null })),
  );
  const userChanges: Change[] = [];
  for (const id of missing) {
    const user = users.get(refKey({ entityId: id, uid: null }));
    if (user)
      userChanges.push({
        seq: referenced.get(id) ?? 0,
        entity: 'users',
        uid: null,
        id,
        op: 'upsert',
        data: user.data,
      });
  }

  const last = page[page.length - 1];
  return {
    changes: [...userChanges, ...changes],
    cursor: `${pullEpoch(handlers)}.${last ? last.seq : afterSeq}`,
    hasMore,
  };
}
