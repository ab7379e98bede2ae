/**
 * Pulls: what changed, shaped for the caller (docs/sync.md "Reads"; PROTOCOL.md S11–S15, S25–S31).
 *
 * The change log says which rows changed; a pull answers each one's CURRENT state shaped for this caller,
 * or a tombstone when the row is gone or hidden from them. Several changes of one row in an answer
 * collapse into its latest, so applying an answer twice is harmless (upserts and tombstones are
 * idempotent) and a client that drops one simply asks again from its old cursor.
 *
 * `shapeChanges` does the shaping for `POST /api/sync/pull` (scoped-pull.ts reads the scopes). Per answer:
 * one batched IN query per entity and one for users — never a query per row.
 */
import { createHash } from 'node:crypto';
import type { Change, PullEntity } from '@schema/contracts/sync';
import type { LoggedChange } from './changelog';
import { refKey, type LoadedRows, type Store, type SyncEntityHandler, type Viewer } from './registry';
import { usersHandler } from './users';
import { hiddenAmong } from '../lib/moderation';

/**
 * S11: cursors carry an epoch, opaque to clients. The epoch names the set of entities this server can
 * shape: changes of an entity without a handler (posts before the forum feature synced) are skipped, so
 * when a handler is added every older cursor is stale and its holder re-pulls from the start — harmless,
 * since upserts and tombstones are idempotent, and nothing logged before is ever missed.
 */
export function pullEpoch(handlers: ReadonlyMap<string, SyncEntityHandler>): string {
  return createHash('sha256')
    .update([...handlers.keys()].sort().join(','))
    .digest('hex')
    .slice(0, 8);
}

/** A change to shape: logged, or read from a window's table (`snapshot`: a row never held, S27). */
export interface PendingChange extends LoggedChange {
  /** A snapshot row hidden from this caller is left out, not tombstoned: the caller never held it. */
  snapshot?: boolean;
}

/**
 * The current state of each change's row for this caller, `users` first (S15). Several changes of one
 * row become one, at the latest sequence (S12); a `*_counts` change is dropped when the same answer
 * carries its parent's upsert, which holds the same counters (S30).
 */
export async function shapeChanges(
  store: Store,
  viewer: Viewer,
  pending: readonly PendingChange[],
  handlers: ReadonlyMap<string, SyncEntityHandler>,
): Promise<Change[]> {
  const latest = new Map<string, PendingChange>();
  for (const change of pending) {
    const key = `${change.entity}|${refKey(change)}`;
    const known = latest.get(key);
    if (!known || known.seq < change.seq) latest.set(key, change);
  }
  const ordered = [...latest.values()].sort((a, b) => a.seq - b.seq);

  const byEntity = new Map<string, PendingChange[]>();
  for (const change of ordered) {
    const list = byEntity.get(change.entity) ?? [];
    list.push(change);
    byEntity.set(change.entity, list);
  }
  const loaded = new Map<string, LoadedRows>();
  for (const [entity, changes] of byEntity) {
    // A change of an entity this server version cannot shape (a newer feature's) is skipped, not guessed at.
    const handler = handlers.get(entity);
    if (handler)
      loaded.set(
        entity,
        await hideModerated(store, viewer, entity, await handler.load(store, viewer, changes)),
      );
  }

  const changes: Change[] = [];
  const referenced = new Map<number, number>();
  const usersInAnswer = new Set<number>();
  const upserted = new Set<string>();
  for (const change of ordered) {
    const row = loaded.get(change.entity)?.get(refKey(change));
    if (row === undefined) continue; // S14: not this caller's business (another member's like)
    const entity = change.entity as PullEntity;
    if (row === null) {
      if (change.snapshot) continue;
      // S13: deleted, or no longer visible to this caller: the client removes its copy.
      changes.push({ seq: change.seq, entity, uid: change.uid, id: change.entityId, op: 'delete' });
      continue;
    }
    if (entity === 'users') usersInAnswer.add(row.id);
    upserted.add(`${entity}|${row.id}`);
    for (const userId of row.userIds) if (!referenced.has(userId)) referenced.set(userId, change.seq);
    changes.push({ seq: change.seq, entity, uid: row.uid, id: row.id, op: 'upsert', data: row.data });
  }
  const withoutRedundantCounts = changes.filter((change) => {
    const scope = handlers.get(change.entity)?.scope;
    return scope?.kind !== 'counts' || !upserted.has(`${scope.parent}|${change.id}`);
  });

  // S15: the members these rows show, first, so names and avatars are there offline.
  const missing = [...referenced.keys()].filter((id) => !usersInAnswer.has(id));
  const users = await usersHandler.load(
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
  return [...userChanges, ...withoutRedundantCounts];
}

/**
 * Records a moderator hid (docs/moderation.md): a tombstone for everyone but their author (S13, like a spot
 * made private), whose devices keep them with `hiddenByModerator: { reason }`. One query per entity.
 */
async function hideModerated(
  store: Store,
  viewer: Viewer,
  entity: string,
  rows: LoadedRows,
): Promise<LoadedRows> {
  const ids: number[] = [];
  for (const row of rows.values()) if (row) ids.push(row.id);
  const hidden = await hiddenAmong(store, entity, ids);
  if (hidden.size === 0) return rows;
  const out: LoadedRows = new Map();
  for (const [key, row] of rows) {
    const mark = row ? hidden.get(row.id) : undefined;
    if (!row || !mark) out.set(key, row);
    else if (viewer?.id === mark.ownerId)
      out.set(key, { ...row, data: { ...row.data, hiddenByModerator: { reason: mark.reason } } });
    else out.set(key, null);
  }
  return out;
}
