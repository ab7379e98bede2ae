/**
 * Messages on the device (docs/product/social.md "Messages", "Offline"): the conversations and threads
 * are read live from Dexie — the member's own messages all travel in their `own` pull — so they open
 * offline; writing a message is a local write (web/src/sync writeLocal) pushed when there is signal. A
 * message whose create still waits in the outbox shows 'Sending…', then 'Sent'. Opening a thread marks
 * what the peer sent read on the device at once and queues one "read up to" update of the newest of them;
 * the server marks that one and every earlier one read (the other messages' local flags are set in the
 * same transaction, and the next pull confirms them).
 */
import { uuidv7 } from 'uuidv7';
import type { PublicUser, SelfUser } from '@schema/contracts/users';
import { db, type BlobRow, type LocalMessage } from '@web/db/database';
import { preparePhoto, useLive, useLiveValue, usePendingRecords, writeLocal, type Live } from '@web/sync';

export interface LocalConversation {
  peerId: number;
  peer: PublicUser | undefined;
  latest: LocalMessage;
  unread: number;
}

const byTime = (a: LocalMessage, b: LocalMessage) =>
  a.created_at === b.created_at ? (a.uid < b.uid ? -1 : 1) : a.created_at < b.created_at ? -1 : 1;

async function mine(userId: number): Promise<LocalMessage[]> {
  const [sent, received] = await Promise.all([
    db.messages.where('userId').equals(userId).toArray(),
    db.messages.where('receiverId').equals(userId).toArray(),
  ]);
  return [...sent, ...received];
}

/** Conversations, the most recent first, with the peer's public profile when the device holds it. */
export function useConversations(userId: number): Live<LocalConversation[]> {
  return useLive(async () => {
    const byPeer = new Map<number, LocalConversation>();
    for (const m of await mine(userId)) {
      const peerId = m.userId === userId ? m.receiverId : m.userId;
      const seen = byPeer.get(peerId) ?? { peerId, peer: undefined, latest: m, unread: 0 };
      if (byTime(seen.latest, m) < 0) seen.latest = m;
      if (m.receiverId === userId && !m.isRead) seen.unread += 1;
      byPeer.set(peerId, seen);
    }
    const peers = await db.users.bulkGet([...byPeer.keys()]);
    for (const peer of peers) {
      const conversation = peer ? byPeer.get(peer.id) : undefined;
      if (conversation) conversation.peer = peer;
    }
    return [...byPeer.values()].sort((a, b) => byTime(b.latest, a.latest));
  }, [userId]);
}

/** The thread with `peerId`, oldest first. */
export function useThread(userId: number, peerId: number): Live<LocalMessage[]> {
  return useLive(async () => {
    const [sent, received] = await Promise.all([
      db.messages
        .where('userId')
        .equals(userId)
        .filter((m) => m.receiverId === peerId)
        .toArray(),
      db.messages
        .where('receiverId')
        .equals(userId)
        .filter((m) => m.userId === peerId)
        .toArray(),
    ]);
    return [...sent, ...received].sort(byTime);
  }, [userId, peerId]);
}

/** The peer's public profile as the device holds it (pulled with the messages, S15). */
export function usePeer(peerId: number): PublicUser | undefined {
  return useLiveValue(() => db.users.get(peerId), [peerId], undefined);
}

/** How many messages wait unread on this device (the header's badge). */
export function useUnreadCount(userId: number | null): number {
  return useLiveValue(
    async () =>
      userId === null
        ? 0
        : db.messages
            .where('receiverId')
            .equals(userId)
            .filter((m) => !m.isRead)
            .count(),
    [userId],
    0,
  );
}

export type Delivery = 'sending' | 'sent' | 'failed';

/** uid → 'sending' while its create waits, 'failed' when the server refused it; 'sent' otherwise. */
export function useDelivery(): (message: LocalMessage) => Delivery {
  const pending = usePendingRecords('messages');
  return (message) => {
    const state = pending.get(message.uid);
    if (state === 'rejected') return 'failed';
    if (state === 'waiting' || message.id === null) return 'sending';
    return 'sent';
  };
}

/**
 * A photo going with a message: a picture from the device (kept in `blobs` and uploaded privately before
 * the message is pushed, offline too), or one of the member's synced finds (its photo is public already).
 */
export type MessagePhoto =
  | { kind: 'device'; data: Blob | Uint8Array; mime: string }
  | { kind: 'find'; findUid: string; url: string; thumbUrl: string | null };

/** Writes a message (already validated by the compose form); the engine pushes it at once when online. */
export async function sendLocalMessage(
  user: SelfUser,
  receiverId: number,
  content: string,
  photo: MessagePhoto | null = null,
): Promise<string> {
  const uid = uuidv7();
  const blob = photo?.kind === 'device' ? await preparePhoto(photo.data, photo.mime) : null;
  const attached: Partial<LocalMessage> = blob
    ? { messageType: 'photo', attachmentSha256: blob.sha256 }
    : photo?.kind === 'find'
      ? { messageType: 'find', attachmentUrl: photo.url, attachmentThumbUrl: photo.thumbUrl }
      : {};
  const record: LocalMessage = {
    id: null,
    uid,
    userId: user.id,
    receiverId,
    content,
    isRead: false,
    created_at: new Date().toISOString(),
    ...attached,
  };
  const payload = {
    receiverId,
    content,
    ...(blob ? { attachmentSha256: blob.sha256 } : {}),
    ...(photo?.kind === 'find' ? { findId: photo.findUid } : {}),
  };
  const blobs: BlobRow[] = blob ? [blob] : [];
  await writeLocal(db, { entity: 'messages', op: 'create', uid, userId: user.id, payload, record, blobs });
  return uid;
}

/** The member's finds the server holds (a photo it can share by reference), newest first. */
export function useShareableFinds(userId: number) {
  return useLive(async () => {
    const own = await db.finds
      .where('userId')
      .equals(userId)
      .filter((f) => f.id !== null && typeof f.imageUrl === 'string' && f.imageUrl !== '')
      .toArray();
    return own.sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
  }, [userId]);
}

/**
 * The receiver opened the thread: everything `peerId` sent is read. One queued update of the newest
 * unread message carries the marker; the others are set read locally in the same transaction.
 */
export async function markThreadRead(user: SelfUser, peerId: number): Promise<void> {
  const unread = (
    await db.messages
      .where('receiverId')
      .equals(user.id)
      .filter((m) => m.userId === peerId && !m.isRead)
      .toArray()
  ).sort(byTime);
  const newest = unread[unread.length - 1];
  if (!newest) return;
  await writeLocal(
    db,
    { entity: 'messages', op: 'update', uid: newest.uid, userId: user.id, payload: { isRead: true } },
    {
      tables: [db.messages],
      run: async () => {
        for (const m of unread.slice(0, -1)) await db.messages.update(m.uid, { isRead: true });
      },
    },
  );
}
