import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  categories,
  changeLog,
  comments,
  findComments,
  findLikes,
  finds,
  postLikes,
  posts,
  sessions,
  users,
} from '@schema/db/tables';
import { authMessages } from '@schema/contracts/auth';
import { MAX_IMAGE_BYTES } from '@schema/contracts/constants';
import { createTestApp, OFFICIAL_PASSWORD, type TestApp } from '../../test/harness';
import { pngBytes, pngDataUrl, SVG, sessionCookieOf } from './test-utils';
import { insertedRow } from '../../lib/query';

type Member = Awaited<ReturnType<TestApp['member']>>;

let t: TestApp;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  alice = await t.member('alice');
  bob = await t.member('bob');
});
afterAll(() => t.close());

const row = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

function avatarForm(field: string, content: Uint8Array | string, type: string, name = 'me.png'): FormData {
  const form = new FormData();
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  // A copy in a plain ArrayBuffer: the DOM typings refuse a Uint8Array over a possibly shared buffer.
  form.append(field, new File([new Uint8Array(bytes).buffer], name, { type }));
  return form;
}

describe('PUT and PATCH /api/users/{id}', () => {
  it('401s with the spec text when signed out', async () => {
    for (const method of ['PUT', 'PATCH']) {
      const res = await t.client().request(method, `/api/users/${alice.user.id}`, { bio: 'x' });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({
        message: 'You must be logged in to update your profile',
        code: 'unauthenticated',
      });
    }
  });

  it("403s for another member's account and changes nothing", async () => {
    const res = await alice.client.put(`/api/users/${bob.user.id}`, { bio: 'hacked' });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ message: 'Permission Denied', code: 'forbidden' });
    expect((await row(bob.user.id))?.bio).toBe("I'm a metal detecting enthusiast!");
    expect((await alice.client.patch('/api/users/not-an-id', { bio: 'x' })).status).toBe(403);
  });

  it('updates the own bio and answers the own record; a client-sent userId is ignored', async () => {
    const res = await alice.client.put(`/api/users/${alice.user.id}`, {
      bio: 'Saxon hoards',
      userId: bob.user.id,
      id: bob.user.id,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: alice.user.id,
      username: 'alice',
      email: 'alice@example.com',
      bio: 'Saxon hoards',
    });
    expect((await row(bob.user.id))?.bio).toBe("I'm a metal detecting enthusiast!");
  });

  it('PATCH changes only the fields sent', async () => {
    const res = await alice.client.patch(`/api/users/${alice.user.id}`, { bio: null });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ username: 'alice', email: 'alice@example.com', bio: null });
  });

  it('answers 400 for invalid fields and malformed JSON', async () => {
    const invalid = await alice.client.patch(`/api/users/${alice.user.id}`, { username: 'al', email: 'bad' });
    expect(invalid.status).toBe(400);
    expect(invalid.json.fields).toEqual({
      username: authMessages.usernameTooShort,
      email: authMessages.invalidEmail,
    });
    const malformed = await alice.client.patch(`/api/users/${alice.user.id}`, '{bio:');
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toBe('Invalid JSON body');
  });

  it('refuses a cross-site profile write with 403', async () => {
    const res = await alice.client.request(
      'PATCH',
      `/api/users/${alice.user.id}`,
      { bio: 'csrf' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('csrf-rejected');
    expect((await row(alice.user.id))?.bio).not.toBe('csrf');
  });

  describe('username', () => {
    it('409s for a name taken in any letter case', async () => {
      const res = await alice.client.patch(`/api/users/${alice.user.id}`, { username: 'BOB' });
      expect(res.status).toBe(409);
      expect(res.json.message).toBe("Username 'BOB' is already taken. Please choose a different username.");
    });

    it('400s for the reserved name', async () => {
      const res = await alice.client.patch(`/api/users/${alice.user.id}`, { username: 'digquestor' });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(authMessages.reservedUsername);
    });

    it('renames, and the generated avatar follows the new name', async () => {
      const res = await alice.client.patch(`/api/users/${alice.user.id}`, { username: 'Alice Digs' });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ username: 'Alice Digs', avatarUrl: '/avatars/Alice%20Digs.svg' });
      const back = await alice.client.patch(`/api/users/${alice.user.id}`, {
        username: 'alice',
        avatarUrl: '/avatars/Alice%20Digs.svg',
      });
      expect(back.json).toMatchObject({ username: 'alice', avatarUrl: '/avatars/alice.svg' });
    });

    it('lets a member change the letter case of their own name', async () => {
      const res = await bob.client.patch(`/api/users/${bob.user.id}`, { username: 'Bob' });
      expect(res.status).toBe(200);
      expect(res.json.username).toBe('Bob');
    });

    it('lets the official account keep its reserved name', async () => {
      const official = t.client();
      expect(
        (await official.post('/api/users/login', { username: 'DigQuestor', password: OFFICIAL_PASSWORD }))
          .status,
      ).toBe(200);
      const res = await official.put('/api/users/1', { username: 'DigQuestor', bio: 'News and guides' });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: 1, username: 'DigQuestor', bio: 'News and guides' });
    });
  });

  describe('email', () => {
    it('a new address must be verified again; a change of letter case keeps it verified', async () => {
      await t.db.update(users).set({ isEmailVerified: true }).where(eq(users.id, bob.user.id));
      const sameMailbox = await bob.client.patch(`/api/users/${bob.user.id}`, { email: 'BOB@example.com' });
      expect(sameMailbox.json).toMatchObject({ email: 'BOB@example.com', isEmailVerified: true });
      const moved = await bob.client.patch(`/api/users/${bob.user.id}`, {
        email: 'bob@new.example',
        currentPassword: bob.password,
      });
      expect(moved.status).toBe(200);
      expect(moved.json).toMatchObject({ email: 'bob@new.example', isEmailVerified: false });
    });
  });

  describe('password', () => {
    it("re-hashes, keeps this browser signed in and ends the member's other sessions", async () => {
      const carol = await t.member('carol', 'old-password');
      const laptop = t.client();
      expect(
        (await laptop.post('/api/users/login', { username: 'carol', password: 'old-password' })).status,
      ).toBe(200);
      const before = (await row(carol.user.id))?.password;

      const res = await carol.client.patch(`/api/users/${carol.user.id}`, {
        password: 'new-password',
        currentPassword: 'old-password',
      });
      expect(res.status).toBe(200);
      expect(res.json).not.toHaveProperty('password');
      expect((await row(carol.user.id))?.password).not.toBe(before);
      expect((await row(carol.user.id))?.password).toMatch(/^scrypt\$/);

      expect((await carol.client.get('/api/auth/user')).status).toBe(200);
      expect((await laptop.get('/api/auth/user')).status).toBe(401);
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, carol.user.id))).toHaveLength(1);
      expect(
        (await t.client().post('/api/users/login', { username: 'carol', password: 'old-password' })).status,
      ).toBe(401);
      expect(
        (await t.client().post('/api/users/login', { username: 'carol', password: 'new-password' })).status,
      ).toBe(200);
    });
  });

  describe('avatarUrl', () => {
    it('stores a data URL through storeImage', async () => {
      const res = await alice.client.put(`/api/users/${alice.user.id}`, { avatarUrl: await pngDataUrl(40) });
      expect(res.status).toBe(200);
      expect(res.json.avatarUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
      expect(fs.existsSync(path.join(t.dataDir, res.json.avatarUrl))).toBe(true);
    });

    it('keeps the avatar when the client echoes it or sends an external URL', async () => {
      const current = (await row(alice.user.id))?.avatarUrl;
      expect(
        (await alice.client.patch(`/api/users/${alice.user.id}`, { avatarUrl: current })).json.avatarUrl,
      ).toBe(current);
      expect(
        (
          await alice.client.patch(`/api/users/${alice.user.id}`, {
            avatarUrl: 'https://tracker.example/p.png',
          })
        ).json.avatarUrl,
      ).toBe(current);
    });

    it('answers 415 for a data URL that is not a picture (unlike registration, nothing is silently dropped)', async () => {
      const current = (await row(alice.user.id))?.avatarUrl;
      for (const avatarUrl of [
        `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`,
        'data:text/plain,hello',
        'data:image/png;base64,',
      ]) {
        const res = await alice.client.patch(`/api/users/${alice.user.id}`, { avatarUrl });
        expect(res.status).toBe(415);
        expect(res.json.code).toBe('unsupported-media-type');
      }
      expect((await row(alice.user.id))?.avatarUrl).toBe(current);
    });

    it('null goes back to the generated avatar', async () => {
      const res = await alice.client.patch(`/api/users/${alice.user.id}`, { avatarUrl: null });
      expect(res.json.avatarUrl).toBe('/avatars/alice.svg');
    });
  });
});

