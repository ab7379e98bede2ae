/**
 * Direct messages (docs/product/social.md "Messages"): every query and rule of `messages`. REST routes and
 * the sync push handler call these same functions, so a message written offline obeys the rules of one
 * sent online. Messages are append-only records made on the device (no edit conflicts): the only change
 * after sending is the receiver's read marker.
 *
 * Visibility (docs/privacy.md): a message exists for its sender and receiver only — every read here is
 * bounded by the caller, and the change log names both (owner = sender, parent owner = receiver), so only
 * their `own` pulls ever carry it (sync.ts).
 */
import { and, count, desc, eq, inArray, lt, lte, max, or } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { messages, users } from '@schema/db/tables';
import {
  messageTypes,
  messageMessages,
  type Conversation,
  type Message,
  type MessageCreateInput,
} from '@schema/contracts/messages';
import type { UserRow } from '../../lib/auth/user-row';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { first, insertedRow } from '../../lib/query';
import { idEquals, integerBound } from '../../lib/sql';
import { recordChange } from '../../sync/changelog';
import { whereRef, type RecordRef, type Store } from '../../sync/registry';
import { messageSent } from '../../notifications/acts';
import { eitherBlocked } from './blocks';
import { attachmentFor, attachmentThumb } from './message-photos';
import { shownMember } from './shown';

type MessageRow = typeof messages.$inferSelect;

export const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  uid: row.uid,
  senderId: row.senderId,
  receiverId: row.receiverId,
  content: row.content,
  isRead: row.isRead,
  messageType: messageTypes.find((t) => t === row.messageType) ?? 'text',
  attachmentUrl: row.attachmentUrl,
  attachmentThumbUrl: attachmentThumb(row.attachmentUrl),
  created_at: row.createdAt,
});

/** Both members travel in the log row: the sender's and the receiver's `own` pulls read it (sync.ts). */
const logMessage = (tx: Store, row: MessageRow, op: 'upsert' | 'delete') =>
  recordChange(tx, 'messages', row.id, row.uid, op, {
    ownerId: row.senderId,
    parentOwnerId: row.receiverId,
  });

const between = (a: number, b: number) =>
  or(
    and(eq(messages.senderId, a), eq(messages.receiverId, b)),
    and(eq(messages.senderId, b), eq(messages.receiverId, a)),
  );

export const isParticipant = (row: Pick<Message, 'senderId' | 'receiverId'>, viewerId: number | undefined) =>
  viewerId !== undefined && (row.senderId === viewerId || row.receiverId === viewerId);

export interface SendOptions {
  /** A device's uid: a replay answers the same row. */
  uid?: string | undefined;
  /**
   * The URL of the sender's private upload of a hash, read in the message's transaction
   * (message-photos.ts); absent: no photo may be named.
   */
  privatePhoto?: ((tx: Store, sha256: string) => Promise<string>) | undefined;
}

const noPrivatePhoto = (): Promise<string> => Promise.reject(badRequest(messageMessages.photoMissing));

/** POST /api/social/messages and the sync create, with at most one photo (message-photos.ts). */
export async function sendMessage(
  store: Store,
  user: UserRow,
  input: MessageCreateInput,
  options: SendOptions = {},
): Promise<{ message: Message; created: boolean }> {
  return store.transaction(async (tx) => {
    if (options.uid) {
      const existing = await first(tx.select().from(messages).where(eq(messages.uid, options.uid)));
      if (existing && existing.senderId !== user.id) throw conflict(messageMessages.uidTaken);
      if (existing) return { message: toMessage(existing), created: false };
    }
    if (input.receiverId === user.id) throw badRequest(messageMessages.toSelf);
    const receiver = await first(
      tx.select({ id: users.id }).from(users).where(idEquals(users.id, input.receiverId)),
    );
    if (!receiver) throw notFound(messageMessages.userNotFound);
    if (await eitherBlocked(tx, user.id, input.receiverId)) throw forbidden(messageMessages.blocked);
    const privatePhoto = options.privatePhoto ?? noPrivatePhoto;
    const attachment = await attachmentFor(tx, user.id, input, (sha256) => privatePhoto(tx, sha256));
    const row = await insertedRow(
      tx
        .insert(messages)
        .values({
          uid: options.uid ?? uuidv7(),
          senderId: user.id,
          receiverId: input.receiverId,
          content: input.content,
          ...attachment,
        })
        .returning(),
    );
    await logMessage(tx, row, 'upsert');
    await messageSent(tx, row);
    return { message: toMessage(row), created: true };
  });
}

/**
 * Marks read what `peerId` sent the caller, up to `upTo` (a message id) or all of it: the receiver's
 * "read up to" marker (docs/sync.md). Each message read is logged again, so both members' devices pull
 * it as read. Marking twice changes nothing.
 */
