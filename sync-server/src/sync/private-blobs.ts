/**
 * Private photo uploads (PROTOCOL.md S9, "Private photos"; docs/privacy.md "Message photos"). A blob field
 * an entity declares private (SyncedEntity.blobs, `privateUrl`) is uploaded with
 * `PUT /api/sync/blobs/{sha256}?for={entity}`: the same checks and re-encoding as a public photo (EXIF and
 * GPS stripped), but stored under a name `/uploads/` never serves and remembered per uploader, so only
 * the entity's own route — which checks who asks — reads it, and a member's private upload is never the
 * answer to anyone else's hash. A retried upload is idempotent like a public one (same member, same hash,
 * same row and URL); no check request: the client PUTs, and a photo already stored answers 200 unread.
 */
import { and, eq } from 'drizzle-orm';
import { privateBlobUploads } from '@schema/db/tables';
import type { BlobAck } from '@schema/contracts/sync';
import type { Deps } from '../deps';
import { HttpError } from '../lib/errors';
import { storeImage } from '../lib/images';
import { first } from '../lib/query';
import { checkUpload } from './blobs';
import type { Store } from './registry';

/** `…/p-<sha>.webp` → `…/p-<sha>-thumb.webp` (lib/images.ts names both). */
export const privateThumbUrl = (url: string) => url.replace(/(p-[0-9a-f]{64})\.webp$/, '$1-thumb.webp');

const ack = (sha256: string, url: string): BlobAck => ({ sha256, url, thumbUrl: privateThumbUrl(url) });

/** The member's own private upload of `sha256`, or null. */
export async function findPrivateBlob(store: Store, userId: number, sha256: string): Promise<BlobAck | null> {
  const row = await first(
    store
      .select({ url: privateBlobUploads.url })
      .from(privateBlobUploads)
      .where(and(eq(privateBlobUploads.uploadedBy, userId), eq(privateBlobUploads.sha256, sha256))),
  );
  return row ? ack(sha256, row.url) : null;
}

/** The URL of the member's private photo a queued record names (S10), or `photo-missing`. */
export async function requirePrivateBlobUrl(
  store: Store,
  userId: number,
  sha256: string,
  missingMessage: string,
): Promise<string> {
  const found = await findPrivateBlob(store, userId, sha256);
  if (!found) throw new HttpError(400, 'photo-missing', missingMessage);
  return found.url;
}

/** Verifies, re-encodes, stores privately and remembers one upload; `urlFor` is the entity's reading route. */
export async function putPrivateBlob(
  deps: Deps,
  userId: number,
  sha256: string,
  contentType: string | undefined,
  bytes: Uint8Array,
  urlFor: (filename: string) => string,
): Promise<{ ack: BlobAck; created: boolean }> {
  checkUpload(sha256, contentType, bytes);
  const known = await findPrivateBlob(deps.db, userId, sha256);
  if (known) return { ack: known, created: false };
  const stored = await storeImage(deps, bytes, { uploadedBy: userId, kind: 'photo', private: true });
  await deps.db
    .insert(privateBlobUploads)
    .values({ sha256, uploadedBy: userId, url: urlFor(stored.filename) })
    .onConflictDoNothing({ target: [privateBlobUploads.uploadedBy, privateBlobUploads.sha256] });
  const row = await findPrivateBlob(deps.db, userId, sha256);
  return { ack: row ?? ack(sha256, urlFor(stored.filename)), created: true };
}
