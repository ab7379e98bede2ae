import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordResetTokens, users } from '@schema/db/tables';
import { accountMessages, authMessages } from '@schema/contracts/auth';
import { createTestApp, type TestApp } from '../../test/harness';
import { requestFrom, sessionCookieOf, tokenFromMail } from './test-utils';

type Member = Awaited<ReturnType<TestApp['member']>>;
const past = () => new Date(Date.now() - 1000).toISOString();

describe('password reset', () => {
  let t: TestApp;
  let carol: Member;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    carol = await t.member('carol', 'old-password');
  });
  afterAll(() => t.close());

  /** Asks for a reset and returns the token of the mail it must have sent. */
  async function resetToken(email: string): Promise<string> {
    const before = t.mail.length;
    expect((await t.client().post('/api/users/reset-password', { email })).status).toBe(200);
    expect(t.mail.length).toBe(before + 1);
    return tokenFromMail(t, email, '/reset-password');
  }

  it('answers the same generic 200 whether or not the address has an account', async () => {
    const before = t.mail.length;
    const unknown = await t.client().post('/api/users/reset-password', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual({
      message: "If an account with that email exists, you'll receive password reset instructions.",
    });
    expect(t.mail.length).toBe(before);

    const known = await t.client().post('/api/users/reset-password', { email: 'CAROL@example.com' });
    expect(known.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    expect(t.mail.length).toBe(before + 1);
    expect(t.mail.at(-1)).toMatchObject({ to: 'carol@example.com', subject: 'Reset your DigQuest password' });
  });

  it('builds the link from PUBLIC_URL, never from the Host header', async () => {
    await t.member('hank');
    const before = t.mail.length;
    await t
      .client()
      .request(
        'POST',
        'http://evil.example/api/users/reset-password',
        { email: 'hank@example.com' },
        { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      );
    expect(t.mail.length).toBe(before + 1);
    const mail = t.mail.at(-1);
    expect(mail?.text).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}$/m);
    expect(mail?.text).not.toContain('evil.example');
  });

  it('stores only a hash of the token, expiring in an hour', async () => {
    const ivy = await t.member('ivy');
    const token = await resetToken('ivy@example.com');
    const stored = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, ivy.user.id));
    expect(stored).toHaveLength(1);
    expect(stored.map((r) => r.tokenHash)).not.toContain(token);
    const newest =
      stored
        .map((r) => Date.parse(r.expiresAt))
        .sort()
        .at(-1) ?? 0;
    expect(newest - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(newest - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it('400s an invalid address with the spec text', async () => {
    const res = await t.client().post('/api/users/reset-password', { email: 'not-an-address' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Please enter a valid email address');
  });

  it('resets the password once, signs the member out everywhere, and refuses the used link', async () => {
    const token = await resetToken('carol@example.com');

    const short = await t.client().post('/api/users/reset-password/confirm', { token, password: '123' });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe(authMessages.passwordTooShort);

    const done = await t
      .client()
      .post('/api/users/reset-password/confirm', { token, password: 'brand-new-password' });
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ message: authMessages.passwordResetDone });
    expect(sessionCookieOf(done.headers)).toBeNull();

    expect((await carol.client.get('/api/auth/user')).status).toBe(401);
    expect(
      (await t.client().post('/api/users/login', { username: 'carol', password: 'old-password' })).status,
    ).toBe(401);
    expect(
      (await t.client().post('/api/users/login', { username: 'carol', password: 'brand-new-password' }))
        .status,
    ).toBe(200);

    const reuse = await t
      .client()
      .post('/api/users/reset-password/confirm', { token, password: 'another-password' });
    expect(reuse.status).toBe(400);
    expect(reuse.json).toMatchObject({ message: authMessages.resetLinkInvalid, code: 'reset-link-invalid' });
    // Earlier links from the same mailbox died with this reset too.
    expect(
      (
        await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, carol.user.id))
      ).every((r) => r.usedAt !== null),
    ).toBe(true);
  });

  it('refuses unknown, empty and expired tokens', async () => {
    for (const body of [
      { token: 'made-up', password: 'whatever1' },
      { token: '', password: 'whatever1' },
      { password: 'whatever1' },
    ]) {
      const res = await t.client().post('/api/users/reset-password/confirm', body);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(authMessages.resetLinkInvalid);
    }
    await t.member('judy');
    const token = await resetToken('judy@example.com');
    await t.db.update(passwordResetTokens).set({ expiresAt: past() });
    const expired = await t
      .client()
      .post('/api/users/reset-password/confirm', { token, password: 'whatever1' });
    expect(expired.status).toBe(400);
    expect(expired.json.message).toBe(authMessages.resetLinkInvalid);
  });

  it('verifies the address, since opening the mailed link proves it', async () => {
    const ken = await t.member('ken');
    expect((await t.db.select().from(users).where(eq(users.id, ken.user.id)))[0]?.isEmailVerified).toBe(
      false,
    );
    const token = await resetToken('ken@example.com');
    expect(
      (await t.client().post('/api/users/reset-password/confirm', { token, password: 'third-password' }))
        .status,
    ).toBe(200);
    expect((await t.db.select().from(users).where(eq(users.id, ken.user.id)))[0]?.isEmailVerified).toBe(true);
  });
});

