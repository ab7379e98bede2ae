/**
 * Content-addressed photo uploads (docs/sync.md "Photos"; PROTOCOL.md S9). Offline, a photo waits in
 * IndexedDB beside its queued find; once online the client asks which of a batch's photos the server
 * already holds (one check), PUTs the others' bytes under their SHA-256, then pushes the finds naming
 * those hashes. Because the address is the content, every retry — after a dropped request, a dropped
 * answer or a reload mid-upload — lands on the same row and the same URL, never a second copy.
 */
import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { blobUploads } from '@schema/db/tables';
import type { BlobAck } from '@schema/contracts/sync';
import { findMessages } from '@schema/contracts/finds';
import type { Deps } from '../deps';
import { HttpError, badRequest, unsupportedMedia } from '../lib/errors';
import { storeImage } from '../lib/images';
import { first } from '../lib/query';
import type { Store } from './registry';

export const HASH_MISMATCH_MESSAGE = 'The uploaded photo does not match its content hash. Please try again.';
export const EMPTY_BLOB_MESSAGE = findMessages.imageRequired;

/** `/uploads/<sha>.webp` → `/uploads/<sha>-thumb.webp` (lib/images.ts names both); other URLs are their own thumb. */
export function thumbUrlFor(url: string): string {
  const match = /^(\/uploads\/[0-9a-f]{64})\.webp$/.exec(url);
  return match ? `${match[1]}-thumb.webp` : url;
}

export function blobAck(sha256: string, url: string): BlobAck {
  return { sha256, url, thumbUrl: thumbUrlFor(url) };
}

/** The stored photo for a client hash, or null when it has not been uploaded (yet). */
export async function findBlob(store: Store, sha256: string): Promise<BlobAck | null> {
  const row = await first(
    store.select({ url: blobUploads.url }).from(blobUploads).where(eq(blobUploads.sha256, sha256)),
  );
  return row ? blobAck(sha256, row.url) : null;
}

/** The stored photos among `sha256s` (S9 check), in the order asked, each once; one query. */
export async function findBlobs(store: Store, sha256s: readonly string[]): Promise<BlobAck[]> {
  const asked = [...new Set(sha256s)];
  const rows = await store
    .select({ sha256: blobUploads.sha256, url: blobUploads.url })
    .from(blobUploads)
    .where(inArray(blobUploads.sha256, asked));
  const urls = new Map(rows.map((row) => [row.sha256, row.url]));
  return asked.flatMap((sha256) => {
    const url = urls.get(sha256);
    return url === undefined ? [] : [blobAck(sha256, url)];
  });
}

/**
 * The photo a queued record names (S10, S23), or the rejection the client resolves by uploading it again.
 * `missingMessage` is the entity's own (SyncedEntity.blobs), so "Not synced" reads like its form.
 */
export async function requireBlobUrl(store: Store, sha256: string, missingMessage: string): Promise<string> {
  const ack = await findBlob(store, sha256);
  if (!ack) throw new HttpError(400, 'photo-missing', missingMessage);
  return ack.url;
}

/** An upload's declared type, size and hash against the bytes that arrived (public and private alike). */
export function checkUpload(sha256: string, contentType: string | undefined, bytes: Uint8Array): void {
  if (!contentType || !/^image\//i.test(contentType)) throw unsupportedMedia(findMessages.invalidFileType);
  if (bytes.byteLength === 0) throw badRequest(EMPTY_BLOB_MESSAGE);
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== sha256) throw new HttpError(400, 'hash-mismatch', HASH_MISMATCH_MESSAGE);
}

/**
 * Verifies, stores and remembers one upload. The hash is checked against the bytes that arrived, so a
 * truncated upload is refused (400) instead of being stored under the full photo's name; the client
 * simply sends it again.
 */
export async function putBlob(
  deps: Deps,
  userId: number,
  sha256: string,
  contentType: string | undefined,
  bytes: Uint8Array,
): Promise<{ ack: BlobAck; created: boolean }> {
  checkUpload(sha256, contentType, bytes);
  const known = await findBlob(deps.db, sha256);
  if (known) return { ack: known, created: false };

  // Re-encoding strips EXIF (GPS included) and rejects non-images with 413/415 before anything is kept.
  const stored = await storeImage(deps, bytes, { uploadedBy: userId, kind: 'photo' });
  // Two concurrent uploads of the same photo both get here: the first row wins, both answer the same URL.
  await deps.db
    .insert(blobUploads)
    .values({ sha256, url: stored.url, uploadedBy: userId })
    .onConflictDoNothing({ target: blobUploads.sha256 });
  return { ack: (await findBlob(deps.db, sha256)) ?? blobAck(sha256, stored.url), created: true };
}
