import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@schema/contracts/auth';
import { createTestApp, type TestApp } from '../../test/harness';

const PUBLIC_KEYS = ['avatarUrl', 'bio', 'created_at', 'id', 'username'];

let t: TestApp;
let alice: Awaited<ReturnType<TestApp['member']>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.member('Alice');
  for (const name of ['bob', 'carol', 'dave']) await t.member(name);
});
afterAll(() => t.close());

describe('GET /api/users', () => {
  it('lists members as public users in id order, with the total count', async () => {
    const res = await t.client().get('/api/users');
    expect(res.status).toBe(200);
    expect(res.json.map((u: { username: string }) => u.username)).toEqual([
      'DigQuestor',
      'Alice',
      'bob',
      'carol',
      'dave',
    ]);
    expect(res.headers.get('x-total-count')).toBe('5');
    expect(res.headers.get('x-next-cursor')).toBeNull();
    for (const user of res.json) expect(Object.keys(user).sort()).toEqual(PUBLIC_KEYS);
    expect(res.text).not.toContain('@example.com');
    expect(res.text).not.toContain('scrypt');
  });

  it('gives the official account and members without a picture the generated avatar', async () => {
    const res = await t.client().get('/api/users');
    expect(res.json[0]).toMatchObject({
      id: 1,
      username: 'DigQuestor',
      avatarUrl: '/avatars/DigQuestor.svg',
    });
    expect(res.json[1]).toMatchObject({
      username: 'Alice',
      avatarUrl: '/avatars/Alice.svg',
      bio: "I'm a metal detecting enthusiast!",
    });
    expect(Date.parse(res.json[1].created_at)).not.toBeNaN();
  });

  it('pages with limit and the X-Next-Cursor header', async () => {
    const c = t.client();
    const seen: number[] = [];
    let url = '/api/users?limit=2';
    for (let pages = 0; pages < 5; pages++) {
      const res = await c.get(url);
      expect(res.status).toBe(200);
      expect(res.json.length).toBeLessThanOrEqual(2);
      expect(res.headers.get('x-total-count')).toBe('5');
      seen.push(...res.json.map((u: { id: number }) => u.id));
      const next = res.headers.get('x-next-cursor');
      if (!next) break;
      url = `/api/users?limit=2&cursor=${next}`;
    }
    expect(seen).toHaveLength(5);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(new Set(seen).size).toBe(5);
  });

  it('refuses a bad limit or cursor with 400', async () => {
    const c = t.client();
    expect((await c.get('/api/users?limit=0')).status).toBe(400);
    expect((await c.get('/api/users?limit=abc')).status).toBe(400);
    const garbage = await c.get('/api/users?cursor=%%%');
    expect(garbage.status).toBe(400);
    const notANumber = await c.get(
      `/api/users?cursor=${Buffer.from(JSON.stringify('x')).toString('base64url')}`,
    );
    expect(notANumber.status).toBe(400);
    expect(notANumber.json).toMatchObject({ message: 'Invalid cursor', code: 'validation-failed' });
  });
});

describe('GET /api/users/{id}', () => {
  it('answers the public user', async () => {
    const res = await t.client().get(`/api/users/${alice.user.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: alice.user.id,
      username: 'Alice',
      avatarUrl: '/avatars/Alice.svg',
      bio: "I'm a metal detecting enthusiast!",
      created_at: expect.any(String),
    });
  });

  it('never carries the e-mail address, not even to the member themself', async () => {
    const res = await alice.client.get(`/api/users/${alice.user.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(PUBLIC_KEYS);
    expect(res.text).not.toContain('alice@example.com');
  });

  it("404s 'User not found' for a missing or non-numeric id", async () => {
    for (const id of ['9999', 'abc', '1.5']) {
      const res = await t.client().get(`/api/users/${id}`);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: 'User not found', message: 'User not found', code: 'not-found' });
    }
  });
});

describe('GET /api/users/by-username/{username}', () => {
  it('finds a member ignoring case', async () => {
    const res = await t.client().get('/api/users/by-username/aLiCe');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: alice.user.id, username: 'Alice' });
    expect(Object.keys(res.json).sort()).toEqual(PUBLIC_KEYS);
  });

  it('decodes the path segment', async () => {
    const res = await t.client().get(`/api/users/by-username/${encodeURIComponent('DigQuestor')}`);
    expect(res.json).toMatchObject({ id: 1 });
  });

  it('404s with the spec text for an unknown name', async () => {
    const res = await t.client().get('/api/users/by-username/nobody-here');
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ message: authMessages.lookupNotFound, code: 'not-found' });
  });
});