describe('reset and verification mail throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '5' });
    await t.member('flooded');
  });
  afterAll(() => t.close());

  it('sends at most 3 mails per address per window, answering the same 200 beyond that', async () => {
    const before = t.mail.length;
    for (let i = 0; i < 4; i++) {
      const res = await requestFrom(t, `198.51.100.${i}`, 'POST', '/api/users/reset-password', {
        email: 'flooded@example.com',
      });
      expect(res.status).toBe(200);
      expect(res.json.message).toBe(authMessages.resetSent);
    }
    expect(t.mail.length).toBe(before + 3);
  });

  it('429s one client asking too often', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (
          await requestFrom(t, '203.0.113.1', 'POST', '/api/users/reset-password', {
            email: `x${i}@example.com`,
          })
        ).status,
      ).toBe(200);
    const limited = await requestFrom(t, '203.0.113.1', 'POST', '/api/users/reset-password', {
      email: 'x9@example.com',
    });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ message: accountMessages.tooManyRequests, code: 'rate-limited' });
    for (let i = 0; i < 5; i++)
      expect(
        (
          await requestFrom(t, '203.0.113.1', 'POST', '/api/resend-verification', {
            email: `y${i}@example.com`,
          })
        ).status,
      ).toBe(200);
    expect(
      (await requestFrom(t, '203.0.113.1', 'POST', '/api/resend-verification', { email: 'y9@example.com' }))
        .status,
    ).toBe(429);
  });
});

