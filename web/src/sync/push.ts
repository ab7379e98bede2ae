/**
 * Push (PROTOCOL.md S2–S10): the member's queue, oldest first, in batches of at most MAX_PUSH_BATCH (and
 * under the server's JSON body limit), photos uploaded before the mutations naming them.
 *
 * Per answer: applied / duplicate → the mutation leaves the outbox and the record learns its server id;
 * rejected → kept with the server's message for the Not synced panel (C7), later mutations still go;
 * `internal` and `rate-limited` (S33) → kept and retried with backoff. A request that fails (offline, 5xx,
 * lost answer) puts the batch back as it was, marked `sent` — the server may have applied it, so it is
 * replayed unchanged and answers `duplicate` (C4). Nothing is ever dropped because the network failed.
 */
import type { Mutation, PushResult } from '@schema/contracts/sync';
import { MAX_PUSH_BATCH } from '@schema/contracts/sync-constants';
import type { DigQuestDb, OutboxMutation } from '@web/db/database';
import { dropUnreferencedBlobs } from './blob-store';
import { ensurePrivateUploaded, ensureUploaded, type PhotoRejection } from './blobs';
import { entityFor, syncTables, type SyncTableName } from './entities';
import { recordTable } from './outbox';
import { isPushResponse } from './protocol';
import { jsonInit, request, SyncHttpError, type FetchLike } from './transport';

/** The server refuses JSON bodies over 1 MiB; leave room for the envelope. */
export const MAX_PUSH_BYTES = 900 * 1024;
/** A photo the server keeps reporting missing after this many uploads is shown as rejected. */
const PHOTO_MISSING_LIMIT = 3;
/**
 * Rejections that wrote nothing and pass by themselves: an unexpected server error (S6) and a member's
 * rate limit (S33). The mutation stays queued and is sent again later, never shown in "Not synced".
 */
const RETRY_LATER_CODES: ReadonlySet<string> = new Set(['internal', 'rate-limited']);

export interface PushContext {
  db: DigQuestDb;
  fetch: FetchLike;
  userId: number;
  maxBatch?: number;
}

export interface PushReport {
  applied: number;
  rejected: number;
  /** Something must be retried later (a transient server error): the engine backs off. */
  retryLater: boolean;
}

/** A queued mutation as it goes on the wire: the device-only fields stay behind. */
export const toWire = (m: OutboxMutation): Mutation => ({
  mutationId: m.mutationId,
  entity: m.entity,
  op: m.op,
  uid: m.uid,
  payload: m.payload,
  createdAt: m.createdAt,
});
const encoder = new TextEncoder();

export async function pushOutbox(ctx: PushContext): Promise<PushReport> {
  const report: PushReport = { applied: 0, rejected: 0, retryLater: false };
  for (;;) {
    const batch = await takeBatch(ctx);
    if (batch.length === 0) return report;
    let posted = false;
    try {
      const refused = await uploadPhotos(ctx, batch);
      const toSend = batch.filter((m) => !m.blobRefs.some((sha) => refused.has(sha)));
      await rejectForPhotos(ctx.db, batch, refused, report);
      posted = true;
      const results = toSend.length ? await postBatch(ctx.fetch, toSend) : [];
      await applyResults(ctx.db, toSend, results, report);
    } catch (err) {
      await release(ctx.db, batch, posted);
      throw err;
    }
    if (report.retryLater) return report;
  }
}

/** Takes the oldest pending mutations of this member and marks them in flight, atomically (C3). */
async function takeBatch(ctx: PushContext): Promise<OutboxMutation[]> {
  const max = ctx.maxBatch ?? MAX_PUSH_BATCH;
  return ctx.db.transaction('rw', ctx.db.outbox, async () => {
    // Equal index keys come back in primary-key order: pending mutations, oldest first.
    const candidates = await ctx.db.outbox
      .where('status')
      .equals('pending')
      .filter((m) => m.userId === ctx.userId)
      .limit(max)
      .toArray();
    const batch: OutboxMutation[] = [];
    let bytes = 0;
    for (const m of candidates) {
      const size = encoder.encode(JSON.stringify(toWire(m))).byteLength;
      if (batch.length > 0 && bytes + size > MAX_PUSH_BYTES) break;
      bytes += size;
      batch.push({ ...m, status: 'inflight', attempts: m.attempts + 1 });
    }
    await ctx.db.outbox.bulkPut(batch);
    return batch;
  });
}

/** Back to pending, unchanged; `sent` once the request may have reached the server. */
async function release(db: DigQuestDb, batch: readonly OutboxMutation[], posted: boolean): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    for (const m of batch) {
      const current = await db.outbox.get(m.mutationId);
      if (current?.status === 'inflight')
        await db.outbox.put({ ...current, status: 'pending', sent: current.sent || posted });
    }
  });
}

/**
 * The batch's photos, checked together and the missing ones uploaded (C5): the photos refused, by hash.
 * An entity's private photos (a message's) go up apart, for that entity (blobs.ts ensurePrivateUploaded).
 */
