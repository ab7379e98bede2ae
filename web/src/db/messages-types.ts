/**
 * Direct messages on the device (docs/product/social.md "Messages"): every message the member sent or
 * received, so threads open offline and a message written without signal shows at once ('sending' while
 * its create waits in the outbox, 'sent' once the server gave it an id). `userId` is the sender: the
 * record's owner, as the sync layer reads it. A photo goes with a message either as bytes on the device
(private, uploaded before the message is pushed) or as one of the member's finds (its photo's URLs).
 */
export interface LocalMessage {
  id: number | null;
  uid: string;
  userId: number;
  receiverId: number;
  content: string;
  isRead: boolean;
  created_at: string;
  /** 'photo' or 'find' when a photo goes with it; absent or 'text' otherwise. */
  messageType?: string;
  /** A photo written on this device: its bytes wait in `blobs` under this hash until uploaded (C5). */
  attachmentSha256?: string;
  /** The photo as the server answers it (private to the two members, or a find's public photo). */
  attachmentUrl?: string | null;
  attachmentThumbUrl?: string | null;
}
