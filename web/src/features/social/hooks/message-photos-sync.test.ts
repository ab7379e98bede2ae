/**
 * Photos in messages, offline (docs/product/social.md "Messages"; docs/privacy.md "Message photos"): a photo
 * attached without signal waits on the device beside its queued message, goes up privately for messages
 * (never through the public check) before the message is pushed, and only the receiver's device reads it; a
 * find's photo is shared by reference. Against the real server in process, each member on their own device.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_PHOTO_PATH } from '@schema/contracts/messages-constants';
import { db } from '@web/db/database';
import { createSyncEngine } from '@web/sync/engine';
import { writeLocal } from '@web/sync/outbox';
import {
  appFetch,
  createTestApp,
  device,
  findWrite,
  jpegBytes,
  member,
  type Device,
  type Member,
  type TestApp,
} from '@web/sync/test-utils';
import { sendLocalMessage } from './messages';

let t: TestApp;
let sender: Member;
let receiver: Member;
let third: Member;
let receiverPhone: Device;
let thirdPhone: Device;
let online = false;
const senderRequests: string[] = [];

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
    fetch: (input, init) => {
      senderRequests.push(`${init?.method ?? 'GET'} ${input}`);
      return appFetch(t, () => sender.cookie)(input, init);
    },
    isOnline: () => online,
    random: () => 0.5,
  });

const statusOf = async (dev: Device, url: string) => (await dev.fetch(url)).status;

describe('message photos offline', () => {
  it('attached offline: kept with the queued message; once online uploaded privately first, and only the receiver reads it', async () => {
    const bytes = await jpegBytes(21);
    const uid = await sendLocalMessage(sender.user, receiver.user.id, '', {
      kind: 'device',
      data: bytes,
      mime: 'image/jpeg',
    });
    const queued = await db.messages.get(uid);
    expect(queued).toMatchObject({ id: null, messageType: 'photo', content: '' });
    const sha = queued?.attachmentSha256 ?? '';
    expect(await db.blobs.get(sha)).toMatchObject({ uploaded: false });
    expect(await senderEngine().sync()).toMatchObject({ outcome: 'offline' });
    expect(senderRequests).toEqual([]);

    online = true;
    expect(await senderEngine().sync()).toMatchObject({ outcome: 'synced', rejected: 0 });
    // C5: the photo went up for messages, before the push, and was never asked about in the public check.
    const upload = senderRequests.findIndex((r) => r === `PUT /api/sync/blobs/${sha}?for=messages`);
    expect(upload).toBeGreaterThanOrEqual(0);
    expect(upload).toBeLessThan(senderRequests.indexOf('POST /api/sync/push'));
    expect(senderRequests.some((r) => r.startsWith('POST /api/sync/blobs/check'))).toBe(false);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.blobs.get(sha)).toBeUndefined();
    const sent = await db.messages.get(uid);
    expect(sent?.attachmentUrl).toMatch(new RegExp(`^${MESSAGE_PHOTO_PATH}p-[0-9a-f]{64}\\.webp$`));

    await receiverPhone.engine.sync();
    const received = await receiverPhone.db.messages.get(uid);
    expect(received).toMatchObject({ messageType: 'photo', attachmentUrl: sent?.attachmentUrl });
    expect(await statusOf(receiverPhone, received?.attachmentUrl ?? '')).toBe(200);
    expect(await statusOf(receiverPhone, received?.attachmentThumbUrl ?? '')).toBe(200);

    await thirdPhone.engine.sync();
    expect(await thirdPhone.db.messages.count()).toBe(0);
    expect(await statusOf(thirdPhone, sent?.attachmentUrl ?? '')).toBe(404);
  });

  it('shares one of the member’s synced finds by reference: the receiver gets the find’s photo', async () => {
    const find = await findWrite(sender.user.id, { title: 'Bronze Age axe' }, await jpegBytes(22));
    await writeLocal(db, find);
    expect(await senderEngine().sync()).toMatchObject({ outcome: 'synced', rejected: 0 });
    const stored = await db.finds.get(find.uid);
    expect(stored?.imageUrl).toMatch(/^\/uploads\//);

    online = false;
    const uid = await sendLocalMessage(sender.user, receiver.user.id, 'Found it!', {
      kind: 'find',
      findUid: find.uid,
      url: stored?.imageUrl ?? '',
      thumbUrl: stored?.thumbUrl ?? null,
    });
    expect(await db.messages.get(uid)).toMatchObject({
      messageType: 'find',
      attachmentUrl: stored?.imageUrl,
    });
    online = true;
    expect(await senderEngine().sync()).toMatchObject({ outcome: 'synced', rejected: 0 });
    await receiverPhone.engine.sync();
    expect(await receiverPhone.db.messages.get(uid)).toMatchObject({
      content: 'Found it!',
      messageType: 'find',
      attachmentUrl: stored?.imageUrl,
      attachmentThumbUrl: stored?.thumbUrl,
    });
  });
});
