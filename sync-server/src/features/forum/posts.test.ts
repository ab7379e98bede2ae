/** Forum posts and categories over REST (docs/product/forum.md): anonymous, other-member and owner attempts at every write. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { comments, postLikes, posts } from '@schema/db/tables';
import { forumMessages, type Post } from '@schema/contracts/forum';
import { createTestApp, type TestApp } from '../../test/harness';
import { deleteOwnAccount, jpegBytes, newUid, signedIn, type TestClient } from '../../sync/test-fixtures';
import { categoryCount, categoryOf, createPost, errorOf, official, postBody } from './test-fixtures';
import { insertedRow } from '../../lib/query';

let t: TestApp;
let alice: { client: TestClient; user: { id: number } };
let bob: { client: TestClient; user: { id: number } };
let anon: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  alice = await signedIn(t, 'alice');
  bob = await signedIn(t, 'bob');
  anon = t.client();
});
afterEach(() => t.close());

const titles = (res: { json: Post[] }) => res.json.map((p) => p.title);

describe('POST /api/posts', () => {
  it('refuses visitors with the spec message and creates nothing', async () => {
    expect(errorOf(await anon.post('/api/posts', postBody()))).toEqual([
      401,
      'Please log in to create a post.',
    ]);
    expect(await t.db.select().from(posts)).toEqual([]);
    expect(await categoryCount(t, 1)).toBe(0);
  });

  it.each([
    [{ title: 'abcd' }, 'Title must be at least 5 characters'],
    [{ title: 'x'.repeat(101) }, 'Title cannot exceed 100 characters'],
    [{ content: 'too short' }, 'Content must be at least 10 characters'],
    [{ categoryId: null }, 'Please select a category'],
    [{ categoryId: '' }, 'Please select a category'],
    [{ imageUrl: 'https://tracker.example/pixel.gif' }, forumMessages.invalidImageUrl],
  ])('validates with the spec messages: %j', async (fields, message) => {
    const res = await alice.client.post('/api/posts', postBody(fields));
    expect(errorOf(res)).toEqual([400, message]);
    expect(res.json).toMatchObject({ error: message, code: 'validation-failed' });
  });

  it('S20: a category that does not exist is "Please select a category", and counts nothing', async () => {
    expect(errorOf(await alice.client.post('/api/posts', postBody({ categoryId: 999 })))).toEqual([
      400,
      'Please select a category',
    ]);
    expect(await t.db.select().from(posts)).toEqual([]);
  });

  it('creates a post authored by the session member whatever userId says, and counts it in its category', async () => {
    const res = await alice.client.post('/api/posts', postBody({ userId: bob.user.id, categoryId: 2 }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      userId: alice.user.id,
      username: 'alice',
      categoryId: 2,
      categoryName: 'Finds Identification',
      title: 'Hammered penny on stubble',
      imageUrl: null,
      comments: 0,
      views: 0,
      likes: 0,
    });
    expect(Object.keys(res.json).sort()).toEqual(
      [
        'id',
        'uid',
        'userId',
        'username',
        'categoryId',
        'categoryName',
        'title',
        'content',
        'imageUrl',
        'comments',
        'views',
        'likes',
        'created_at',
      ].sort(),
    );
    expect(res.text).not.toContain('@example.com');
    expect(await categoryCount(t, 2)).toBe(1);
    expect((await categoryOf(anon, 2)).count).toBe(1);
  });

  it('takes a picture uploaded with POST /api/upload-image, and only one this server stored', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await jpegBytes(4))], { type: 'image/jpeg' }), 'p.jpg');
    const upload = await alice.client.post('/api/upload-image', form);
    expect(upload.status).toBe(201);
    const post = await createPost(alice.client, { imageUrl: upload.json.imageUrl });
    expect(post.imageUrl).toBe(upload.json.imageUrl);
    const unknown = `/uploads/${'f'.repeat(64)}.webp`;
    expect(errorOf(await alice.client.post('/api/posts', postBody({ imageUrl: unknown })))).toEqual([
      400,
      forumMessages.invalidImageUrl,
    ]);
  });

  it('S4: a retried create with the same uid answers the same post; another member cannot claim the uid', async () => {
    const uid = newUid();
    const first = await alice.client.post('/api/posts', postBody({ uid }));
    const again = await alice.client.post('/api/posts', postBody({ uid }));
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.json.id).toBe(first.json.id);
    expect(await t.db.select().from(posts)).toHaveLength(1);
    expect(await categoryCount(t, 1)).toBe(1);
    expect((await bob.client.post('/api/posts', postBody({ uid }))).status).toBe(409);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    expect((await alice.client.post('/api/posts', '{"title":')).status).toBe(400);
  });
});

describe('GET /api/posts and /api/posts/{id}', () => {
  async function insertPost(title: string, extra: Partial<typeof posts.$inferInsert> = {}) {
    return insertedRow(
      t.db
        .insert(posts)
        .values({
          uid: newUid(),
          title,
          content: 'Some content here',
          userId: alice.user.id,
          categoryId: 1,
          ...extra,
        })
        .returning(),
    );
  }

  it('lists newest first by creation time, paged with X-Next-Cursor (default 20)', async () => {
    for (let i = 0; i < 22; i += 1)
      await insertPost(`Post ${i}`, { createdAt: new Date(Date.UTC(2025, 0, 1, i)).toISOString() });
    // Written later but dated earliest (an imported or seeded post): it sorts last.
    await insertPost('Oldest', { createdAt: '2024-06-01T00:00:00.000Z' });
    const first = await anon.get('/api/posts');
    expect(first.json).toHaveLength(20);
    expect(first.json[0].title).toBe('Post 21');
    const cursor = first.headers.get('x-next-cursor');
    const second = await anon.get(`/api/posts?cursor=${cursor}`);
    expect(titles(second)).toEqual(['Post 1', 'Post 0', 'Oldest']);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    expect((await anon.get('/api/posts?limit=3')).json).toHaveLength(3);
  });

  it('Most Popular sorts by views, paged', async () => {
    await insertPost('Quiet', { views: 1 });
    await insertPost('Busy', { views: 50 });
    await insertPost('Middling', { views: 7 });
    await insertPost('Also middling', { views: 7 });
    const first = await anon.get('/api/posts?sort=popular&limit=2');
    expect(titles(first)).toEqual(['Busy', 'Also middling']);
    const second = await anon.get(
      `/api/posts?sort=popular&limit=2&cursor=${first.headers.get('x-next-cursor')}`,
    );
    expect(titles(second)).toEqual(['Middling', 'Quiet']);
  });

  it('filters by category id or slug, and by member; My Posts needs a session', async () => {
    await createPost(alice.client, { title: 'Alice general' });
    await createPost(bob.client, { title: 'Bob detectors', categoryId: 3 });
    expect(titles(await anon.get('/api/posts?category=3'))).toEqual(['Bob detectors']);
    expect(titles(await anon.get('/api/posts?category=detectors-equipment'))).toEqual(['Bob detectors']);
    expect(titles(await anon.get('/api/posts?category=999'))).toEqual([]);
    expect(titles(await anon.get('/api/posts?category=no-such-slug'))).toEqual([]);
    expect(titles(await anon.get(`/api/posts?userId=${alice.user.id}`))).toEqual(['Alice general']);
    expect(titles(await bob.client.get('/api/posts?mine=1'))).toEqual(['Bob detectors']);
    expect(errorOf(await anon.get('/api/posts?mine=1'))).toEqual([401, forumMessages.loginForMyPosts]);
  });

  it('refuses bad parameters with 400', async () => {
    for (const query of [
      'sort=oldest',
      'cursor=garbage',
      'userId=abc',
      'limit=0',
      `cursor=${Buffer.from('{"at":5}').toString('base64url')}`,
    ]) {
      expect((await anon.get(`/api/posts?${query}`)).status).toBe(400);
    }
    const popularCursor = Buffer.from('{"views":1,"id":2}').toString('base64url');
    expect((await anon.get(`/api/posts?cursor=${popularCursor}`)).status).toBe(400);
  });

  it('answers one post by id or uid, without counting a view; a missing one is Post not found', async () => {
    const post = await createPost(alice.client);
    expect((await anon.get(`/api/posts/${post.id}`)).json).toEqual(post);
    expect((await anon.get(`/api/posts/${post.uid.toUpperCase()}`)).json.id).toBe(post.id);
    expect((await anon.get(`/api/posts/${post.id}`)).json.views).toBe(0);
    expect(errorOf(await anon.get('/api/posts/999'))).toEqual([404, 'Post not found']);
    expect((await anon.get('/api/posts/not-an-id')).status).toBe(400);
  });
});

describe('DELETE /api/posts/{id}', () => {
  it('refuses visitors and other members; a missing post is 404', async () => {
    const post = await createPost(alice.client);
    expect(errorOf(await anon.del(`/api/posts/${post.id}`))).toEqual([401, forumMessages.loginRequired]);
    expect(errorOf(await bob.client.del(`/api/posts/${post.id}?userId=${alice.user.id}`))).toEqual([
      403,
      'You can only delete your own posts.',
    ]);
    expect(errorOf(await alice.client.del('/api/posts/999'))).toEqual([404, 'Post not found']);
    expect((await anon.get(`/api/posts/${post.id}`)).status).toBe(200);
    expect(await categoryCount(t, 1)).toBe(1);
  });

  it('lets the author delete: comments and promotions go with it, the category count follows', async () => {
    const post = await createPost(alice.client, { categoryId: 4 });
    await bob.client.post('/api/comments', { postId: post.id, content: 'Nice one' });
    await bob.client.post(`/api/posts/${post.id}/like`);
    expect(await categoryCount(t, 4)).toBe(1);
    expect(await alice.client.del(`/api/posts/${post.uid}`)).toMatchObject({
      status: 200,
      json: { success: true, id: post.id },
    });
    expect(errorOf(await anon.get(`/api/posts/${post.id}`))).toEqual([404, 'Post not found']);
    expect(await t.db.select().from(comments)).toEqual([]);
    expect(await t.db.select().from(postLikes)).toEqual([]);
    expect(await categoryCount(t, 4)).toBe(0);
    expect((await alice.client.del(`/api/posts/${post.id}`)).status).toBe(404);
  });

  it('lets the official account delete any post as moderator', async () => {
    const post = await createPost(alice.client);
    expect((await (await official(t)).del(`/api/posts/${post.id}`)).status).toBe(200);
    expect((await anon.get(`/api/posts/${post.id}`)).status).toBe(404);
    expect(await categoryCount(t, 1)).toBe(0);
  });

  it('keeps category counts right when a member deletes their account', async () => {
    await createPost(alice.client, { categoryId: 5 });
    await createPost(bob.client, { categoryId: 5 });
    await createPost(bob.client, { categoryId: 6 });
    expect([await categoryCount(t, 5), await categoryCount(t, 6)]).toEqual([2, 1]);
    expect((await deleteOwnAccount(bob.client, bob.user.id)).status).toBe(200);
    expect([await categoryCount(t, 5), await categoryCount(t, 6)]).toEqual([1, 0]);
    expect((await anon.get('/api/categories')).json.find((c: { id: number }) => c.id === 5).count).toBe(1);
  });
});

describe('categories', () => {
  it('lists every category with its post count', async () => {
    await createPost(alice.client, { categoryId: 2 });
    const res = await anon.get('/api/categories');
    expect(res.status).toBe(200);
    expect(res.json.length).toBeGreaterThanOrEqual(6);
    expect(res.json[1]).toEqual({
      id: 2,
      name: 'Finds Identification',
      slug: 'finds-identification',
      description: expect.any(String),
      icon: 'search',
      count: 1,
    });
  });

  it('answers one category by id or slug; a missing one is 404', async () => {
    expect((await anon.get('/api/categories/1')).json.name).toBe('General Discussion');
    expect((await anon.get('/api/categories/beach-foreshore')).json.name).toBe('Beach & Foreshore');
    expect(errorOf(await anon.get('/api/categories/999'))).toEqual([404, 'Category not found']);
  });
});
