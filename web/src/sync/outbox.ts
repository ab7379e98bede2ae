/**
 * The outbox: every local write is ONE Dexie transaction that changes the record and queues its mutation
 * (C1), so a crash or a closed tab can never leave a record changed without its mutation, or the reverse.
 *
 * Offline, writes simply accumulate here. Writes that never left the device are folded together (C2): an
 * edit of an unsent find merges into its create, liking then unliking cancels out, deleting an unsent find
 * drops its queue. A mutation that may already have reached the server (`sent`) or is in flight is never
 * touched: only replaying it exactly is safe.
 */
import { uuidv7 } from 'uuidv7';
import type { Table } from 'dexie';
import type { Mutation, SyncEntity } from '@schema/contracts/sync';
import type { BlobRow, DigQuestDb, OutboxMutation, SyncRecord } from '@web/db/database';
import { entityFor, foldAll, syncTables, type SyncedEntity } from './entities';
import { dropUnreferencedBlobs } from './blob-store';
import { requestPersistence, StorageFullError, isQuotaError } from './storage';
import { useSyncStatus } from './status-store';

export { StorageFullError };

export interface LocalWrite {
  entity: SyncEntity;
  op: Mutation['op'];
  uid: string;
  userId: number;
  payload?: Record<string, unknown>;
  blobRefs?: string[];
  /** Creates: the complete new record. */
  record?: SyncRecord;
  /** Photos this write uses (preparePhoto), stored in the same transaction; listed in blobRefs. */
  blobs?: BlobRow[];
}

type LocalWriteListener = () => void;
const listeners = new Set<LocalWriteListener>();