export async function markRead(store: Store, user: UserRow, peerId: number, upTo?: number): Promise<number> {
  return store.transaction(async (tx) => {
    const unread = await tx
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.senderId, integerBound(peerId)),
          eq(messages.receiverId, user.id),
          eq(messages.isRead, false),
          upTo === undefined ? undefined : lte(messages.id, upTo),
        ),
      );
    if (unread.length === 0) return 0;
    await tx
      .update(messages)
      .set({ isRead: true })
      .where(
        inArray(
          messages.id,
          unread.map((m) => m.id),
        ),
      );
    for (const row of unread) await logMessage(tx, { ...row, isRead: true }, 'upsert');
    return unread.length;
  });
}

/** The sync update (a queued read marker): only the receiver, on a message they can see. */
export async function markReadUpTo(store: Store, user: UserRow, ref: RecordRef): Promise<number> {
  const row = await first(store.select().from(messages).where(whereRef(messages, ref)));
  if (!row || !isParticipant(row, user.id)) throw notFound(messageMessages.notFound);
  if (row.receiverId !== user.id) throw forbidden(messageMessages.notReceiver);
  await markRead(store, user, row.senderId, row.id);
  return row.id;
}

/** The sync delete: the sender takes a message back; one already gone is fine (S8). */
export async function deleteMessage(
  store: Store,
  user: UserRow,
  ref: RecordRef,
): Promise<number | undefined> {
  return store.transaction(async (tx) => {
    const row = await first(tx.select().from(messages).where(whereRef(messages, ref)));
    if (!row) return undefined;
    if (!isParticipant(row, user.id)) throw notFound(messageMessages.notFound);
    if (row.senderId !== user.id) throw forbidden(messageMessages.notSender);
    await tx.delete(messages).where(eq(messages.id, row.id));
    await logMessage(tx, row, 'delete');
    return row.id;
  });
}

/** One message by id or uid, for its sender or receiver; 404 for anyone else (no probing). */
export async function getMessage(store: Store, viewerId: number, ref: RecordRef): Promise<Message> {
  const row = await first(store.select().from(messages).where(whereRef(messages, ref)));
  if (!row || !isParticipant(row, viewerId)) throw notFound(messageMessages.notFound);
  return toMessage(row);
}

/** A thread between the caller and `peerId`, newest first, keyset-paged by id (`limit + 1` rows). */
export async function threadWith(
  store: Store,
  userId: number,
  peerId: number,
  page: { before: number | null; limit: number },
): Promise<Message[]> {
  const rows = await store
    .select()
    .from(messages)
    .where(
      and(
        between(userId, integerBound(peerId)),
        page.before === null ? undefined : lt(messages.id, integerBound(page.before)),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(page.limit + 1);
  return rows.map(toMessage);
}

/**
 * My conversations, the most recent first, keyset-paged by their newest message's id. One grouped read
 * per direction (the pair index), so the cost follows how many members I talk with, not the community.
 */
export async function conversationsOf(
  store: Store,
  userId: number,
  page: { before: number | null; limit: number },
): Promise<Conversation[]> {
  const sent = await store
    .select({ peer: messages.receiverId, latest: max(messages.id) })
    .from(messages)
    .where(eq(messages.senderId, userId))
    .groupBy(messages.receiverId);
  const received = await store
    .select({ peer: messages.senderId, latest: max(messages.id) })
    .from(messages)
    .where(eq(messages.receiverId, userId))
    .groupBy(messages.senderId);
  const latestByPeer = new Map<number, number>();
  for (const { peer, latest } of [...sent, ...received])
    if (latest !== null) latestByPeer.set(peer, Math.max(latest, latestByPeer.get(peer) ?? 0));
  const picked = [...latestByPeer.entries()]
    .filter(([, latest]) => page.before === null || latest < page.before)
    .sort((a, b) => b[1] - a[1])
    .slice(0, page.limit + 1);
  if (picked.length === 0) return [];

  const peers = picked.map(([peer]) => peer);
  const latestRows = await store
    .select()
    .from(messages)
    .where(
      inArray(
        messages.id,
        picked.map(([, latest]) => latest),
      ),
    );
  const members = await store
    .select({ id: users.id, username: users.username, avatarUrl: users.avatarUrl })
    .from(users)
    .where(inArray(users.id, peers));
  const unread = await store
    .select({ peer: messages.senderId, n: count() })
    .from(messages)
    .where(
      and(eq(messages.receiverId, userId), eq(messages.isRead, false), inArray(messages.senderId, peers)),
    )
    .groupBy(messages.senderId);
  const latestById = new Map(latestRows.map((r) => [r.id, toMessage(r)]));
  const memberById = new Map(members.map((m) => [m.id, shownMember(m)]));
  const unreadByPeer = new Map(unread.map((u) => [u.peer, u.n]));
  return picked.flatMap(([peer, latestId]) => {
    const latest = latestById.get(latestId);
    const member = memberById.get(peer);
    if (!latest || !member) return [];
    return [
      {
        userId: peer,
        username: member.username,
        avatarUrl: member.avatarUrl,
        latest,
        unread: unreadByPeer.get(peer) ?? 0,
      },
    ];
  });
}

/** How many messages wait unread for the caller (the header's badge when online). */
export async function unreadCount(store: Store, userId: number): Promise<number> {
  const row = await first(
    store
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.receiverId, userId), eq(messages.isRead, false))),
  );
  return row?.n ?? 0;
}
