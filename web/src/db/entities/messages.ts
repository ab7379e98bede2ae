/**
 * The messages' synced entity (docs/product/social.md "Messages"; PROTOCOL.md entities table): what the
 * member sent or received, pulled with `own` (the server sends a message to its two members only). A
 * message is created once and never edited; the receiver's read marker is an update `{ isRead: true }` of
 * the newest message read. No window: a member's conversations stay on their device. They are private, so
 * they leave the device when the signed-in member changes (C11).
 */
import type { LocalMessage } from '../messages-types';
import { defineEntity, verbFor } from '../entity-descriptor';
import { hasShape, text } from '../entity-fields';

const isLocalMessage = hasShape<LocalMessage>({
  uid: 'string',
  userId: 'number',
  receiverId: 'number',
  content: 'string',
});

export const messagesEntity = defineEntity<LocalMessage, 'messages'>({
  entity: 'messages',
  label: 'Messages',
  scope: {
    kind: 'owned',
    rest: {
      record: (ref) => `/api/social/messages/${encodeURIComponent(ref)}`,
      list: '/api/social/messages',
    },
  },
  is: isLocalMessage,
  fold: { isRead: 'boolean' },
  fromServer(data) {
    const { id, uid, senderId, receiverId, content, isRead } = data;
    if (typeof id !== 'number' || typeof uid !== 'string') return null;
    if (typeof senderId !== 'number' || typeof receiverId !== 'number') return null;
    if (typeof content !== 'string') return null;
    return {
      id,
      uid,
      userId: senderId,
      receiverId,
      content,
      isRead: isRead === true,
      created_at: text(data.created_at) ?? '',
      messageType: text(data.messageType) ?? 'text',
      attachmentUrl: text(data.attachmentUrl) ?? null,
      attachmentThumbUrl: text(data.attachmentThumbUrl) ?? null,
    } satisfies LocalMessage;
  },
  // A photo from the device is uploaded first, privately: only the two members may read it (docs/privacy.md).
  blobRefs: (payload) => {
    const sha = text(payload.attachmentSha256);
    return sha ? [sha] : [];
  },
  privateBlobs: true,
  describe(m, known) {
    const preview = known?.content
      ? ` "${known.content.slice(0, 40)}"`
      : known?.messageType
        ? ' (photo)'
        : '';
    return {
      label: verbFor(m, [`Message${preview}`, 'Marking messages read', 'Deleting a message']),
      editHref: null,
    };
  },
  // Another member's conversations are theirs alone.
  forgetOnViewerChange: (messages, viewerId) =>
    messages.filter((m) => m.userId !== viewerId && m.receiverId !== viewerId).delete(),
});