async function uploadPhotos(
  ctx: PushContext,
  batch: readonly OutboxMutation[],
): Promise<Map<string, PhotoRejection>> {
  const shared = new Set<string>();
  const privateByEntity = new Map<string, Set<string>>();
  for (const m of batch) {
    if (!entityFor(m.entity)?.privateBlobs) for (const sha of m.blobRefs) shared.add(sha);
    else if (m.blobRefs.length) {
      const shas = privateByEntity.get(m.entity) ?? new Set<string>();
      for (const sha of m.blobRefs) shas.add(sha);
      privateByEntity.set(m.entity, shas);
    }
  }
  const refused = await ensureUploaded(ctx.db, ctx.fetch, [...shared]);
  for (const [entity, shas] of privateByEntity)
    for (const [sha, rejection] of await ensurePrivateUploaded(ctx.db, ctx.fetch, entity, [...shas]))
      refused.set(sha, rejection);
  return refused;
}

async function rejectForPhotos(
  db: DigQuestDb,
  batch: readonly OutboxMutation[],
  refused: Map<string, PhotoRejection>,
  report: PushReport,
): Promise<void> {
  if (refused.size === 0) return;
  const rejected: OutboxMutation[] = [];
  for (const m of batch) {
    const sha = m.blobRefs.find((s) => refused.has(s));
    const rejection = sha ? refused.get(sha) : undefined;
    if (rejection) rejected.push({ ...m, status: 'rejected', sent: false, lastError: rejection });
  }
  report.rejected += rejected.length;
  await db.outbox.bulkPut(rejected);
}

/**
 * One POST. A 400/413 for a whole batch means one mutation is malformed or too big: the batch is split
 * until the culprit is alone, and only it is rejected. Other failures are thrown to the engine.
 */
async function postBatch(fetchImpl: FetchLike, batch: readonly OutboxMutation[]): Promise<PushResult[]> {
  try {
    const answer = await request(
      fetchImpl,
      '/api/sync/push',
      jsonInit('POST', { mutations: batch.map(toWire) }),
    );
    if (!isPushResponse(answer.data))
      throw new SyncHttpError(
        'server',
        answer.status,
        'bad-answer',
        'Unexpected answer from the sync server',
      );
    return answer.data.results;
  } catch (err) {
    const splittable =
      err instanceof SyncHttpError && err.kind === 'client' && (err.status === 400 || err.status === 413);
    if (!splittable) throw err;
    if (batch.length === 1)
      return batch.map((m): PushResult => ({
        mutationId: m.mutationId,
        status: 'rejected',
        code: err.code,
        message: err.message,
      }));
    const half = Math.ceil(batch.length / 2);
    return [
      ...(await postBatch(fetchImpl, batch.slice(0, half))),
      ...(await postBatch(fetchImpl, batch.slice(half))),
    ];
  }
}

async function applyResults(
  db: DigQuestDb,
  sent: readonly OutboxMutation[],
  results: readonly PushResult[],
  report: PushReport,
): Promise<void> {
  const byId = new Map(results.map((r) => [r.mutationId, r]));
  await db.transaction('rw', [db.outbox, db.blobs, ...syncTables(db)], async () => {
    const done: OutboxMutation[] = [];
    const kept: OutboxMutation[] = [];
    /** Creates the server acknowledged with an id, per record table: the records learn it in one bulk write. */
    const ids = new Map<SyncTableName, Map<string, number>>();
    const unuploaded = new Set<string>();
    for (const m of sent) {
      const result = byId.get(m.mutationId);
      if (!result) {
        // No answer for it (should not happen): replay it later, exactly as sent.
        kept.push({ ...m, status: 'pending', sent: true });
        report.retryLater = true;
      } else if (result.status !== 'rejected') {
        done.push(m);
        const table = entityFor(m.entity)?.table;
        if (table && result.id !== undefined && m.op === 'create')
          ids.set(table, (ids.get(table) ?? new Map<string, number>()).set(m.uid, result.id));
      } else if (
        RETRY_LATER_CODES.has(result.code) ||
        (result.code === 'photo-missing' && m.attempts < PHOTO_MISSING_LIMIT)
      ) {
        // Nothing was written (S5, S6, S33). Photo missing: upload again next time, then resend (S10).
        if (result.code === 'photo-missing') for (const sha of m.blobRefs) unuploaded.add(sha);
        kept.push({
          ...m,
          status: 'pending',
          sent: false,
          lastError: { code: result.code, message: result.message },
        });
        report.retryLater = true;
      } else {
        kept.push({
          ...m,
          status: 'rejected',
          sent: false,
          lastError: { code: result.code, message: result.message },
        });
        report.rejected += 1;
      }
    }
    for (const sha of unuploaded) await db.blobs.update(sha, { uploaded: false });
    if (kept.length) await db.outbox.bulkPut(kept);
    if (done.length) await db.outbox.bulkDelete(done.map((m) => m.mutationId));
    for (const [name, byUid] of ids) {
      const table = recordTable(db, { table: name });
      const records = await table.bulkGet([...byUid.keys()]);
      const learned = records.flatMap((r) =>
        r && 'id' in r && r.id === null ? [{ ...r, id: byUid.get(r.uid) ?? null }] : [],
      );
      if (learned.length) await table.bulkPut(learned);
    }
    const photos = done.flatMap((m) => m.blobRefs);
    if (photos.length) await dropUnreferencedBlobs(db, photos);
    report.applied += done.length;
  });
}
