/**
 * Direct messages (docs/product/social.md "Messages"; docs/product/data-model.md `messages`): the send and
 * read requests with their exact messages, the wire shapes REST and pull both answer with, and the sync
 * payloads of the `messages` entity. The compose box, the Dexie outbox and the server validate with these.
 */
import { z } from 'zod';
import { text } from './text';
import { idOrUidTextSchema, idSchema } from './ids';
import { MESSAGE_MAX, messageMessages, type MessageType } from './messages-constants';

export * from './messages-constants';

export const messageContentSchema = text({ error: messageMessages.contentRequired })
  .trim()
  .min(1, messageMessages.contentRequired)
  .max(MESSAGE_MAX, messageMessages.contentTooLong);

/** A message's text when a photo goes with it: may be empty (a photo alone says enough). */
export const messageCaptionSchema = text({ error: messageMessages.contentRequired })
  .trim()
  .max(MESSAGE_MAX, messageMessages.contentTooLong);

/**
 * POST /api/social/messages and the sync create. `senderId`/`userId` are not read: the session decides.
 * At most one photo: `attachmentSha256` names a photo the sender uploaded privately first
 * (`PUT /api/sync/blobs/{sha256}?for=messages`, readable by the two members only), `findId` (id or uid)
 * shares the photo of one of the sender's own finds. With a photo the text may be empty.
 */
export const messageCreateSchema = z
  .object({
    receiverId: idSchema(messageMessages.receiverRequired),
    content: messageCaptionSchema.optional(),
    attachmentSha256: z
      .string({ error: messageMessages.photoInvalid })
      .regex(/^[0-9a-f]{64}$/i, messageMessages.photoInvalid)
      .transform((v) => v.toLowerCase())
      .optional(),
    findId: idOrUidTextSchema(messageMessages.findInvalid).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.attachmentSha256 !== undefined && input.findId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['findId'], message: messageMessages.onePhoto });
    const photo = input.attachmentSha256 !== undefined || input.findId !== undefined;
    if (!photo && !input.content)
      ctx.addIssue({ code: 'custom', path: ['content'], message: messageMessages.contentRequired });
  })
  .transform((input) => ({ ...input, content: input.content ?? '' }));
export type MessageCreateInput = z.output<typeof messageCreateSchema>;
export const messageSyncCreatePayloadSchema = messageCreateSchema;

/**
 * The sync update of a message: the receiver marks it read, and with it every earlier message of the same
 * sender to them — a "read up to" marker (docs/sync.md). Content is never edited: messages are append-only.
 */
export const messageSyncUpdatePayloadSchema = z.object({ isRead: z.literal(true) });

/** POST /api/social/messages/read. */
export const markReadSchema = z.object({ withUserId: idSchema(messageMessages.withUserRequired) });

/** A message, as REST and pull answer it: only ever to its sender and receiver (docs/privacy.md). */
export interface Message {
  id: number;
  uid: string;
  senderId: number;
  receiverId: number;
  content: string;
  isRead: boolean;
  /** 'text', 'photo' (uploaded privately) or 'find' (the photo of the sender's find). */
  messageType: MessageType;
  /** The photo, or null: a private photo's address answers its two members only (docs/privacy.md). */
  attachmentUrl: string | null;
  attachmentThumbUrl: string | null;
  created_at: string;
}

/** One line of the conversations list: the other member, the newest message and my unread count. */
export interface Conversation {
  userId: number;
  username: string;
  avatarUrl: string;
  latest: Message;
  unread: number;
}

/** A member I blocked, in the Profile Settings dialog's list. */
export interface BlockedMember {
  id: number;
  username: string;
  avatarUrl: string;
  blockedAt: string;
}
