/**
 * Direct messages on the device (docs/product/social.md "Messages"): every message the member sent or
 * received, so threads open offline and a message written without signal shows at once ('sending' while
 * its create waits in the outbox, 'sent' once the server gave it an id). `userId` is the sender: the
 * record's owner, as the sync layer reads it.
 */
export interface LocalMessage {
  id: number | null;
  uid: string;
  userId: number;
  receiverId: number;
  content: string;
  isRead: boolean;
  created_at: string;
}
