/**
 * A message's photo (docs/product/social.md "Messages"; docs/privacy.md "Message photos"): one photo per
 * message, either uploaded by the sender privately (the sync layer's private blobs: re-encoded, EXIF and
 * GPS stripped, stored under a `p-` name `/uploads/` never serves) or the photo of one of the sender's own
 * finds, which is public already. A private photo is read through `GET /api/social/messages/photos/{name}`
 * by the sender and the receiver of a message naming it, and by nobody else — no other path, pull, list
 * or first look ever carries it.
 */
import { and, eq, or } from 'drizzle-orm';
import { finds, messages } from '@schema/db/tables';
import { MESSAGE_PHOTO_PATH, messageMessages, type MessageType } from '@schema/contracts/messages';
import { forbidden, notFound } from '../../lib/errors';
import { first } from '../../lib/query';
import { thumbUrlFor } from '../../sync/blobs';
import { privateThumbUrl } from '../../sync/private-blobs';
import { whereRef, type Store } from '../../sync/registry';
import { parseIdParam } from '../../lib/validate';

/** The reading route of a private photo stored under `filename` (SyncedEntity.blobs `privateUrl`). */
export const messagePhotoUrl = (filename: string) => `${MESSAGE_PHOTO_PATH}${filename}`;

/** Only names lib/images.ts gives private photos: nothing else in the photo store is reachable here. */
const PRIVATE_PHOTO_NAME = /^p-([0-9a-f]{64})(-thumb)?\.webp$/;

export interface Attachment {
  messageType: MessageType;
  attachmentUrl: string | null;
}

export interface AttachmentInput {
  attachmentSha256?: string | undefined;
  findId?: string | undefined;
}

/**
 * What a new message carries. `privatePhoto` resolves the sender's own upload of a hash (REST and sync
 * look it up the same way; a missing one is `photo-missing`); a find must be the sender's own.
 */
export async function attachmentFor(
  tx: Store,
  senderId: number,
  input: AttachmentInput,
  privatePhoto: (sha256: string) => Promise<string>,
): Promise<Attachment> {
  if (input.attachmentSha256 !== undefined)
    return { messageType: 'photo', attachmentUrl: await privatePhoto(input.attachmentSha256) };
  if (input.findId !== undefined) {
    const find = await first(
      tx
        .select({ userId: finds.userId, imageUrl: finds.imageUrl })
        .from(finds)
        .where(whereRef(finds, parseIdParam(input.findId))),
    );
    if (!find) throw notFound(messageMessages.findInvalid);
    if (find.userId !== senderId) throw forbidden(messageMessages.notYourFind);
    return { messageType: 'find', attachmentUrl: find.imageUrl };
  }
  return { messageType: 'text', attachmentUrl: null };
}

/** The small version of an attachment: `-thumb` beside a private or a public photo of ours. */
export function attachmentThumb(url: string | null): string | null {
  if (url === null) return null;
  return url.startsWith(MESSAGE_PHOTO_PATH) ? privateThumbUrl(url) : thumbUrlFor(url);
}

/**
 * Whether `viewerId` may read the private photo stored as `filename` (its display image or thumbnail):
 * they sent or received a message naming it. The `messages_attachment` index answers it.
 */
export async function canReadMessagePhoto(
  store: Store,
  viewerId: number,
  filename: string,
): Promise<boolean> {
  const match = PRIVATE_PHOTO_NAME.exec(filename);
  if (!match) return false;
  const url = messagePhotoUrl(`p-${match[1]}.webp`);
  const row = await first(
    store
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.attachmentUrl, url),
          or(eq(messages.senderId, viewerId), eq(messages.receiverId, viewerId)),
        ),
      ),
  );
  return row !== undefined;
}
