/**
 * Photos in messages (docs/product/social.md "Messages"; docs/privacy.md "Message photos"): a photo uploaded
 * privately (`PUT /api/sync/blobs/{sha}?for=messages`) and named by a queued or REST message, or the photo
 * of one of the sender's own finds. Tried as the sender, the receiver, a third member and a visitor, on the
 * engine the run names: only the two members ever read a private photo, by no path but its own.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_PHOTO_PATH, messageMessages, type Message } from '@schema/contracts/messages';
import { createTestApp, type TestApp } from '../../test/harness';
import { NO_PRIVATE_PHOTOS } from '../../sync/routes';
import {
  createFind,
  jpegBytes,
  mutation,
  newUid,
  pullAll,
  push,
  sha256Of,
  signedIn,
  type TestClient,
} from '../../sync/test-fixtures';
import { errorOf } from './test-fixtures';

type Member = { client: TestClient; user: { id: number; username: string } };
let t: TestApp;
let sender: Member;
let receiver: Member;
let third: Member;

beforeAll(async () => {
  t = await createTestApp();
  sender = await signedIn(t, 'sender');
  receiver = await signedIn(t, 'receiver');
  third = await signedIn(t, 'third');
});
afterAll(() => t.close());

/** PUT a private photo for messages (or `audience`) as `client`. */
async function putPrivate(client: TestClient | null, bytes: Uint8Array, audience = 'messages') {
  const headers: Record<string, string> = { 'content-type': 'image/jpeg' };
  if (client?.cookie) headers.cookie = client.cookie;
  const res = await t.app.request(`/api/sync/blobs/${sha256Of(bytes)}?for=${audience}`, {
    method: 'PUT',
    headers,
    body: new Uint8Array(bytes),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, string>) : undefined };
}

