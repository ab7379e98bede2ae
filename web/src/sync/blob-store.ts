/**
 * Photos on the device (docs/sync.md "Photos"): kept in `blobs` under their SHA-256 beside the queued find
 * until the upload is acknowledged, so a find logged in a field without signal keeps its photo through
 * reloads and restarts. Browsers store the Blob itself; node tests store bytes (fake-indexeddb cannot
 * clone Blobs, docs/testing.md).
 */
import type { BlobRow, DigQuestDb } from '@web/db/database';

export async function sha256Hex(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(view));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function toBytes(data: BlobRow['data']): Promise<Uint8Array> {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(await data.arrayBuffer());
}

/** Hashes a photo and prepares its row; store it with the write that uses it (writeLocal's `blobs`). */
export async function preparePhoto(data: Blob | ArrayBuffer | Uint8Array, mime: string): Promise<BlobRow> {
  const bytes = await toBytes(data);
  return {
    sha256: await sha256Hex(bytes),
    data,
    mime,
    size: bytes.byteLength,
    uploaded: false,
    createdAt: new Date().toISOString(),
  };
}

/** The request body for an upload: the stored Blob as is, or the stored bytes. */
export async function blobBody(row: BlobRow): Promise<Blob | Uint8Array<ArrayBuffer>> {
  if (row.data instanceof Uint8Array) return new Uint8Array(row.data);
  if (row.data instanceof ArrayBuffer) return new Uint8Array(row.data);
  return row.data;
}

/**
 * Photos no queued mutation needs any more are deleted (call inside a transaction on outbox + blobs). The
 * outbox's `*blobRefs` index answers which are still named, without reading the queue.
 */
export async function dropUnreferencedBlobs(db: DigQuestDb, shas: readonly string[]): Promise<void> {
  if (shas.length === 0) return;
  const unused: string[] = [];
  // One index lookup per photo, stopping at the first mutation naming it (one photo may serve many).
  for (const sha of new Set(shas))
    if ((await db.outbox.where('blobRefs').equals(sha).first()) === undefined) unused.push(sha);
  if (unused.length) await db.blobs.bulkDelete(unused);
}
