/**
 * Messages as a synced entity (sync-server/src/sync/PROTOCOL.md; docs/product/social.md "Messages"). A
 * message written offline is a queued create with the device's uid, applied through the same function as
 * `POST /api/social/messages`, so a refusal (to yourself, a member who blocked you, empty or too long)
 * reads exactly like the online answer; a replay answers the stored message (S4). The receiver's read
 * marker is a queued update `{ isRead: true }` of the newest message they saw: it marks that message and
 * every earlier one from the same sender read. Nothing else is ever edited (append-only, no conflicts);
 * the sender may delete a message (it leaves both devices as a tombstone). A photo (message-photos.ts) is a
 * private blob, uploaded before the create names its hash, or one of the sender's own finds by id or uid.
 *
 * Visibility `participants`: only sender and receiver pull a message, each in `own` (the log row names
 * both); no pin, window or other scope reaches it, and the loader checks the caller again.
 */
import { inArray } from 'drizzle-orm';
import { messages } from '@schema/db/tables';
import {
  messageMessages,
  messageSyncCreatePayloadSchema,
  messageSyncUpdatePayloadSchema,
} from '@schema/contracts/messages';
import { applied, createdOrDuplicate, writeOp, type SyncedEntity } from '../../sync/entity';
import { refKey, type LoadedRows } from '../../sync/registry';
import { messagePhotoUrl } from './message-photos';
import { deleteMessage, isParticipant, markReadUpTo, sendMessage, toMessage } from './messages';

export const messagesEntity: SyncedEntity = {
  entity: 'messages',
  visibility: { rows: 'participants' },
  scope: { kind: 'owned' },
  // A photo waits beside the queued message and is uploaded privately first (S9, private-blobs.ts).
  blobs: [{ field: 'attachmentSha256', missing: messageMessages.photoMissing, privateUrl: messagePhotoUrl }],
  async load(store, viewer, refs) {
    const out: LoadedRows = new Map();
    const ids = [...new Set(refs.map((r) => r.entityId))];
    const rows = ids.length ? await store.select().from(messages).where(inArray(messages.id, ids)) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const ref of refs) {
      const row = byId.get(ref.entityId);
      // Gone: a tombstone — only ever read from a participant's own log rows (scopes.ts).
      if (!row) out.set(refKey(ref), null);
      // Someone else's conversation: never this caller's business, not even as a tombstone.
      else if (isParticipant(row, viewer?.id))
        out.set(refKey(ref), {
          id: row.id,
          uid: row.uid,
          data: { ...toMessage(row) },
          userIds: [row.senderId, row.receiverId],
        });
    }
    return out;
  },
  write: {
    uid: 'record',
    create: writeOp(messageSyncCreatePayloadSchema, async ({ store, user, mutation, blob }, input) => {
      // The push's own transaction (ctx.store) reads the sender's upload.
      const privatePhoto = (_tx: unknown, sha256: string) => blob('attachmentSha256', sha256)();
      const { message, created } = await sendMessage(store, user, input, { uid: mutation.uid, privatePhoto });
      return createdOrDuplicate(created, message.id);
    }),
    update: writeOp(messageSyncUpdatePayloadSchema, async ({ store, user, ref }) =>
      applied(await markReadUpTo(store, user, ref)),
    ),
    // The sender takes a message back; gone already is fine (S8).
    delete: async ({ store, user, ref }) => applied(await deleteMessage(store, user, ref)),
  },
};
