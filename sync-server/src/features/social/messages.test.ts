/**
 * Direct messages and blocks (docs/product/social.md "Messages", "Blocking"): every path tried by a
 * signed-out visitor, the sender, the receiver, a third member and a blocked member, through REST and pull,
 * on the engine the run names (DB_ENGINE). A third member never reads a message by any path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockMessages, messageMessages, type Conversation, type Message } from '@schema/contracts/messages';
import { socialMessages } from '@schema/contracts/social';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  mutation,
  newUid,
  pullAll,
  push,
  signedIn,
  SIGNED_IN_PASSWORD,
  type TestClient,
} from '../../sync/test-fixtures';
import { errorOf, followAs } from './test-fixtures';

type Member = { client: TestClient; user: { id: number; username: string } };
let t: TestApp;
let sender: Member;
let receiver: Member;
let third: Member;
let blocked: Member;
let anon: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  sender = await signedIn(t, 'sender');
  receiver = await signedIn(t, 'receiver@example.com');
  third = await signedIn(t, 'third');
  blocked = await signedIn(t, 'blocked');
  anon = t.client();
  expect((await receiver.client.post(`/api/users/${blocked.user.id}/block`)).status).toBe(200);
});
afterAll(() => t.close());

const send = (from: Member | { client: TestClient }, receiverId: unknown, content: unknown, extra = {}) =>
  from.client.post('/api/social/messages', { receiverId, content, ...extra });
const messagesOf = (m: Member) =>
  pullAll(m.client, { limit: 2000 }).then((p) => p.changes.filter((c) => c.entity === 'messages'));

describe('POST /api/social/messages', () => {
  it('anonymous: 401 with the sign-in text', async () => {
    expect(errorOf(await send({ client: anon }, receiver.user.id, 'Hi'))).toEqual([
      401,
      socialMessages.authRequired,
    ]);
  });

  it('sends as the session member (senderId ignored), trimmed, 201', async () => {
    const res = await send(sender, receiver.user.id, '  Hello, found anything?  ', {
      senderId: third.user.id,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      senderId: sender.user.id,
      receiverId: receiver.user.id,
      content: 'Hello, found anything?',
      isRead: false,
    });
  });

  it('refuses empty, too long, to yourself, to nobody, and a bad receiver', async () => {
    expect(errorOf(await send(sender, receiver.user.id, '   '))).toEqual([
      400,
      messageMessages.contentRequired,
    ]);
    expect(errorOf(await send(sender, receiver.user.id, 'x'.repeat(2001)))).toEqual([
      400,
      messageMessages.contentTooLong,
    ]);
    expect((await send(sender, receiver.user.id, 'x'.repeat(2000))).status).toBe(201);
    expect(errorOf(await send(sender, sender.user.id, 'Me'))).toEqual([400, messageMessages.toSelf]);
    expect(errorOf(await send(sender, 999_999, 'Hi'))).toEqual([404, messageMessages.userNotFound]);
    expect(errorOf(await send(sender, 'abc', 'Hi'))).toEqual([400, messageMessages.receiverRequired]);
  });

  it('blocked: neither side can message the other', async () => {
    expect(errorOf(await send(blocked, receiver.user.id, 'Hi'))).toEqual([403, messageMessages.blocked]);
    expect(errorOf(await send(receiver, blocked.user.id, 'Hi'))).toEqual([403, messageMessages.blocked]);
    const queued = mutation('messages', 'create', newUid(), { receiverId: receiver.user.id, content: 'Hi' });
    expect((await push(blocked.client, [queued])).results[0]).toMatchObject({
      status: 'rejected',
      code: 'forbidden',
      message: messageMessages.blocked,
    });
  });
});

describe('reading messages', () => {
  let message: Message;
  beforeAll(async () => {
    message = (await send(sender, receiver.user.id, 'Thread opener')).json as Message;
  });

  it('GET /api/social/messages: 401 signed out; conversations for each side, masked names for others', async () => {
    expect((await anon.get('/api/social/messages')).status).toBe(401);
    const mine = (await sender.client.get('/api/social/messages')).json as Conversation[];
    expect(mine[0]).toMatchObject({ userId: receiver.user.id, username: 'rec***@e***.com', unread: 0 });
    expect(mine[0]?.avatarUrl).not.toContain('receiver');
    expect(mine[0]?.latest.uid).toBe(message.uid);
    const theirs = (await receiver.client.get('/api/social/messages')).json as Conversation[];
    expect(theirs[0]).toMatchObject({ userId: sender.user.id, username: 'sender', unread: 3 });
    expect((await third.client.get('/api/social/messages')).json).toEqual([]);
  });

  it('?with= pages a thread newest first; a third member sees nothing of it', async () => {
    const first = await sender.client.get(`/api/social/messages?with=${receiver.user.id}&limit=2`);
    expect((first.json as Message[]).map((m) => m.uid)[0]).toBe(message.uid);
    const cursor = first.headers.get('X-Next-Cursor');
    expect(cursor).toBeTruthy();
    const next = await sender.client.get(`/api/social/messages?with=${receiver.user.id}&cursor=${cursor}`);
    expect(next.json).toHaveLength(1);
    expect((await third.client.get(`/api/social/messages?with=${receiver.user.id}`)).json).toEqual([]);
    expect((await third.client.get(`/api/social/messages?with=${sender.user.id}`)).json).toEqual([]);
    expect((await anon.get(`/api/social/messages?with=${sender.user.id}`)).status).toBe(401);
  });

  it('GET /api/social/messages/{id}: its two members by id or uid; 404 for anyone else', async () => {
    for (const ref of [message.id, message.uid]) {
      expect((await sender.client.get(`/api/social/messages/${ref}`)).json).toMatchObject({
        uid: message.uid,
      });
      expect((await receiver.client.get(`/api/social/messages/${ref}`)).status).toBe(200);
      expect((await third.client.get(`/api/social/messages/${ref}`)).status).toBe(404);
      expect((await blocked.client.get(`/api/social/messages/${ref}`)).status).toBe(404);
      expect((await anon.get(`/api/social/messages/${ref}`)).status).toBe(401);
    }
  });

  it('pull: sender and receiver get it in own; a third member never does, not even pinned', async () => {
    expect((await messagesOf(sender)).map((c) => c.uid)).toContain(message.uid);
    expect((await messagesOf(receiver)).map((c) => c.uid)).toContain(message.uid);
    expect(await messagesOf(third)).toEqual([]);
    expect(await messagesOf(blocked)).toEqual([]);
    const pins = [{ entity: 'messages' as const, uid: message.uid }];
    for (const client of [third.client, anon]) {
      const { changes } = await pullAll(client, { pins, limit: 2000 });
      expect(changes.filter((c) => c.entity === 'messages')).toEqual([]);
    }
  });

  it('POST /api/social/messages/read: only the receiver’s unread turn read, and both devices pull it', async () => {
    expect((await anon.post('/api/social/messages/read', { withUserId: sender.user.id })).status).toBe(401);
    // The sender "reading" marks nothing of theirs; a third member has nothing to mark.
    expect(
      (await sender.client.post('/api/social/messages/read', { withUserId: receiver.user.id })).json,
    ).toMatchObject({ marked: 0 });
    expect(
      (await third.client.post('/api/social/messages/read', { withUserId: sender.user.id })).json,
    ).toMatchObject({ marked: 0 });
    const res = await receiver.client.post('/api/social/messages/read', { withUserId: sender.user.id });
    expect(res.json).toMatchObject({ success: true, marked: 3 });
    expect((await receiver.client.get('/api/social/messages/unread')).json).toEqual({ unread: 0 });
    const pulled = (await messagesOf(sender)).find((c) => c.uid === message.uid);
    expect(pulled?.data).toMatchObject({ isRead: true });
  });
});

describe('messages through sync', () => {
  it('a queued message syncs once; the receiver’s queued read marker marks up to it; the sender may not', async () => {
    const uid = newUid();
    const create = mutation('messages', 'create', uid, {
      receiverId: receiver.user.id,
      content: 'Offline hello',
    });
    expect((await push(sender.client, [create, create])).results.map((r) => r.status)).toEqual([
      'applied',
      'duplicate',
    ]);
    expect((await push(third.client, [{ ...create, mutationId: newUid() }])).results[0]).toMatchObject({
      status: 'rejected',
      code: 'conflict',
    });
    const bySender = await push(sender.client, [mutation('messages', 'update', uid, { isRead: true })]);
    expect(bySender.results[0]).toMatchObject({ status: 'rejected', message: messageMessages.notReceiver });
    const byThird = await push(third.client, [mutation('messages', 'update', uid, { isRead: true })]);
    expect(byThird.results[0]).toMatchObject({ status: 'rejected', message: messageMessages.notFound });
    const read = await push(receiver.client, [mutation('messages', 'update', uid, { isRead: true })]);
    expect(read.results[0]?.status).toBe('applied');
    expect((await sender.client.get(`/api/social/messages/${uid}`)).json).toMatchObject({ isRead: true });
  });

  it('only the sender deletes; both members pull the tombstone', async () => {
    const uid = newUid();
    await push(sender.client, [
      mutation('messages', 'create', uid, { receiverId: receiver.user.id, content: 'Oops' }),
    ]);
    const refused = await push(receiver.client, [mutation('messages', 'delete', uid)]);
    expect(refused.results[0]).toMatchObject({ status: 'rejected', message: messageMessages.notSender });
    const { cursors } = await pullAll(receiver.client, { limit: 2000 });
    expect((await push(sender.client, [mutation('messages', 'delete', uid)])).results[0]?.status).toBe(
      'applied',
    );
    const after = await pullAll(receiver.client, { cursors, limit: 2000 });
    expect(after.changes.filter((c) => c.uid === uid)).toEqual([expect.objectContaining({ op: 'delete' })]);
  });
});

describe('blocks', () => {
  it('401 signed out; blocking yourself 400; an unknown member 404', async () => {
    expect((await anon.post(`/api/users/${sender.user.id}/block`)).status).toBe(401);
    expect((await anon.del(`/api/users/${sender.user.id}/block`)).status).toBe(401);
    expect(errorOf(await third.client.post(`/api/users/${third.user.id}/block`))).toEqual([
      400,
      blockMessages.blockSelf,
    ]);
    expect(errorOf(await third.client.post('/api/users/999999/block'))).toEqual([
      404,
      socialMessages.userNotFound,
    ]);
  });

  it('a blocked member cannot follow the blocker; their follow is removed; the list shows them; unblock restores', async () => {
    expect((await followAs(third.client, sender.user.id)).status).toBe(200);
    expect((await sender.client.post(`/api/users/${third.user.id}/block`)).json).toEqual({
      success: true,
      isBlocked: true,
    });
    // Idempotent.
    expect((await sender.client.post(`/api/users/${third.user.id}/block`)).status).toBe(200);
    const connections = (await third.client.get('/api/social/connections')).json as { following: unknown[] };
    expect(connections.following).toEqual([]);
    expect(errorOf(await followAs(third.client, sender.user.id))).toEqual([403, blockMessages.followBlocked]);
    const list = (await sender.client.get('/api/social/blocks')).json as { id: number }[];
    expect(list.map((m) => m.id)).toEqual([third.user.id]);
    expect((await third.client.get('/api/social/blocks')).json).toEqual([]);
    expect((await anon.get('/api/social/blocks')).status).toBe(401);

    expect((await sender.client.del(`/api/users/${third.user.id}/block`)).json).toEqual({
      success: true,
      isBlocked: false,
    });
    expect((await followAs(third.client, sender.user.id)).status).toBe(200);
    expect((await send(third, sender.user.id, 'Thanks')).status).toBe(201);
  });
});

describe('account deletion', () => {
  it('the other member’s devices pull the tombstones of a deleted member’s messages', async () => {
    const leaving = await signedIn(t, 'leaving');
    const sent = (await send(leaving, receiver.user.id, 'Goodbye')).json as Message;
    const { cursors } = await pullAll(receiver.client, { limit: 2000 });
    const gone = await leaving.client.del(`/api/users/${leaving.user.id}`, {
      currentPassword: SIGNED_IN_PASSWORD,
    });
    expect(gone.status).toBe(200);
    const after = await pullAll(receiver.client, { cursors, limit: 2000 });
    expect(after.changes.filter((c) => c.uid === sent.uid)).toEqual([
      expect.objectContaining({ op: 'delete' }),
    ]);
  });
});
