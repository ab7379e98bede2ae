/**
 * The forum's local writes through the real sync engine and the real server in-process
 * (docs/testing.md#layers, PROTOCOL.md S19–S24): posts written offline reach the server and other devices;
 * promotions, comments and deletes make the round trip; a refused post keeps the server's message and is
 * fixed in the outbox.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumMessages } from '@schema/contracts/forum';
import type { LocalPost, LocalPostComment } from '@web/db/database';
import { createTestApp, device, jpegBytes, member, serverRows, type TestApp } from '@web/sync/test-utils';
import {
  addComment,
  changeQueuedPostCategory,
  createPost,
  deleteComment,
  deletePost,
  editComment,
  setPromoted,
} from './hooks/forum-writes';

let t: TestApp;
let n = 0;
const name = (prefix: string) => `${prefix}${++n}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const serverPost = async (uid: string) =>
  (
    await serverRows(
      t,
      `SELECT id, title, likes, comments, category_id AS "categoryId", image_url AS "imageUrl" FROM posts WHERE uid = '${uid}'`,
    )
  )[0];
const values = (title: string, categoryId = 1) => ({
  title,
  content: 'Found a cut half of an Edward I penny this morning.',
  categoryId,
});

async function post(dev: Awaited<ReturnType<typeof device>>, uid: string): Promise<LocalPost> {
  const row = await dev.db.posts.get(uid);
  if (!row) throw new Error(`no local post ${uid}`);
  return row;
}

async function comment(dev: Awaited<ReturnType<typeof device>>, uid: string): Promise<LocalPostComment> {
  const row = await dev.db.comments.get(uid);
  if (!row) throw new Error(`no local comment ${uid}`);
  return row;
}

describe('forum writes through the sync engine against the real server', () => {
  it('S19 S21: a first pull holds every category; a post written offline syncs, and another member sees it', async () => {
    const author = await member(t, name('author'));
    const phone = await device(t, author);
    await phone.engine.sync();
    expect(await phone.db.categories.count()).toBeGreaterThan(0);
    const before = (await phone.db.categories.get(1))?.count ?? 0;

    const uid = await createPost(author.user, values('Hammered penny on stubble'), null, phone.db);
    expect(await phone.db.outbox.count()).toBe(1);
    expect((await phone.db.categories.get(1))?.count).toBe(before + 1);
    expect(await serverPost(uid)).toBeUndefined();

    expect(await phone.engine.sync()).toMatchObject({ outcome: 'synced', applied: 1, rejected: 0 });
    expect(await serverPost(uid)).toMatchObject({ title: 'Hammered penny on stubble' });
    expect((await post(phone, uid)).id).toEqual((await serverPost(uid))?.id);

    const visitor = await device(t, null);
    await visitor.engine.sync();
    expect(await visitor.db.posts.get(uid)).toMatchObject({
      title: 'Hammered penny on stubble',
      userId: author.user.id,
      categoryName: expect.any(String),
    });
    expect(await visitor.db.users.get(author.user.id)).toMatchObject({ username: author.user.username });
    await Promise.all([phone.close(), visitor.close()]);
  });

  it('S22 S24: a second member promotes and comments; counters come back from the server; promotions stay private', async () => {
    const author = await member(t, name('poster'));
    const reader = await member(t, name('reader'));
    const a = await device(t, author);
    const b = await device(t, reader);
    const uid = await createPost(author.user, values('Lead token from the river'), null, a.db);
    await a.engine.sync();
    await b.engine.sync();

    await setPromoted(reader.user, await post(b, uid), true, b.db);
    const commentUid = await addComment(reader.user, await post(b, uid), 'Lovely token, medieval?', b.db);
    expect(await post(b, uid)).toMatchObject({ likes: 1, comments: 1 });
    expect(await b.engine.sync()).toMatchObject({ applied: 2, rejected: 0 });
    expect(await serverPost(uid)).toMatchObject({ likes: 1, comments: 1 });

    await editComment(reader.user, await comment(b, commentUid), 'Lovely token, 15th century?', b.db);
    await b.engine.sync();
    await a.engine.sync();
    expect(await a.db.posts.get(uid)).toMatchObject({ likes: 1, comments: 1 });
    expect(await a.db.comments.get(commentUid)).toMatchObject({
      content: 'Lovely token, 15th century?',
      postUid: uid,
    });
    expect(await a.db.post_likes.count()).toBe(0);
    expect(await b.db.post_likes.get(uid)).toBeDefined();

    await setPromoted(reader.user, await post(b, uid), false, b.db);
    await deleteComment(reader.user, await comment(b, commentUid), b.db);
    await b.engine.sync();
    expect(await serverPost(uid)).toMatchObject({ likes: 0, comments: 0 });
    await Promise.all([a.close(), b.close()]);
  });

  it('S13: the author deletes the post; every device loses it and its comments', async () => {
    const author = await member(t, name('deleter'));
    const reader = await member(t, name('watcher'));
    const a = await device(t, author);
    const b = await device(t, reader);
    const uid = await createPost(author.user, values('Musket ball, civil war?'), null, a.db);
    await a.engine.sync();
    await b.engine.sync();
    const commentUid = await addComment(reader.user, await post(b, uid), 'Looks like 0.69 calibre', b.db);
    await b.engine.sync();
    await a.engine.sync();
    expect(await a.db.comments.get(commentUid)).toBeDefined();

    await deletePost(author.user, await post(a, uid), a.db);
    expect(await a.db.posts.get(uid)).toBeUndefined();
    expect(await a.db.comments.get(commentUid)).toBeUndefined();
    await a.engine.sync();
    expect(await serverPost(uid)).toBeUndefined();
    await b.engine.sync();
    expect(await b.db.posts.get(uid)).toBeUndefined();
    expect(await b.db.comments.get(commentUid)).toBeUndefined();
    await Promise.all([a.close(), b.close()]);
  });

  it('S23: a picture kept offline is uploaded first and the post names it', async () => {
    const author = await member(t, name('photo'));
    const dev = await device(t, author);
    const bytes = await jpegBytes(5);
    const uid = await createPost(
      author.user,
      values('Bronze Age axe head'),
      { kind: 'local', blob: new Blob([new Uint8Array(bytes)]), mime: 'image/jpeg' },
      dev.db,
    );
    expect((await post(dev, uid)).imageSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await dev.engine.sync()).toMatchObject({ applied: 1, rejected: 0 });
    expect((await serverPost(uid))?.imageUrl).toMatch(/^\/uploads\//);
    expect(await dev.db.blobs.count()).toBe(0);
    await dev.close();
  });

  it('S20: a post in a category that does not exist is refused with the form message, and fixed in the outbox', async () => {
    const author = await member(t, name('fixer'));
    const dev = await device(t, author);
    await dev.engine.sync();
    const uid = await createPost(author.user, values('Which category for tokens?', 9999), null, dev.db);
    const commentUid = await addComment(author.user, await post(dev, uid), 'Answering myself', dev.db);
    expect(await dev.engine.sync()).toMatchObject({ rejected: 2 });
    const byUid = new Map((await dev.db.outbox.toArray()).map((m) => [m.uid, m]));
    expect(byUid.get(uid)).toMatchObject({
      status: 'rejected',
      lastError: { code: 'validation-failed', message: forumMessages.categoryRequired },
    });
    expect(byUid.get(commentUid)).toMatchObject({
      status: 'rejected',
      lastError: { code: 'parent-missing' },
    });

    await changeQueuedPostCategory(author.user, await post(dev, uid), 1, dev.db);
    expect((await dev.db.outbox.toArray()).filter((m) => m.entity === 'posts')).toEqual([
      expect.objectContaining({ status: 'pending', op: 'create' }),
    ]);
    await dev.engine.sync();
    expect(await serverPost(uid)).toMatchObject({ categoryId: 1 });
    await dev.close();
  });
});
