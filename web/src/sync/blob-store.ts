/**
 * Photos on the device (DESIGN.md §4 Photos): kept in `blobs` under their SHA-256 beside the queued find
 * until the upload is acknowledged, so a find logged in a field without signal keeps its photo through
 * reloads and restarts. Browsers store the Blob itself; node tests store bytes (fake-indexeddb cannot
 * clone Blobs, DESIGN.md §8).
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

/** Photos no queued mutation needs any more are deleted (call inside a transaction on outbox + blobs). */
export async function dropUnreferencedBlobs(db: DigQuestDb, shas: readonly string[]): Promise<void> {
  if (shas.length === 0) return;
  const still = new Set((await db.outbox.toArray()).flatMap((m) => m.blobRefs));
  const unused = [...new Set(shas)].filter((sha) => !still.has(sha));
  if (unused.length) await db.blobs.bulkDelete(unused);
}