describe('e-mail verification (REQUIRE_EMAIL_VERIFICATION=true)', () => {
  let t: TestApp;
  const dave = { username: 'dave', email: 'dave@example.com', password: 'daves-password' };
  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: 'true', LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  it('registers without a session and mails a 24-hour link', async () => {
    const c = t.client();
    const res = await c.post('/api/users/register', dave);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      username: 'dave',
      email: 'dave@example.com',
      isEmailVerified: false,
      emailVerificationRequired: true,
      message: accountMessages.verifyEmailToSignIn,
    });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await c.get('/api/auth/user')).status).toBe(401);

    const mail = t.mail.at(-1);
    expect(mail).toMatchObject({ to: 'dave@example.com', subject: 'Verify your DigQuest email address' });
    const token = tokenFromMail(t, 'dave@example.com', '/verify-email');
    const stored = (await t.db.select().from(users).where(eq(users.username, 'dave')))[0];
    expect(stored?.emailVerificationToken).not.toBe(token);
    expect(stored?.emailVerificationToken).toMatch(/^[0-9a-f]{64}$/);
    const ttl = Date.parse(stored?.emailVerificationExpires ?? '') - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * 60 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
  });

  it('refuses sign-in with 403 until verified, after checking the password', async () => {
    const res = await t.client().post('/api/users/login', { username: 'dave', password: dave.password });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      error: authMessages.emailVerificationRequired,
      message: authMessages.emailVerificationRequired,
      code: 'email-verification-required',
      emailVerificationRequired: true,
    });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(
      (await t.client().post('/api/users/login', { username: 'dave', password: 'wrong-password' })).status,
    ).toBe(401);
  });

  it('400s an unknown, missing or expired token', async () => {
    for (const url of ['/api/verify-email?token=nope', '/api/verify-email', '/api/verify-email?token=']) {
      const res = await t.client().get(url);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        message: authMessages.verificationInvalid,
        code: 'verification-invalid',
      });
    }
    const eve = await t
      .client()
      .post('/api/users/register', { username: 'eve', email: 'eve@example.com', password: 'eves-password' });
    const token = tokenFromMail(t, 'eve@example.com', '/verify-email');
    await t.db.update(users).set({ emailVerificationExpires: past() }).where(eq(users.id, eve.json.id));
    expect((await t.client().get(`/api/verify-email?token=${token}`)).status).toBe(400);
  });

  it('resend-verification: empty address 400s, any valid address gets the generic 200', async () => {
    const empty = await t.client().post('/api/resend-verification', { email: '' });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe('Please enter your email address.');
    const before = t.mail.length;
    const unknown = await t.client().post('/api/resend-verification', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual({ message: authMessages.verificationSent });
    expect(t.mail.length).toBe(before);
  });

  it('resend replaces the link; the new one verifies once and sign-in then works', async () => {
    const oldToken = tokenFromMail(t, 'dave@example.com', '/verify-email');
    const res = await t.client().post('/api/resend-verification', { email: 'Dave@Example.com' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: authMessages.verificationSent });
    const newToken = tokenFromMail(t, 'dave@example.com', '/verify-email');
    expect(newToken).not.toBe(oldToken);
    expect((await t.client().get(`/api/verify-email?token=${oldToken}`)).status).toBe(400);

    const ok = await t.client().get(`/api/verify-email?token=${newToken}`);
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({
      message: 'Email verified successfully',
      user: expect.objectContaining({ username: 'dave' }),
    });
    expect(ok.json.user).not.toHaveProperty('email');
    expect((await t.client().get(`/api/verify-email?token=${newToken}`)).status).toBe(400);

    const login = await t.client().post('/api/users/login', { username: 'dave', password: dave.password });
    expect(login.status).toBe(200);
    expect(login.json.isEmailVerified).toBe(true);
  });

  it('sends nothing for an address already verified', async () => {
    const before = t.mail.length;
    expect((await t.client().post('/api/resend-verification', { email: 'dave@example.com' })).status).toBe(
      200,
    );
    expect(t.mail.length).toBe(before);
  });

  it('a changed address is unverified and gets a fresh link', async () => {
    const c = t.client();
    await c.post('/api/users/login', { username: 'dave', password: dave.password });
    const res = await c.patch(`/api/users/${(await c.get('/api/auth/user')).json.id}`, {
      email: 'dave@new.example',
      currentPassword: dave.password,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ email: 'dave@new.example', isEmailVerified: false });
    const token = tokenFromMail(t, 'dave@new.example', '/verify-email');
    // Still signed in for now; the next sign-in needs the new address verified.
    expect((await c.get('/api/auth/user')).status).toBe(200);
    expect(
      (await t.client().post('/api/users/login', { username: 'dave', password: dave.password })).status,
    ).toBe(403);
    expect((await t.client().get(`/api/verify-email?token=${token}`)).status).toBe(200);
    expect(
      (await t.client().post('/api/users/login', { username: 'dave', password: dave.password })).status,
    ).toBe(200);
  });
});