/** The engine listens so it can sync right after a local write (C12). */
export function onLocalWrite(listener: LocalWriteListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const mergeable = (m: OutboxMutation) => m.status !== 'inflight' && !m.sent;

export function queuedFor(db: DigQuestDb, entity: string, uid: string): Promise<OutboxMutation[]> {
  return db.outbox.where('[entity+uid]').equals([entity, uid]).sortBy('mutationId');
}

export function recordTable(db: DigQuestDb, entity: Pick<SyncedEntity, 'table'>): Table<SyncRecord, string> {
  return db.table<SyncRecord, string>(entity.table);
}

function requireEntity(name: string): SyncedEntity {
  const entity = entityFor(name);
  if (!entity) throw new Error(`No descriptor for synced entity ${name}`);
  return entity;
}

/**
 * Applies a local write and queues it. `extra` runs inside the same transaction (e.g. the optimistic
 * like counter on the find); list the tables it touches in `extraTables`.
 */
export async function writeLocal(
  db: DigQuestDb,
  write: LocalWrite,
  extra?: { tables: Table[]; run: () => Promise<unknown> },
): Promise<void> {
  await applyWrites(db, [write], extra);
}

export interface BatchOptions {
  /**
   * false: the engine is not told of this batch. A caller writing many batches (an import) tells it once,
   * after the last one, with announceLocalWrites(), so the engine does not push the first batches while the
   * rest are still being written (both need the outbox, so each would wait for the other). Nothing is at
   * risk meanwhile: every batch is queued in its own transaction, and the next sync of any kind — the
   * start-up one when the tab was closed before the announcement — pushes it.
   */
  announce?: boolean;
}

/**
 * Several local writes in one transaction (an import of many spots): each is applied and queued exactly
 * as writeLocal would, but live queries and the engine hear of them once, not once per record.
 */
export async function writeLocalBatch(
  db: DigQuestDb,
  writes: readonly LocalWrite[],
  options: BatchOptions = {},
): Promise<void> {
  if (writes.length > 0) await applyWrites(db, writes, undefined, options.announce ?? true);
}

/** Tells the engine that writes were queued without announcement (writeLocalBatch's `announce: false`). */
export function announceLocalWrites(): void {
  for (const listener of listeners) listener();
}

function draftOf(write: LocalWrite, entity: SyncedEntity): OutboxMutation {
  const payload = write.payload ?? {};
  return {
    mutationId: uuidv7(),
    entity: write.entity,
    op: write.op,
    uid: write.uid,
    payload,
    createdAt: new Date().toISOString(),
    userId: write.userId,
    // Every photo the payload names is uploaded before the mutation is pushed (C5).
    blobRefs: [
      ...new Set([
        ...(write.blobRefs ?? []),
        ...(write.blobs ?? []).map((b) => b.sha256),
        ...entity.blobRefs(payload),
      ]),
    ],
    attempts: 0,
    status: 'pending',
    sent: false,
    lastError: null,
    before: null,
    record: write.record,
  };
}

async function applyWrites(
  db: DigQuestDb,
  writes: readonly LocalWrite[],
  extra?: { tables: Table[]; run: () => Promise<unknown> },
  announce = true,
): Promise<void> {
  const planned = writes.map((write) => {
    const entity = requireEntity(write.entity);
    return { write, entity, table: recordTable(db, entity), draft: draftOf(write, entity) };
  });
  try {
    // Every synced table: deleting an unsent find also drops the comments queued on it (C2).
    await db.transaction(
      'rw',
      [...syncTables(db), db.outbox, db.blobs, ...(extra?.tables ?? [])],
      async () => {
        if (await allNewCreates(db, planned)) {
          // An import's batch: what the loop below would do for records the device has never seen — put
          // each and queue its create — in one request per table instead of four per record.
          for (const [table, group] of byTable(planned)) {
            await table.bulkPut(group.flatMap(({ write }) => (write.record ? [write.record] : [])));
          }
          await db.outbox.bulkAdd(planned.map(({ draft }) => draft));
          await extra?.run();
          return;
        }
        for (const { write, entity, table, draft } of planned) {
          for (const blob of write.blobs ?? []) {
            // The same photo may already be here (and uploaded): keep that row and its upload state.
            if (!(await db.blobs.get(blob.sha256))) await db.blobs.add(blob);
          }
          const current = (await table.get(write.uid)) ?? null;
          draft.before = current;
          const next = write.op === 'create' ? (write.record ?? null) : entity.fold(current, draft);
          if (next) await table.put(next);
          else await table.delete(write.uid);
          await enqueue(db, entity, draft, next);
        }
        await extra?.run();
      },
    );
  } catch (err) {
    if (isQuotaError(err)) {
      const full = new StorageFullError();
      useSyncStatus.getState().setStorageError(full.message);
      throw full;
    }
    throw err;
  }
  void requestPersistence(db);
  if (announce) announceLocalWrites();
}

function byTable<P extends { table: Table<SyncRecord, string> }>(
  planned: readonly P[],
): Map<Table<SyncRecord, string>, P[]> {
  const groups = new Map<Table<SyncRecord, string>, P[]>();
  for (const p of planned) {
    const group = groups.get(p.table);
    if (group) group.push(p);
    else groups.set(p.table, [p]);
  }
  return groups;
}

/**
 * Whether every write creates a record the device holds no row and no queued mutation for (fresh uids, as an
 * import makes): then each would simply be put and queued, with nothing to fold (C2). Fresh UUIDv7s of one
 * batch lie in a narrow range, so one count of that range per table and per entity answers it (a row inside
 * the range that is not one of them only sends the batch the ordinary way).
 */
async function allNewCreates(
  db: DigQuestDb,
  planned: ReadonlyArray<{ write: LocalWrite; table: Table<SyncRecord, string> }>,
): Promise<boolean> {
  if (planned.length < 2) return false;
  if (!planned.every(({ write }) => write.op === 'create' && write.record && !write.blobs?.length))
    return false;
  for (const [table, group] of byTable(planned)) {
    const uids = group.map(({ write }) => write.uid).sort();
    const [first, last] = [uids[0] ?? '', uids[uids.length - 1] ?? ''];
    if ((await table.where(':id').between(first, last, true, true).count()) > 0) return false;
    const entity = group[0]?.write.entity ?? '';
    const queued = db.outbox.where('[entity+uid]').between([entity, first], [entity, last], true, true);
    if ((await queued.count()) > 0) return false;
  }
  return true;
}

/** C2: folds the write into unsent queued ones where that is exactly equivalent; otherwise appends it. */
async function enqueue(
  db: DigQuestDb,
  entity: SyncedEntity,
  draft: OutboxMutation,
  next: SyncRecord | null,
): Promise<void> {
  const queued = await queuedFor(db, draft.entity, draft.uid);
  const last = queued[queued.length - 1];

  if (draft.op === 'update' && last && mergeable(last) && last.op !== 'delete') {
    await db.outbox.put({
      ...last,
      payload: { ...last.payload, ...draft.payload },
      blobRefs: [...new Set([...last.blobRefs, ...draft.blobRefs])],
      record: last.op === 'create' && next ? next : last.record,
      // Editing a rejected write is how the member fixes it: it goes back in the queue.
      status: 'pending',
      lastError: null,
    });
    return;
  }

  const hasUnsentCreate = queued.some((m) => m.op === 'create') && queued.every(mergeable);
  if (draft.op === 'delete' && hasUnsentCreate) {
    // The server never saw this record: forget it and everything queued on it (comments, likes).
    const creates = queued.filter((m) => m.op === 'create');
    const dependents = (await db.outbox.toArray()).filter(
      (m) => mergeable(m) && creates.some((c) => entityFor(m.entity)?.dependsOn(m, c)),
    );
    await removeQueued(db, [...queued, ...dependents]);
    for (const dep of dependents) await recordTable(db, requireEntity(dep.entity)).delete(dep.uid);
    return;
  }
  if (draft.op === 'delete') {
    // Unsent edits of a record about to be deleted would only be rejected: drop them.
    await removeQueued(
      db,
      queued.filter((m) => mergeable(m) && m.op === 'update'),
    );
  }
  if (draft.op === 'create' && last && mergeable(last) && last.op === 'delete' && entity.toggle) {
    // Unlike then like again before either was sent: nothing to tell the server.
    await removeQueued(db, [last]);
    return;
  }
  await db.outbox.add(draft);
}

async function removeQueued(db: DigQuestDb, mutations: readonly OutboxMutation[]): Promise<void> {
  if (mutations.length === 0) return;
  await db.outbox.bulkDelete(mutations.map((m) => m.mutationId));
  await dropUnreferencedBlobs(
    db,
    mutations.flatMap((m) => m.blobRefs),
  );
}

/**
 * Re-derives a record from its base and its queued writes (C8, C9). `base` is the server's state (or
 * null when the server has none); it is stored on the oldest queued mutation for later rebuilds.
 */
export async function rebuildRecord(
  db: DigQuestDb,
  entity: SyncedEntity,
  uid: string,
  queued: OutboxMutation[],
  base: SyncRecord | null,
): Promise<void> {
  const first = queued[0];
  if (first) await db.outbox.update(first.mutationId, { before: base });
  const record = foldAll(entity, base, queued);
  const table = recordTable(db, entity);
  if (record) await table.put(record);
  else await table.delete(uid);
}

/**
 * "Discard" in the Not synced panel (C8): drops the mutation — and, for a create the server never
 * stored, everything queued on that record — and restores the record without it.
 */
export async function discardMutation(db: DigQuestDb, mutationId: string): Promise<void> {
  await db.transaction('rw', [db.outbox, db.blobs, ...syncTables(db)], async () => {
    const m = await db.outbox.get(mutationId);
    if (!m || m.status === 'inflight') return;
    const entity = requireEntity(m.entity);
    const queued = await queuedFor(db, m.entity, m.uid);
    const base = queued[0]?.before ?? null;
    let remaining = queued.filter((q) => q.mutationId !== mutationId);
    const drop = [m];
    if (m.op === 'create' && base === null) {
      drop.push(...remaining);
      remaining = [];
      const dependents = (await db.outbox.toArray()).filter(
        (q) => q.status !== 'inflight' && entityFor(q.entity)?.dependsOn(q, m),
      );
      drop.push(...dependents);
      for (const dep of dependents) await recordTable(db, requireEntity(dep.entity)).delete(dep.uid);
    }
    await removeQueued(db, drop);
    await rebuildRecord(db, entity, m.uid, remaining, base);
  });
}

/** "Retry": back in the queue, with the queued writes that were rejected only because this one was. */
export async function retryMutation(db: DigQuestDb, mutationId: string): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const m = await db.outbox.get(mutationId);
    if (!m || m.status !== 'rejected') return;
    const all = await db.outbox.toArray();
    const again = [
      m,
      ...all.filter(
        (q) =>
          q.status === 'rejected' &&
          q.mutationId !== m.mutationId &&
          (q.uid === m.uid || entityFor(q.entity)?.dependsOn(q, m)),
      ),
    ];
    await db.outbox.bulkPut(again.map((q): OutboxMutation => ({ ...q, status: 'pending', lastError: null })));
  });
  announceLocalWrites();
}
