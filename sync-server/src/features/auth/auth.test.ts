import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, ne } from 'drizzle-orm';
import { changeLog, sessions, users } from '@schema/db/tables';
import { authMessages } from '@schema/contracts/auth';
import { createTestApp, OFFICIAL_PASSWORD, type TestApp } from '../../test/harness';
import { pngDataUrl, sessionCookieOf } from './test-utils';

const SELF_KEYS = ['avatarUrl', 'bio', 'created_at', 'email', 'id', 'isEmailVerified', 'username'];

describe('registration and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The per-address login limit would otherwise count every test's sign-in (they share no socket).
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  describe('POST /api/users/register', () => {
    it('creates the member, answers 201 with their own record and signs them in', async () => {
      const c = t.client();
      const res = await c.post('/api/users/register', {
        username: 'Alice',
        email: 'alice@example.com',
        password: 'secret-pass',
      });
      expect(res.status).toBe(201);
      expect(Object.keys(res.json).sort()).toEqual(SELF_KEYS);
      expect(res.json).toMatchObject({
        username: 'Alice',
        email: 'alice@example.com',
        isEmailVerified: false,
        bio: "I'm a metal detecting enthusiast!",
        avatarUrl: '/avatars/Alice.svg',
      });
      const me = await c.get('/api/auth/user');
      expect(me.status).toBe(200);
      expect(me.json).toEqual(res.json);
      const stored = (await t.db.select().from(users).where(eq(users.id, res.json.id)))[0];
      expect(stored?.password).toMatch(/^scrypt\$/);
      expect(stored?.password).not.toContain('secret-pass');
    });

    it('sets an HttpOnly, SameSite=Lax session cookie for the whole site', async () => {
      const c = t.client();
      const res = await c.post('/api/users/register', {
        username: 'cookie-check',
        email: 'cc@example.com',
        password: 'secret-pass',
      });
      const cookie = sessionCookieOf(res.headers);
      expect(cookie).not.toBeNull();
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\//);
      // Over plain http (the test PUBLIC_URL) the cookie cannot be Secure, or browsers would drop it.
      expect(cookie).not.toMatch(/Secure/i);
    });

    it('keeps the given bio and ignores fields the client may not set', async () => {
      const res = await t.client().post('/api/users/register', {
        username: 'biohazard',
        email: 'bio@example.com',
        password: 'secret-pass',
        bio: 'Roman coins mostly',
        id: 1,
        userId: 1,
        isEmailVerified: true,
      });
      expect(res.status).toBe(201);
      expect(res.json.id).not.toBe(1);
      expect(res.json).toMatchObject({ bio: 'Roman coins mostly', isEmailVerified: false });
    });

    it('refuses the reserved name in any letter case with 400', async () => {
      const res = await t.client().post('/api/users/register', {
        username: 'dIgQuEsToR',
        email: 'x@example.com',
        password: 'secret-pass',
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        message: 'DigQuestor is a reserved username. Please choose a different username.',
        code: 'validation-failed',
      });
    });

    it('refuses impersonations of the official account: hidden characters and lookalike letters', async () => {
      const attempts: Array<[string, string]> = [
        ['DigQuestor\u200B', authMessages.usernameHiddenCharacters],
        ['\u200BDigQuestor', authMessages.usernameHiddenCharacters],
        ['DigQuestor\u200E', authMessages.usernameHiddenCharacters],
        ['\u202EDigQuestor', authMessages.usernameHiddenCharacters],
        ['D\u0456gQuestor', authMessages.reservedUsername],
        ['DigQuest\u03BFr', authMessages.reservedUsername],
        ['DigQuest0r', authMessages.reservedUsername],
        ['\uFF24igQuestor', authMessages.reservedUsername],
      ];
      for (const [username, message] of attempts) {
        const res = await t.client().post('/api/users/register', {
          username,
          email: 'x@example.com',
          password: 'secret-pass',
        });
        expect(res.status, JSON.stringify(username)).toBe(400);
        expect(res.json.fields).toEqual({ username: message });
      }
      expect((await t.db.select().from(users)).filter((u) => /quest/i.test(u.username))).toHaveLength(1);
    });

    it('stores the NFKC form of a name, so the fullwidth and plain spellings are one name', async () => {
      const res = await t.client().post('/api/users/register', {
        username: '\uFF2Eorah',
        email: 'norah@example.com',
        password: 'secret-pass',
      });
      expect(res.status).toBe(201);
      expect(res.json.username).toBe('Norah');
      const again = await t.client().post('/api/users/register', {
        username: 'norah',
        email: 'n2@example.com',
        password: 'secret-pass',
      });
      expect(again.status).toBe(409);
      const signIn = await t
        .client()
        .post('/api/users/login', { username: '\uFF2Eorah', password: 'secret-pass' });
      expect(signIn.status).toBe(200);
    });

    it('refuses a taken name, ignoring case, with 409', async () => {
      const res = await t.client().post('/api/users/register', {
        username: 'ALICE',
        email: 'other@example.com',
        password: 'secret-pass',
      });
      expect(res.status).toBe(409);
      expect(res.json).toEqual({
        error: "Username 'ALICE' is already taken. Please choose a different username.",
        message: "Username 'ALICE' is already taken. Please choose a different username.",
        code: 'conflict',
      });
    });

    it('answers 409 to the loser of two simultaneous sign-ups for one name', async () => {
      const body = (email: string) => ({ username: 'racer', email, password: 'secret-pass' });
      const [a, b] = await Promise.all([
        t.client().post('/api/users/register', body('r1@example.com')),
        t.client().post('/api/users/register', body('r2@example.com')),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      expect((a.status === 409 ? a : b).json.message).toBe(authMessages.usernameTaken('racer'));
    });

    it('answers 400 with per-field messages for invalid input', async () => {
      const res = await t
        .client()
        .post('/api/users/register', { username: 'ab', email: 'nope', password: '123' });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('validation-failed');
      expect(res.json.fields).toEqual({
        username: 'Username must be at least 3 characters',
        email: 'Please enter a valid email address',
        password: 'Password must be at least 6 characters',
      });
      expect(res.headers.get('set-cookie')).toBeNull();
    });

    it('answers 400 to malformed JSON', async () => {
      const res = await t.client().post('/api/users/register', '{"username": "x",');
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ message: 'Invalid JSON body', code: 'validation-failed' });
    });

    it('stores a data-URL avatar through storeImage', async () => {
      const res = await t.client().post('/api/users/register', {
        username: 'pictured',
        email: 'p@example.com',
        password: 'secret-pass',
        avatarUrl: await pngDataUrl(),
      });
      expect(res.status).toBe(201);
      expect(res.json.avatarUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
      expect(fs.existsSync(path.join(t.dataDir, res.json.avatarUrl))).toBe(true);
    });

    it.each([
      [
        'an SVG data URL',
        `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`,
      ],
      ['a text data URL', 'data:text/plain,hello'],
      ['an undecodable data URL', 'data:image/png;base64,'],
      ['an external URL', 'https://avatars.example.com/me.png'],
      ['a script URL', 'javascript:alert(1)'],
      ['a path escaping our folders', '/uploads/..%2f..%2fapi%2fusers'],
      ['another site path', '/api/users/1'],
    ])('silently uses the default avatar for %s', async (_label, avatarUrl) => {
      const name = `silent-${Math.random().toString(36).slice(2, 8)}`;
      const res = await t.client().post('/api/users/register', {
        username: name,
        email: `${name}@example.com`,
        password: 'secret-pass',
        avatarUrl,
      });
      expect(res.status).toBe(201);
      expect(res.json.avatarUrl).toBe(`/avatars/${name}.svg`);
    });

    it('keeps a path we serve', async () => {
      const res = await t.client().post('/api/users/register', {
        username: 'pathkeeper',
        email: 'pk@example.com',
        password: 'secret-pass',
        avatarUrl: '/avatars/Someone.svg',
      });
      expect(res.json.avatarUrl).toBe('/avatars/Someone.svg');
    });
  });

  describe('POST /api/users/login', () => {
    let bob: Awaited<ReturnType<TestApp['member']>>;
    beforeAll(async () => {
      bob = await t.member('Bob', 'bobs-password');
    });

    it('signs in ignoring the letter case of the name and answers the own record', async () => {
      const c = t.client();
      const res = await c.post('/api/users/login', { username: '  bOB ', password: 'bobs-password' });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: bob.user.id, username: 'Bob', email: 'bob@example.com' });
      expect(sessionCookieOf(res.headers)).toMatch(/HttpOnly/i);
      expect((await c.get('/api/auth/user')).json.id).toBe(bob.user.id);
    });

    it('signs in the official account, its name normalised', async () => {
      const res = await t
        .client()
        .post('/api/users/login', { username: 'digquestor', password: OFFICIAL_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: 1, username: 'DigQuestor' });
    });

    it('answers 404 with accountNotFound for an unknown name', async () => {
      const res = await t.client().post('/api/users/login', { username: 'ghost', password: 'whatever' });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({
        error: authMessages.accountNotFound,
        message: authMessages.accountNotFound,
        code: 'account-not-found',
        accountNotFound: true,
      });
    });

    it('answers 401 for a wrong password and starts no session', async () => {
      const c = t.client();
      const res = await c.post('/api/users/login', { username: 'Bob', password: 'wrong-password' });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({
        message: 'Login failed. Invalid credentials.',
        code: 'invalid-credentials',
      });
      expect(res.headers.get('set-cookie')).toBeNull();
      expect((await c.get('/api/auth/user')).status).toBe(401);
    });

    it('answers 400 with the spec messages for missing fields', async () => {
      const res = await t.client().post('/api/users/login', { username: '', password: '' });
      expect(res.status).toBe(400);
      expect(res.json.fields).toEqual({ username: 'Username is required', password: 'Password is required' });
      const malformed = await t.client().post('/api/users/login', 'not json');
      expect(malformed.status).toBe(400);
    });

    it('replaces the session a browser already held', async () => {
      const c = t.client();
      await c.post('/api/users/login', { username: 'Bob', password: 'bobs-password' });
      const first = c.cookie;
      await c.post('/api/users/login', { username: 'Bob', password: 'bobs-password' });
      expect(c.cookie).not.toBe(first);
      const stale = t.client();
      stale.cookie = first;
      expect((await stale.get('/api/auth/user')).status).toBe(401);
    });

    it('refuses a cross-site write with 403 before anything else', async () => {
      const c = t.client();
      const evil = await c.request(
        'POST',
        '/api/users/login',
        { username: 'Bob', password: 'bobs-password' },
        { origin: 'https://evil.example' },
      );
      expect(evil.status).toBe(403);
      expect(evil.json).toMatchObject({ code: 'csrf-rejected' });
      expect(evil.headers.get('set-cookie')).toBeNull();
      const marked = await c.request(
        'POST',
        '/api/users/register',
        { username: 'csrfer', email: 'c@example.com', password: 'secret-pass' },
        { 'sec-fetch-site': 'cross-site' },
      );
      expect(marked.status).toBe(403);
      const own = await c.request(
        'POST',
        '/api/users/login',
        { username: 'Bob', password: 'bobs-password' },
        { origin: 'http://localhost:3000' },
      );
      expect(own.status).toBe(200);
    });
  });

  describe('GET /api/auth/user and POST /api/users/logout', () => {
    it('answers 401 when signed out', async () => {
      const res = await t.client().get('/api/auth/user');
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ message: 'No user is logged in', code: 'unauthenticated' });
    });

    it('ends the session on the server, not just in the browser', async () => {
      const { client } = await t.member('Leaver');
      const token = client.cookie;
      const before = (await t.db.select().from(sessions)).length;
      const res = await client.post('/api/users/logout');
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ message: 'Logged out successfully' });
      expect(sessionCookieOf(res.headers)).toMatch(/Max-Age=0/i);
      expect((await t.db.select().from(sessions)).length).toBe(before - 1);
      // The old cookie, replayed, opens nothing.
      const replay = t.client();
      replay.cookie = token;
      expect((await replay.get('/api/auth/user')).status).toBe(401);
    });

    it('answers 200 when already signed out', async () => {
      expect((await t.client().post('/api/users/logout')).status).toBe(200);
    });
  });
});

describe('change log (sync PROTOCOL.md S11)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // A registration also unlocks Early Bird, whose notification is logged after the profile: not read here.
  const lastChange = async () =>
    (
      await t.db
        .select()
        .from(changeLog)
        .where(ne(changeLog.entity, 'notifications'))
        .orderBy(desc(changeLog.seq))
    )[0];

  it('logs a registration and every change of public fields as a users upsert', async () => {
    const { client, user } = await t.member('logged');
    expect(await lastChange()).toMatchObject({ entity: 'users', entityId: user.id, uid: null, op: 'upsert' });
    const before = (await lastChange())?.seq ?? 0;
    await client.patch(`/api/users/${user.id}`, { bio: 'Changed' });
    expect(await lastChange()).toMatchObject({ entity: 'users', entityId: user.id, op: 'upsert' });
    expect((await lastChange())?.seq).toBeGreaterThan(before);
  });

  it('logs nothing for a refused change', async () => {
    const { client, user } = await t.member('refused');
    const before = (await lastChange())?.seq;
    expect((await client.patch(`/api/users/${user.id}`, { username: 'logged' })).status).toBe(409);
    expect((await lastChange())?.seq).toBe(before);
  });
});
