/**
 * Photo uploads, content-addressed (PROTOCOL.md S9, S10): before a batch of mutations naming photos is
 * pushed, each photo is made to exist on the server under its SHA-256 (C5). Photos the device already knows
 * are uploaded cost nothing. For the others one `POST /api/sync/blobs/check` asks which the server holds —
 * from an upload whose answer was lost, or from another device — and answers 200 either way, so a photo not
 * there yet is no error in the browser's console; then only the missing ones are PUT. A retried PUT lands on
 * the same name, so an upload interrupted halfway is simply sent again; nothing is lost while offline, the
 * bytes wait in IndexedDB.
 */
import { findMessages } from '@schema/contracts/finds-constants';
import type { BlobAck, BlobCheckRequest } from '@schema/contracts/sync';
import { MAX_BLOB_CHECK } from '@schema/contracts/sync-constants';
import type { BlobRow, DigQuestDb } from '@web/db/database';
import { blobBody, sha256Hex, toBytes } from './blob-store';
import { isBlobAck, isBlobCheckResponse } from './protocol';
import { jsonInit, request, SyncHttpError, type FetchLike } from './transport';

/** A photo the server refused (too large, not an image, bytes not matching their hash): not retried. */
export interface PhotoRejection {
  code: string;
  message: string;
}

type UploadOutcome = { ok: true; ack: BlobAck } | { ok: false; rejection: PhotoRejection };

const CHECK_URL = '/api/sync/blobs/check';
/** A public photo's upload, or (`audience`: the entity) a private one's. */
const blobUrl = (sha: string, audience?: string) =>
  `/api/sync/blobs/${sha}${audience ? `?for=${encodeURIComponent(audience)}` : ''}`;

/**
 * Makes sure the server holds every photo in `shas`; answers the photos it refused, by hash. Network, 5xx
 * and 401 failures are thrown (the push stops and retries later, C4, C6); a refusal of a photo itself is
 * returned so only the mutations using it are rejected (C18).
 */
export async function ensureUploaded(
  db: DigQuestDb,
  fetchImpl: FetchLike,
  shas: readonly string[],
): Promise<Map<string, PhotoRejection>> {
  const rows = new Map<string, BlobRow | undefined>();
  for (const [i, row] of (await db.blobs.bulkGet([...shas])).entries()) rows.set(shas[i] ?? '', row);
  const unknown = shas.filter((sha) => {
    const row = rows.get(sha);
    return !(row?.uploaded && row.url && row.thumbUrl);
  });
  const refused = new Map<string, PhotoRejection>();
  if (unknown.length === 0) return refused;

  const stored = await storedOnServer(fetchImpl, unknown);
  if (stored.length) await markUploaded(db, stored);
  const held = new Set(stored.map((ack) => ack.sha256));
  for (const sha of unknown) {
    if (held.has(sha)) continue;
    const row = rows.get(sha);
    const outcome: UploadOutcome = row
      ? await upload(db, fetchImpl, row)
      : { ok: false, rejection: { code: 'photo-missing', message: findMessages.imageRequired } };
    if (!outcome.ok) refused.set(sha, outcome.rejection);
  }
  return refused;
}

/** The acks of the photos among `shas` the server already holds: one check per MAX_BLOB_CHECK photos. */
async function storedOnServer(fetchImpl: FetchLike, shas: readonly string[]): Promise<BlobAck[]> {
  const asked = new Set(shas);
  const stored: BlobAck[] = [];
  for (let start = 0; start < shas.length; start += MAX_BLOB_CHECK) {
    const body: BlobCheckRequest = { sha256: shas.slice(start, start + MAX_BLOB_CHECK) };
    const answer = await request(fetchImpl, CHECK_URL, jsonInit('POST', body), [404]);
    // A server older than the check: nothing is known, every photo is PUT (idempotent: 200 when known).
    if (answer.status === 404) return stored;
    if (!isBlobCheckResponse(answer.data))
      throw new SyncHttpError('server', answer.status, 'bad-answer', 'Unexpected answer to a photo check');
    stored.push(...answer.data.stored.filter((ack) => asked.has(ack.sha256)));
  }
  return stored;
}

/**
 * Private photos (a message's, PROTOCOL.md S9 "Private photos"): each is PUT for its entity, without a
 * check — the server keeps them per member and answers 200 for one it already holds, unread — and the
 * device's photo row is left as it is (its `uploaded` flag speaks of the public copy only). A photo the
 * device no longer holds is left to the server, whose `photo-missing` answer the push handles (C7).
 */
export async function ensurePrivateUploaded(
  db: DigQuestDb,
  fetchImpl: FetchLike,
  entity: string,
  shas: readonly string[],
): Promise<Map<string, PhotoRejection>> {
  const refused = new Map<string, PhotoRejection>();
  for (const row of await db.blobs.bulkGet([...shas])) {
    if (!row) continue;
    const outcome = await upload(db, fetchImpl, row, entity);
    if (!outcome.ok) refused.set(row.sha256, outcome.rejection);
  }
  return refused;
}

async function upload(
  db: DigQuestDb,
  fetchImpl: FetchLike,
  row: BlobRow,
  audience?: string,
): Promise<UploadOutcome> {
  try {
    const put = await request(fetchImpl, blobUrl(row.sha256, audience), {
      method: 'PUT',
      headers: { 'Content-Type': row.mime },
      body: await blobBody(row),
    });
    if (!isBlobAck(put.data))
      throw new SyncHttpError('server', put.status, 'bad-answer', 'Unexpected answer to a photo upload');
    if (!audience) await markUploaded(db, [put.data]);
    return { ok: true, ack: put.data };
  } catch (err) {
    if (!(err instanceof SyncHttpError) || err.kind !== 'client') throw err;
    // S9: the bytes that arrived do not match their hash — an upload cut short on the way. If our copy
    // is intact, sending it again is the fix (retry later); only a corrupted local copy is a rejection.
    if (err.code === 'hash-mismatch' && (await sha256Hex(await toBytes(row.data))) === row.sha256) {
      throw new SyncHttpError('server', err.status, err.code, err.message);
    }
    return { ok: false, rejection: { code: err.code, message: err.message } };
  }
}

/** Remembers the uploads and points the finds using these photos at the server's copies. */
async function markUploaded(db: DigQuestDb, acks: readonly BlobAck[]): Promise<void> {
  await db.transaction('rw', [db.blobs, db.finds, db.outbox], async () => {
    for (const ack of acks) {
      await db.blobs.update(ack.sha256, { uploaded: true, url: ack.url, thumbUrl: ack.thumbUrl });
      // By the outbox's `*blobRefs` index: an upload never reads the whole queue (C5 with thousands queued).
      const uids = (await db.outbox.where('blobRefs').equals(ack.sha256).toArray())
        .filter((m) => m.entity === 'finds')
        .map((m) => m.uid);
      for (const find of await db.finds.bulkGet([...new Set(uids)])) {
        if (find?.imageSha256 === ack.sha256)
          await db.finds.update(find.uid, { imageUrl: ack.url, thumbUrl: ack.thumbUrl });
      }
    }
  });
}