/** GET a URL as `client` (a visitor when null), with its status and headers. */
async function fetchAs(client: TestClient | null, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.request(url, {
    headers: client?.cookie ? { ...headers, cookie: client.cookie } : headers,
  });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** A JPEG carrying a camera name and a GPS position, as a phone writes it. */
async function phoneJpeg(seed: number): Promise<Uint8Array> {
  const base = await jpegBytes(seed, 320, 240);
  const withGps = await sharp(base)
    .withExif({
      IFD0: { Make: 'PhoneCo' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 28/1 4000/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3900/100',
      },
    })
    .jpeg()
    .toBuffer();
  return new Uint8Array(withGps);
}

const messagesIn = async (m: Member) =>
  (await pullAll(m.client, { limit: 2000 })).changes.filter((c) => c.entity === 'messages');

async function sendPhotoBySync(bytes: Uint8Array, content = '') {
  const uid = newUid();
  const payload = { receiverId: receiver.user.id, content, attachmentSha256: sha256Of(bytes) };
  const answer = await push(sender.client, [mutation('messages', 'create', uid, payload)]);
  return { uid, answer };
}

describe('private message photos', () => {
  it('an upload for messages is re-encoded, kept for its uploader and never served under /uploads/', async () => {
    const bytes = await phoneJpeg(1);
    const first = await putPrivate(sender.client, bytes);
    expect(first.status).toBe(201);
    expect(first.json?.url).toMatch(new RegExp(`^${MESSAGE_PHOTO_PATH}p-[0-9a-f]{64}\\.webp$`));
    expect(first.json?.thumbUrl).toBe(first.json?.url?.replace('.webp', '-thumb.webp'));
    // Idempotent for its member; never the answer to the public check (nor under a public name).
    expect(await putPrivate(sender.client, bytes)).toEqual({ status: 200, json: first.json });
    const checked = await sender.client.post('/api/sync/blobs/check', { sha256: [sha256Of(bytes)] });
    expect(checked.json).toEqual({ stored: [] });
    const name = String(first.json?.url).slice(MESSAGE_PHOTO_PATH.length);
    expect((await fetchAs(sender.client, `/uploads/${name}`)).status).toBe(404);
    expect((await fetchAs(null, `/uploads/${name.slice(2)}`)).status).toBe(404);
  });

  it('refuses visitors and an entity that takes no private photos', async () => {
    const bytes = await jpegBytes(2);
    expect((await putPrivate(null, bytes)).status).toBe(401);
    expect(errorOf(await putPrivate(sender.client, bytes, 'finds'))).toEqual([400, NO_PRIVATE_PHOTOS]);
  });

  it('a queued message with its photo: both members pull it and read the photo, without EXIF or GPS', async () => {
    const bytes = await phoneJpeg(3);
    await putPrivate(sender.client, bytes);
    const { uid, answer } = await sendPhotoBySync(bytes);
    expect(answer.results[0]).toMatchObject({ status: 'applied' });

    for (const member of [sender, receiver]) {
      const pulled = (await messagesIn(member)).find((c) => c.uid === uid);
      expect(pulled?.data).toMatchObject({
        content: '',
        messageType: 'photo',
        attachmentUrl: expect.stringMatching(/^\/api\/social\/messages\/photos\/p-[0-9a-f]{64}\.webp$/),
        attachmentThumbUrl: expect.stringMatching(/-thumb\.webp$/),
      });
    }
    const message = (await messagesIn(receiver)).find((c) => c.uid === uid)?.data as unknown as Message;
    for (const url of [message.attachmentUrl ?? '', message.attachmentThumbUrl ?? '']) {
      const read = await fetchAs(receiver.client, url);
      expect([read.status, read.headers.get('content-type'), read.headers.get('cache-control')]).toEqual([
        200,
        'image/webp',
        'private, no-cache',
      ]);
      const meta = await sharp(read.bytes).metadata();
      expect([meta.format, meta.exif]).toEqual(['webp', undefined]);
      expect(Buffer.from(read.bytes).includes('PhoneCo')).toBe(false);
      expect((await fetchAs(sender.client, url)).status).toBe(200);
    }
  });

  it('nobody else reads it: a third member and a visitor, by its URL, an ETag or a pull', async () => {
    const bytes = await jpegBytes(4);
    await putPrivate(sender.client, bytes);
    const { uid } = await sendPhotoBySync(bytes, 'From the beach');
    const message = (await messagesIn(sender)).find((c) => c.uid === uid)?.data as unknown as Message;
    const url = message.attachmentUrl ?? '';
    const etag = `"${url.slice(MESSAGE_PHOTO_PATH.length).replace('.webp', '')}"`;
    expect((await fetchAs(third.client, url)).status).toBe(404);
    expect((await fetchAs(third.client, url, { 'if-none-match': etag })).status).toBe(404);
    expect((await fetchAs(null, url)).status).toBe(401);
    expect((await messagesIn(third)).some((c) => c.uid === uid)).toBe(false);
    expect((await fetchAs(receiver.client, url, { 'if-none-match': etag })).status).toBe(304);
    // A name that is not a private photo is never looked up.
    expect((await fetchAs(receiver.client, `${MESSAGE_PHOTO_PATH}..%2Fsecret.webp`)).status).toBe(404);
  });

  it('the sender taking the message back takes the photo with it', async () => {
    const bytes = await jpegBytes(5);
    await putPrivate(sender.client, bytes);
    const { uid } = await sendPhotoBySync(bytes);
    const message = (await messagesIn(receiver)).find((c) => c.uid === uid)?.data as unknown as Message;
    expect((await push(sender.client, [mutation('messages', 'delete', uid)])).results[0]?.status).toBe(
      'applied',
    );
    expect((await fetchAs(receiver.client, message.attachmentUrl ?? '')).status).toBe(404);
  });

  it('S10: a photo not uploaded yet, or uploaded by someone else, is photo-missing (push and REST)', async () => {
    const bytes = await jpegBytes(6);
    await putPrivate(third.client, bytes);
    const { answer } = await sendPhotoBySync(bytes);
    expect(answer.results[0]).toMatchObject({
      status: 'rejected',
      code: 'photo-missing',
      message: messageMessages.photoMissing,
    });
    const rest = await sender.client.post('/api/social/messages', {
      receiverId: receiver.user.id,
      attachmentSha256: sha256Of(bytes),
    });
    expect(errorOf(rest)).toEqual([400, messageMessages.photoMissing]);
  });

  it('REST: a photo may go without text; text is required without one; one photo per message', async () => {
    const bytes = await jpegBytes(7);
    await putPrivate(sender.client, bytes);
    const sha = sha256Of(bytes);
    const send = (body: Record<string, unknown>) =>
      sender.client.post('/api/social/messages', { receiverId: receiver.user.id, ...body });
    const ok = await send({ attachmentSha256: sha.toUpperCase() });
    expect([ok.status, ok.json?.messageType, ok.json?.content]).toEqual([201, 'photo', '']);
    expect(errorOf(await send({ content: '  ' }))).toEqual([400, messageMessages.contentRequired]);
    const find = await createFind(sender.client, {}, 8);
    expect(errorOf(await send({ attachmentSha256: sha, findId: find.uid }))).toEqual([
      400,
      messageMessages.onePhoto,
    ]);
    expect(errorOf(await send({ attachmentSha256: 'not-a-hash' }))).toEqual([
      400,
      messageMessages.photoInvalid,
    ]);
  });
});

describe('sharing a find photo', () => {
  it('the sender’s own find, by id or uid: its public photo, offline too', async () => {
    const find = await createFind(sender.client, { title: 'Roman coin' }, 9);
    const rest = await sender.client.post('/api/social/messages', {
      receiverId: receiver.user.id,
      content: 'Look at this',
      findId: String(find.id),
    });
    expect(rest.status).toBe(201);
    expect(rest.json).toMatchObject({
      messageType: 'find',
      attachmentUrl: find.imageUrl,
      attachmentThumbUrl: find.thumbUrl,
    });
    const uid = newUid();
    const payload = { receiverId: receiver.user.id, content: '', findId: find.uid };
    expect(
      (await push(sender.client, [mutation('messages', 'create', uid, payload)])).results[0],
    ).toMatchObject({
      status: 'applied',
    });
    const pulled = (await messagesIn(receiver)).find((c) => c.uid === uid);
    expect(pulled?.data).toMatchObject({ messageType: 'find', attachmentUrl: find.imageUrl });
  });

  it('another member’s find is refused (403), an unknown one is 404', async () => {
    const theirs = await createFind(third.client, {}, 10);
    const send = (findId: string) =>
      sender.client.post('/api/social/messages', { receiverId: receiver.user.id, findId });
    expect(errorOf(await send(theirs.uid))).toEqual([403, messageMessages.notYourFind]);
    expect(errorOf(await send('999999'))).toEqual([404, messageMessages.findInvalid]);
    expect(errorOf(await send('a-find'))).toEqual([400, messageMessages.findInvalid]);
  });
});
