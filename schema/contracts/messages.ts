/**
 * Direct messages (docs/product/social.md "Messages"; docs/product/data-model.md `messages`): the send and
 * read requests with their exact messages, the wire shapes REST and pull both answer with, and the sync
 * payloads of the `messages` entity. The compose box, the Dexie outbox and the server validate with these.
 */
import { z } from 'zod';
import { text } from './text';
import { idSchema } from './ids';
import { MESSAGE_MAX, messageMessages } from './messages-constants';

export * from './messages-constants';

export const messageContentSchema = text({ error: messageMessages.contentRequired })
  .trim()
  .min(1, messageMessages.contentRequired)
  .max(MESSAGE_MAX, messageMessages.contentTooLong);

/** POST /api/social/messages and the sync create. `senderId`/`userId` are not read: the session decides. */
export const messageCreateSchema = z.object({
  receiverId: idSchema(messageMessages.receiverRequired),
  content: messageContentSchema,
});
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
  messageType: string;
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
