import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMessages } from '@schema/contracts/finds';
import { discardMutation, retryMutation, writeLocal } from './outbox';
import { pullAll } from './pull';
import { SIGN_IN_TO_SYNC } from './engine';
import {
  createTestApp,
  device,
  jpegBytes,
  member,
  queueComment,
  queueFind,
  queueUpdate,
  serverRows,
  type TestApp,
} from './test-utils';
import type { FetchLike } from './transport';

let t: TestApp;
let n = 0;
const name = (prefix: string) => `${prefix}${++n}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const findsOf = (userId: number) =>
  serverRows(
    t,
    `SELECT uid, title, description, likes, comment_count AS comments FROM finds WHERE user_id = ${userId} ORDER BY id`,
  );

async function like(dev: Awaited<ReturnType<typeof device>>, userId: number, findUid: string, liked = true) {
  const record = { uid: findUid, userId, findId: null, created_at: new Date().toISOString() };
  await writeLocal(dev.db, {
    entity: 'find_likes',
    op: liked ? 'create' : 'delete',
    uid: findUid,
    userId,
    record,
  });
}

describe('sync engine against the real server', () => {
  it('C1 S2: pushes the queue in order across batches, photos first, and records learn their server ids', async () => {
    const m = await member(t, name('order'));
    const dev = await device(t, m, { engine: { maxBatch: 2 } });
    const first = await queueFind(dev, m.user.id, { title: 'Hammered penny' });
    const comment = await queueComment(dev, m.user.id, first, 'Edward I, nice one');
    await like(dev, m.user.id, first);
    const second = await queueFind(dev, m.user.id, { title: 'Lead token' }, await jpegBytes(2));

    const report = await dev.engine.sync();

    expect(report).toMatchObject({ outcome: 'synced', applied: 4, rejected: 0 });
    expect((await findsOf(m.user.id)).map((f) => f.title)).toEqual(['Hammered penny', 'Lead token']);
    expect((await findsOf(m.user.id))[0]).toMatchObject({ likes: 1, comments: 1 });
    expect(await dev.db.outbox.count()).toBe(0);
    expect((await dev.db.finds.get(first))?.id).toEqual(expect.any(Number));
    expect((await dev.db.finds.get(second))?.imageUrl).toMatch(/^\/uploads\//);
    expect((await dev.db.find_comments.get(comment))?.id).toEqual(expect.any(Number));
    expect(await dev.db.find_likes.get(first)).toBeDefined();
    // Each photo was stored before the first push that named it.
    const firstPush = dev.requests.indexOf('POST /api/sync/push');
    const firstUpload = dev.requests.findIndex((r) => r.startsWith('PUT /api/sync/blobs/'));
    expect(firstUpload).toBeGreaterThanOrEqual(0);
    expect(firstUpload).toBeLessThan(firstPush);
    expect(dev.requests.filter((r) => r === 'POST /api/sync/push').length).toBeGreaterThanOrEqual(2);
    expect(await dev.db.blobs.count()).toBe(0);
    await dev.close();
  });

  it('C2: unsent writes fold together; liking then unliking, or deleting an unsent find, leaves nothing to send', async () => {
    const m = await member(t, name('fold'));
    const dev = await device(t, m);
    const uid = await queueFind(dev, m.user.id, { title: 'Buckle' });
    await queueUpdate(dev, m.user.id, uid, { title: 'Medieval buckle', latitude: 52.1, longitude: 1.2 });
    const queued = await dev.db.outbox.toArray();
    expect(queued).toHaveLength(1);
    expect(queued[0]?.payload).toMatchObject({
      title: 'Medieval buckle',
      latitude: 52.1,
      imageSha256: expect.any(String),
    });
    expect((await dev.db.finds.get(uid))?.title).toBe('Medieval buckle');

    await like(dev, m.user.id, uid);
    await like(dev, m.user.id, uid, false);
    expect(await dev.db.outbox.count()).toBe(1);

    await queueComment(dev, m.user.id, uid, 'Where was this?');
    await writeLocal(dev.db, { entity: 'finds', op: 'delete', uid, userId: m.user.id });
    expect(await dev.db.outbox.count()).toBe(0);
    expect(await dev.db.finds.count()).toBe(0);
    expect(await dev.db.find_comments.count()).toBe(0);
    expect(await dev.db.blobs.count()).toBe(0);
    await dev.close();
  });

  it('C4 S3: a lost answer is replayed unchanged, answered duplicate, and leaves exactly one row', async () => {
    const m = await member(t, name('replay'));
    let dropped = 0;
    const dropFirstAnswer =
      (inner: FetchLike): FetchLike =>
      async (input, init) => {
        const res = await inner(input, init);
        if (input.startsWith('/api/sync/push') && dropped++ === 0) throw new TypeError('Failed to fetch');
        return res;
      };
    const dev = await device(t, m, { wrap: dropFirstAnswer });
    const uid = await queueFind(dev, m.user.id, { title: 'Thimble' });

    expect((await dev.engine.sync()).outcome).toBe('retry');
    expect(await findsOf(m.user.id)).toHaveLength(1);
    const [kept] = await dev.db.outbox.toArray();
    expect(kept).toMatchObject({ status: 'pending', sent: true });

    // The create may already be on the server, so a later edit is queued beside it, not merged into it.
    await queueUpdate(dev, m.user.id, uid, { description: 'Brass, pierced' });
    expect(await dev.db.outbox.count()).toBe(2);

    expect(await dev.engine.sync()).toMatchObject({ outcome: 'synced', applied: 2 });
    expect(await findsOf(m.user.id)).toEqual([
      expect.objectContaining({ uid, title: 'Thimble', description: 'Brass, pierced' }),
    ]);
    await dev.close();
  });

  it('C7 S5 S8: a rejection is kept with the server message, later writes still go, and editing or retrying fixes it', async () => {
    const m = await member(t, name('reject'));
    const dev = await device(t, m);
    const bad = await queueFind(dev, m.user.id, { title: 'ab' });
    const comment = await queueComment(dev, m.user.id, bad, 'Lovely patina');
    const good = await queueFind(dev, m.user.id, { title: 'Spindle whorl' }, await jpegBytes(3));

    expect(await dev.engine.sync()).toMatchObject({ applied: 1, rejected: 2 });
    const byUid = new Map((await dev.db.outbox.toArray()).map((o) => [o.uid, o]));
    expect(byUid.get(bad)).toMatchObject({
      status: 'rejected',
      lastError: { code: 'validation-failed', message: findMessages.titleTooShort },
    });
    expect(byUid.get(comment)).toMatchObject({
      status: 'rejected',
      lastError: { code: 'parent-missing', message: findMessages.notFound },
    });
    expect((await findsOf(m.user.id)).map((f) => f.uid)).toEqual([good]);
    // The member still sees their find: nothing they wrote disappears because the server refused it.
    expect(await dev.db.finds.get(bad)).toMatchObject({ title: 'ab' });

    // Edit: the fix merges into the rejected create, which goes back in the queue under the same id.
    await queueUpdate(dev, m.user.id, bad, { title: 'Abbey token' });
    expect(await dev.engine.sync()).toMatchObject({ applied: 1 });
    await retryMutation(dev.db, (await dev.db.outbox.toArray())[0]?.mutationId ?? '');
    expect(await dev.engine.sync()).toMatchObject({ applied: 1, rejected: 0 });
    expect(await dev.db.outbox.count()).toBe(0);
    expect(await findsOf(m.user.id)).toEqual([
      expect.objectContaining({ uid: good }),
      expect.objectContaining({ uid: bad, title: 'Abbey token', comments: 1 }),
    ]);
    await dev.close();
  });

  it('C8: discarding a rejected create removes the record, its queued comment and its photo', async () => {
    const m = await member(t, name('discard'));
    const dev = await device(t, m);
    const bad = await queueFind(dev, m.user.id, { location: 'x' });
    await queueComment(dev, m.user.id, bad, 'Nice');
    await dev.engine.sync();
    const rejected = (await dev.db.outbox.toArray()).find((o) => o.uid === bad);
    expect(rejected?.lastError?.message).toBe(findMessages.locationRequired);
    await discardMutation(dev.db, rejected?.mutationId ?? '');
    expect(await dev.db.outbox.count()).toBe(0);
    expect(await dev.db.finds.get(bad)).toBeUndefined();
    expect(await dev.db.find_comments.where('findUid').equals(bad).count()).toBe(0);
    expect(await dev.db.blobs.count()).toBe(0);
    await dev.close();
  });

  it('C9 S13 S17: a pulled row never undoes a queued edit; tombstones remove finds and their comments elsewhere', async () => {
    const m = await member(t, name('tomb'));
    const phone = await device(t, m);
    const laptop = await device(t, m);
    const uid = await queueFind(phone, m.user.id, { title: 'Musket ball' });
    await queueComment(phone, m.user.id, uid, 'Civil war?');
    await phone.engine.sync();
    await laptop.engine.sync();
    expect(await laptop.db.finds.get(uid)).toMatchObject({ title: 'Musket ball' });
    expect(await laptop.db.find_comments.where('findUid').equals(uid).count()).toBe(1);

    await queueUpdate(laptop, m.user.id, uid, { description: 'Lead, 0.69 calibre' }); // offline on the laptop
    await queueUpdate(phone, m.user.id, uid, { title: 'Lead musket ball' });
    await phone.engine.sync();
    await pullAll({ db: laptop.db, fetch: laptop.fetch, viewerId: m.user.id });
    expect(await laptop.db.finds.get(uid)).toMatchObject({
      title: 'Lead musket ball',
      description: 'Lead, 0.69 calibre',
    });
    await laptop.engine.sync();
    expect(await findsOf(m.user.id)).toEqual([
      expect.objectContaining({ title: 'Lead musket ball', description: 'Lead, 0.69 calibre' }),
    ]);

    await writeLocal(phone.db, { entity: 'finds', op: 'delete', uid, userId: m.user.id });
    await phone.engine.sync();
    await laptop.engine.sync();
    expect(await laptop.db.finds.get(uid)).toBeUndefined();
    expect(await laptop.db.find_comments.where('findUid').equals(uid).count()).toBe(0);
    await Promise.all([phone.close(), laptop.close()]);
  });

  it('C5 S9: a photo upload that fails or arrives cut short is sent again; nothing is lost', async () => {
    const m = await member(t, name('photo'));
    let puts = 0;
    const flakyUploads =
      (inner: FetchLike): FetchLike =>
      async (input, init) => {
        if (init?.method === 'PUT') {
          puts += 1;
          if (puts === 1) throw new TypeError('Failed to fetch');
          // The second attempt arrives truncated: the server answers hash-mismatch.
          if (puts === 2 && init.body instanceof Uint8Array)
            return inner(input, { ...init, body: init.body.slice(0, 100) });
        }
        return inner(input, init);
      };
    const dev = await device(t, m, { wrap: flakyUploads });
    const uid = await queueFind(dev, m.user.id, { title: 'Crotal bell' }, await jpegBytes(99));

    expect((await dev.engine.sync()).outcome).toBe('retry');
    expect((await dev.engine.sync()).outcome).toBe('retry');
    expect(await dev.db.outbox.toArray()).toEqual([
      expect.objectContaining({ status: 'pending', sent: false }),
    ]);
    expect(await dev.db.blobs.toArray()).toEqual([expect.objectContaining({ uploaded: false })]);
    expect(await findsOf(m.user.id)).toHaveLength(0);

    expect(await dev.engine.sync()).toMatchObject({ outcome: 'synced', applied: 1 });
    expect(await findsOf(m.user.id)).toEqual([expect.objectContaining({ uid })]);
    expect((await dev.db.finds.get(uid))?.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    await dev.close();
  });

  it('C6 S18: an expired session pauses the outbox with "Sign in to sync" until the member signs in again', async () => {
    const m = await member(t, name('expiry'));
    const dev = await device(t, m);
    await queueFind(dev, m.user.id, { title: 'Roman brooch' });
    dev.cookie = 'dq_session=expired';

    expect(await dev.engine.sync()).toMatchObject({ outcome: 'paused', error: SIGN_IN_TO_SYNC });
    expect(dev.engine.status.phase).toBe('paused');
    const before = dev.requests.length;
    expect((await dev.engine.sync()).outcome).toBe('paused');
    expect(dev.requests.length).toBe(before); // no request until the session changes
    expect(await dev.db.outbox.toArray()).toEqual([expect.objectContaining({ status: 'pending' })]);

    await dev.signIn(m);
    expect(await dev.engine.sync()).toMatchObject({ outcome: 'synced', applied: 1 });
    expect(await findsOf(m.user.id)).toHaveLength(1);
    await dev.close();
  });

  it("C6: a member's queue is never pushed under another member's session", async () => {
    const owner = await member(t, name('owner'));
    const other = await member(t, name('other'));
    const dev = await device(t, owner);
    await queueFind(dev, owner.user.id, { title: 'Owner find' });
    await dev.signIn(other);
    await queueFind(dev, other.user.id, { title: 'Other find' }, await jpegBytes(4));

    expect(await dev.engine.sync()).toMatchObject({ outcome: 'synced', applied: 1 });
    expect(await findsOf(owner.user.id)).toHaveLength(0);
    expect(await findsOf(other.user.id)).toHaveLength(1);
    expect(await dev.db.outbox.toArray()).toEqual([
      expect.objectContaining({ userId: owner.user.id, status: 'pending' }),
    ]);

    await dev.signIn(owner);
    expect(await dev.engine.sync()).toMatchObject({ applied: 1 });
    expect(await findsOf(owner.user.id)).toHaveLength(1);
    await dev.close();
  });

  it('C11 S16: when the viewer changes, their exact coordinates and likes leave the device at once, even offline', async () => {
    const m = await member(t, name('private'));
    let online = true;
    const dev = await device(t, m, { engine: { isOnline: () => online } });
    const uid = await queueFind(dev, m.user.id, { title: 'Gold ring' });
    await queueUpdate(dev, m.user.id, uid, { latitude: 51.5, longitude: -0.12 });
    await like(dev, m.user.id, uid);
    await dev.engine.sync();
    expect(await dev.db.finds.get(uid)).toMatchObject({ latitude: 51.5, longitude: -0.12 });

    online = false;
    await dev.signIn(null);
    expect((await dev.engine.sync()).outcome).toBe('offline');
    const find = await dev.db.finds.get(uid);
    expect(find).toBeDefined();
    expect(find && 'latitude' in find).toBe(false);
    expect(await dev.db.find_likes.count()).toBe(0);

    online = true;
    await dev.signIn(m);
    await dev.engine.sync();
    expect(await dev.db.finds.get(uid)).toMatchObject({ latitude: 51.5 });
    expect(await dev.db.find_likes.get(uid)).toBeDefined();
    await dev.close();
  });

  it('S14 S15: anonymous visitors pull public finds with their finders, but no coordinates', async () => {
    const m = await member(t, name('public'));
    const dev = await device(t, m);
    const uid = await queueFind(dev, m.user.id, { title: 'Seal matrix' });
    await queueUpdate(dev, m.user.id, uid, { latitude: 50, longitude: 0 });
    await dev.engine.sync();
    const visitor = await device(t, null);
    expect((await visitor.engine.sync()).outcome).toBe('synced');
    const seen = await visitor.db.finds.get(uid);
    expect(seen).toMatchObject({ title: 'Seal matrix', userId: m.user.id });
    expect(seen && 'latitude' in seen).toBe(false);
    expect(await visitor.db.users.get(m.user.id)).toMatchObject({ username: m.user.username });
    await Promise.all([dev.close(), visitor.close()]);
  });
});