describe('POST /api/users/{id}/avatar', () => {
  it('stores the `avatar` part and answers the own record', async () => {
    const res = await bob.client.post(
      `/api/users/${bob.user.id}/avatar`,
      avatarForm('avatar', await pngBytes(64), 'image/png'),
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: bob.user.id, email: expect.any(String) });
    expect(res.json.avatarUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    expect((await row(bob.user.id))?.avatarUrl).toBe(res.json.avatarUrl);
    const served = await t.client().get(res.json.avatarUrl);
    expect(served.status).toBe(200);
  });

  it('also accepts the part named `file`', async () => {
    const res = await bob.client.post(
      `/api/users/${bob.user.id}/avatar`,
      avatarForm('file', await pngBytes(48, '#204060'), 'image/png'),
    );
    expect(res.status).toBe(200);
    expect(res.json.avatarUrl).toMatch(/^\/uploads\//);
  });

  it("400s 'Please select an image file' without a file", async () => {
    const empty = new FormData();
    empty.append('caption', 'no file');
    for (const body of [empty, avatarForm('avatar', new Uint8Array(), 'image/png')]) {
      const res = await bob.client.post(`/api/users/${bob.user.id}/avatar`, body);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('Please select an image file');
    }
    const json = await bob.client.post(`/api/users/${bob.user.id}/avatar`, { avatar: 'x' });
    expect(json.status).toBe(400);
  });

  it('415s for an SVG or a text file, whatever type the client claims', async () => {
    for (const form of [
      avatarForm('avatar', SVG, 'image/svg+xml', 'me.svg'),
      avatarForm('avatar', 'just text', 'image/png', 'me.png'),
    ]) {
      const res = await bob.client.post(`/api/users/${bob.user.id}/avatar`, form);
      expect(res.status).toBe(415);
      expect(res.json.code).toBe('unsupported-media-type');
    }
  });

  it('413s for a picture over 5 MB', async () => {
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1024);
    big.set(await pngBytes(8));
    const res = await bob.client.post(
      `/api/users/${bob.user.id}/avatar`,
      avatarForm('avatar', big, 'image/png'),
    );
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('Please upload an image smaller than 5MB.');
  });

  it("401s when signed out and 403s for another member's account", async () => {
    const bytes = await pngBytes(16);
    const signedOut = await t
      .client()
      .post(`/api/users/${bob.user.id}/avatar`, avatarForm('avatar', bytes, 'image/png'));
    expect(signedOut.status).toBe(401);
    expect(signedOut.json.message).toBe(authMessages.mustBeLoggedInToUpdate);
    const other = await alice.client.post(
      `/api/users/${bob.user.id}/avatar`,
      avatarForm('avatar', bytes, 'image/png'),
    );
    expect(other.status).toBe(403);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('401s with the spec text when signed out', async () => {
    const res = await t.client().del(`/api/users/${bob.user.id}`);
    expect(res.status).toBe(401);
    expect(res.json.message).toBe('You must be logged in to delete your account');
  });

  it("403s for another member's account", async () => {
    const res = await alice.client.del(`/api/users/${bob.user.id}`);
    expect(res.status).toBe(403);
    expect(await row(bob.user.id)).toBeDefined();
  });

  it('never deletes the default account', async () => {
    const official = t.client();
    await official.post('/api/users/login', { username: 'DigQuestor', password: OFFICIAL_PASSWORD });
    const res = await official.del('/api/users/1');
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ message: 'Cannot delete the default account', code: 'forbidden' });
    expect(await row(1)).toBeDefined();
  });

  it('deletes the own account, its sessions and rows, clears the cookie and fixes the counts it fed', async () => {
    const dan = await t.member('dan');
    const laptop = t.client();
    await laptop.post('/api/users/login', { username: 'dan', password: dan.password });
    // Alice's post, liked and commented on by Dan; and Dan's own post in another category.
    const [general, finds] = await t.db.select().from(categories).limit(2);
    if (!general || !finds) throw new Error('seed categories missing');
    const alicePost = await insertedRow(
      t.db
        .insert(posts)
        .values({
          uid: crypto.randomUUID(),
          title: 'A hammered penny',
          content: 'Found on stubble today',
          userId: alice.user.id,
          categoryId: general.id,
          likes: 1,
          comments: 1,
        })
        .returning(),
    );
    await t.db.insert(postLikes).values({ userId: dan.user.id, postId: alicePost.id });
    await t.db
      .insert(comments)
      .values({ uid: crypto.randomUUID(), content: 'Lovely!', userId: dan.user.id, postId: alicePost.id });
    await t.db.insert(posts).values({
      uid: crypto.randomUUID(),
      title: 'Dan post',
      content: 'Some content here',
      userId: dan.user.id,
      categoryId: finds.id,
    });
    await t.db.update(categories).set({ count: 1 }).where(eq(categories.id, finds.id));

    const res = await dan.client.del(`/api/users/${dan.user.id}`, { currentPassword: dan.password });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'Account Deleted' });
    expect(sessionCookieOf(res.headers)).toMatch(/Max-Age=0/i);

    expect(await row(dan.user.id)).toBeUndefined();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, dan.user.id))).toEqual([]);
    expect((await laptop.get('/api/auth/user')).status).toBe(401);
    expect(await t.db.select().from(posts).where(eq(posts.userId, dan.user.id))).toEqual([]);
    expect((await t.db.select().from(posts).where(eq(posts.id, alicePost.id)))[0]).toMatchObject({
      likes: 0,
      comments: 0,
    });
    expect((await t.db.select().from(categories).where(eq(categories.id, finds.id)))[0]?.count).toBe(0);

    expect((await t.client().get(`/api/users/${dan.user.id}`)).status).toBe(404);
    expect((await t.db.select().from(changeLog)).at(-1)).toMatchObject({
      entity: 'users',
      entityId: dan.user.id,
      op: 'delete',
    });
    const login = await t.client().post('/api/users/login', { username: 'dan', password: dan.password });
    expect(login.status).toBe(404);
    expect(login.json.accountNotFound).toBe(true);
  });

  it('tombstones the synced rows that went with the account and refreshes the finds whose counts moved', async () => {
    const erin = await t.member('erin');
    const find = async (userId: number, title: string) =>
      await insertedRow(
        t.db
          .insert(finds)
          .values({ uid: crypto.randomUUID(), title, userId, imageUrl: '/uploads/x.webp' })
          .returning(),
      );
    const erinsFind = await find(erin.user.id, 'Erin find');
    const alicesFind = await find(alice.user.id, 'Alice find');
    const onErins = await insertedRow(
      t.db
        .insert(findComments)
        .values({
          uid: crypto.randomUUID(),
          content: 'Nice one',
          userId: alice.user.id,
          findId: erinsFind.id,
        })
        .returning(),
    );
    const byErin = await insertedRow(
      t.db
        .insert(findComments)
        .values({
          uid: crypto.randomUUID(),
          content: 'Great find',
          userId: erin.user.id,
          findId: alicesFind.id,
        })
        .returning(),
    );
    await t.db.insert(findLikes).values([
      { userId: alice.user.id, findId: erinsFind.id },
      { userId: erin.user.id, findId: alicesFind.id },
    ]);
    await t.db.update(finds).set({ likes: 1, commentCount: 1 }).where(eq(finds.id, alicesFind.id));
    const from = (await t.db.select().from(changeLog)).at(-1)?.seq ?? 0;

    expect(
      (await erin.client.del(`/api/users/${erin.user.id}`, { currentPassword: erin.password })).status,
    ).toBe(200);

    expect((await t.db.select().from(finds).where(eq(finds.id, alicesFind.id)))[0]).toMatchObject({
      likes: 0,
      commentCount: 0,
    });
    const since = (await t.db.select().from(changeLog))
      .filter((r) => r.seq > from)
      .map(({ entity, entityId, uid, op }) => ({ entity, entityId, uid, op }));
    expect(since).toEqual(
      expect.arrayContaining([
        // The counters moved: the find's counts are logged, not the find (sync PROTOCOL.md S30).
        { entity: 'find_counts', entityId: alicesFind.id, uid: alicesFind.uid, op: 'upsert' },
        { entity: 'find_comments', entityId: onErins.id, uid: onErins.uid, op: 'delete' },
        { entity: 'find_comments', entityId: byErin.id, uid: byErin.uid, op: 'delete' },
        { entity: 'find_likes', entityId: alice.user.id, uid: erinsFind.uid, op: 'delete' },
        { entity: 'find_likes', entityId: erin.user.id, uid: alicesFind.uid, op: 'delete' },
        { entity: 'finds', entityId: erinsFind.id, uid: erinsFind.uid, op: 'delete' },
        { entity: 'users', entityId: erin.user.id, uid: null, op: 'delete' },
      ]),
    );
    expect(since).toHaveLength(7);
  });
});
