/**
 * Messages offline (docs/product/social.md "Messages", "Offline"): a message written without signal holds on
 * the device, queued, and goes once online; the receiver's device pulls it, a third member's never does;
 * the receiver's read marker, queued, reaches the server and the sender's device. Against the real server
 * in process, each member on their own device.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@web/db/database';
import { createSyncEngine } from '@web/sync/engine';
import {
  appFetch,
  createTestApp,
  device,
  member,
  type Device,
  type Member,
  type TestApp,
} from '@web/sync/test-utils';
import { markThreadRead, sendLocalMessage } from './messages';

let t: TestApp;
let sender: Member;
let receiver: Member;
let third: Member;
let receiverPhone: Device;
let thirdPhone: Device;
let online = false;

beforeAll(async () => {
  t = await createTestApp();
  sender = await member(t, 'sender');
  receiver = await member(t, 'receiver');
  third = await member(t, 'third');
  await db.open();
  await db.session.put({ key: 'current', user: sender.user, checkedAt: '' });
  receiverPhone = await device(t, receiver);
  thirdPhone = await device(t, third);
});
afterAll(async () => {
  await receiverPhone.close();
  await thirdPhone.close();
  await t.close();
});

const senderEngine = () =>
  createSyncEngine({
    db,
    fetch: appFetch(t, () => sender.cookie),
    isOnline: () => online,
    random: () => 0.5,
  });

describe('messages offline', () => {
  it('written offline, queued; sent once online; only the receiver pulls it; the queued read marker reaches the server', async () => {
    const uid = await sendLocalMessage(sender.user, receiver.user.id, 'Meet at the gate at nine');
    expect(await db.messages.get(uid)).toMatchObject({ id: null, userId: sender.user.id, isRead: false });
    expect(await senderEngine().sync()).toMatchObject({ outcome: 'offline' });
    expect(await db.outbox.where('[entity+uid]').equals(['messages', uid]).count()).toBe(1);

    online = true;
    expect(await senderEngine().sync()).toMatchObject({ outcome: 'synced', rejected: 0 });
    expect((await db.messages.get(uid))?.id).toEqual(expect.any(Number));
    expect(await db.outbox.count()).toBe(0);

    await receiverPhone.engine.sync();
    expect(await receiverPhone.db.messages.get(uid)).toMatchObject({
      content: 'Meet at the gate at nine',
      receiverId: receiver.user.id,
      isRead: false,
    });
    // The sender's name travels with it, so the conversation shows offline (S15).
    expect(await receiverPhone.db.users.get(sender.user.id)).toMatchObject({ username: 'sender' });

    await thirdPhone.engine.sync();
    expect(await thirdPhone.db.messages.count()).toBe(0);

    // The receiver opens the thread offline: read on the device at once, queued for the server.
    await db.session.put({ key: 'current', user: receiver.user, checkedAt: '' });
    await db.messages.clear();
    await db.messages.bulkPut(await receiverPhone.db.messages.toArray());
    await markThreadRead(receiver.user, sender.user.id);
    expect((await db.messages.get(uid))?.isRead).toBe(true);
    const queued = await db.outbox.toArray();
    expect(queued).toEqual([
      expect.objectContaining({ entity: 'messages', op: 'update', uid, payload: { isRead: true } }),
    ]);
    const receiverEngine = createSyncEngine({
      db,
      fetch: appFetch(t, () => receiver.cookie),
      isOnline: () => true,
      random: () => 0.5,
    });
    expect(await receiverEngine.sync()).toMatchObject({ outcome: 'synced', rejected: 0 });
    const unread = await appFetch(t, () => receiver.cookie)('/api/social/messages/unread');
    expect(await unread.json()).toEqual({ unread: 0 });
    const seenBySender = await appFetch(t, () => sender.cookie)(`/api/social/messages/${uid}`);
    expect(await seenBySender.json()).toMatchObject({ isRead: true });
  });
});
