/**
 * Photo uploads, content-addressed (PROTOCOL.md S9, S10): before a mutation naming a photo is pushed,
 * the photo is made to exist on the server under its SHA-256. First a GET of the hash (the same route
 * as HEAD, but its answer carries the URLs) — the server may already have it from an upload whose answer
 * was lost, or from another device — then a PUT of the bytes. A retried PUT lands on the same name, so
 * an upload interrupted halfway is simply sent again (C5); nothing is lost while offline, the bytes wait
 * in IndexedDB.
 */
import { findMessages } from '@schema/contracts/finds-constants';
import type { BlobAck } from '@schema/contracts/sync';
import type { DigQuestDb } from '@web/db/database';
import { blobBody, sha256Hex, toBytes } from './blob-store';
import { isBlobAck } from './protocol';
import { request, SyncHttpError, type FetchLike } from './transport';

/** A photo the server refused (too large, not an image, bytes not matching their hash): not retried. */
export interface PhotoRejection {
  code: string;
  message: string;
}

export type UploadOutcome = { ok: true; ack: BlobAck } | { ok: false; rejection: PhotoRejection };

const blobUrl = (sha: string) => `/api/sync/blobs/${sha}`;

/**
 * Makes sure the server holds the photo. Network, 5xx and 401 failures are thrown (the push stops and
 * retries later); a refusal of the photo itself is returned so only the mutations using it are rejected.
 */
export async function ensureUploaded(
  db: DigQuestDb,
  fetchImpl: FetchLike,
  sha: string,
): Promise<UploadOutcome> {
  const row = await db.blobs.get(sha);
  if (row?.uploaded && row.url && row.thumbUrl)
    return { ok: true, ack: { sha256: sha, url: row.url, thumbUrl: row.thumbUrl } };

  const known = await request(fetchImpl, blobUrl(sha), { method: 'GET' }, [404]);
  if (known.status === 200 && isBlobAck(known.data)) {
    await markUploaded(db, known.data);
    return { ok: true, ack: known.data };
  }
  if (!row) return { ok: false, rejection: { code: 'photo-missing', message: findMessages.imageRequired } };

  try {
    const put = await request(fetchImpl, blobUrl(sha), {
      method: 'PUT',
      headers: { 'Content-Type': row.mime },
      body: await blobBody(row),
    });
    if (!isBlobAck(put.data))
      throw new SyncHttpError('server', put.status, 'bad-answer', 'Unexpected answer to a photo upload');
    await markUploaded(db, put.data);
    return { ok: true, ack: put.data };
  } catch (err) {
    if (!(err instanceof SyncHttpError) || err.kind !== 'client') throw err;
    // S9: the bytes that arrived do not match their hash — an upload cut short on the way. If our copy
    // is intact, sending it again is the fix (retry later); only a corrupted local copy is a rejection.
    if (err.code === 'hash-mismatch' && (await sha256Hex(await toBytes(row.data))) === sha) {
      throw new SyncHttpError('server', err.status, err.code, err.message);
    }
    return { ok: false, rejection: { code: err.code, message: err.message } };
  }
}

/** Remembers the upload and points the finds using this photo at the server's copies. */
async function markUploaded(db: DigQuestDb, ack: BlobAck): Promise<void> {
  await db.transaction('rw', [db.blobs, db.finds, db.outbox], async () => {
    await db.blobs.update(ack.sha256, { uploaded: true, url: ack.url, thumbUrl: ack.thumbUrl });
    // By the outbox's `*blobRefs` index: an upload never reads the whole queue (C5 with thousands queued).
    const uids = (await db.outbox.where('blobRefs').equals(ack.sha256).toArray())
      .filter((m) => m.entity === 'finds')
      .map((m) => m.uid);
    for (const find of await db.finds.bulkGet([...new Set(uids)])) {
      if (find?.imageSha256 === ack.sha256)
        await db.finds.update(find.uid, { imageUrl: ack.url, thumbUrl: ack.thumbUrl });
    }
  });
}
