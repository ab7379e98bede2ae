/**
 * Changes that could take an account over need the current password (docs/product/accounts.md): a new
 * password, a new e-mail address, deleting the account. The old address is told of an e-mail change.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@schema/db/tables';
import { authMessages } from '@schema/contracts/auth';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  // Every in-process request shares one address: a high allowance keeps the tests apart.
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

const row = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
/** Mail is sent in the background: let it land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('a new password needs the current one', () => {
  it('400s on the currentPassword field when it is missing, and changes nothing', async () => {
    const m = await t.member('pw-missing', 'old-password');
    const before = (await row(m.user.id))?.password;
    const res = await m.client.patch(`/api/users/${m.user.id}`, { password: 'new-password' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      message: authMessages.currentPasswordForChange,
      fields: { currentPassword: authMessages.currentPasswordForChange },
    });
    expect((await row(m.user.id))?.password).toBe(before);
  });

  it('400s (not 401: the member is still signed in) for a wrong current password', async () => {
    const m = await t.member('pw-wrong', 'old-password');
    const res = await m.client.patch(`/api/users/${m.user.id}`, {
      password: 'new-password',
      currentPassword: 'not-my-password',
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: 'current-password-wrong',
      fields: { currentPassword: authMessages.currentPasswordWrong },
    });
    expect((await m.client.get('/api/auth/user')).status).toBe(200);
    expect(
      (await t.client().post('/api/users/login', { username: 'pw-wrong', password: 'old-password' })).status,
    ).toBe(200);
  });

  it('counts wrong current passwords like sign-in attempts, so a stolen session cannot guess', async () => {
    const limited3 = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
    const m = await limited3.member('pw-guess', 'old-password');
    for (const guess of ['guess-1', 'guess-2', 'guess-3']) {
      const res = await m.client.patch(`/api/users/${m.user.id}`, {
        password: 'new-pass',
        currentPassword: guess,
      });
      expect(res.status).toBe(400);
    }
    const limited = await m.client.patch(`/api/users/${m.user.id}`, {
      password: 'new-pass',
      currentPassword: 'old-password',
    });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ message: authMessages.tooManyAttempts });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    await limited3.close();
  });

  it('does not ask for it when the password is not being changed', async () => {
    const m = await t.member('pw-bio');
    expect((await m.client.patch(`/api/users/${m.user.id}`, { bio: 'Beach detecting' })).status).toBe(200);
  });
});

describe('a new e-mail address needs the current password, and the old address is told', () => {
  it('400s without it and keeps the address', async () => {
    const m = await t.member('mail-missing');
    const res = await m.client.patch(`/api/users/${m.user.id}`, { email: 'elsewhere@example.org' });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ currentPassword: authMessages.currentPasswordForChange });
    expect((await row(m.user.id))?.email).toBe('mail-missing@example.com');
  });

  it('400s for a wrong one', async () => {
    const m = await t.member('mail-wrong');
    const res = await m.client.patch(`/api/users/${m.user.id}`, {
      email: 'elsewhere@example.org',
      currentPassword: 'nope-nope',
    });
    expect(res.status).toBe(400);
    expect((await row(m.user.id))?.email).toBe('mail-wrong@example.com');
  });

  it('changes it with the right one and mails the old address, showing the new one masked', async () => {
    const m = await t.member('mail-moved');
    const res = await m.client.patch(`/api/users/${m.user.id}`, {
      email: 'newbox@example.org',
      currentPassword: m.password,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ email: 'newbox@example.org' });
    await settle();
    const notice = t.mail.find((mail) => mail.to === 'mail-moved@example.com');
    expect(notice?.subject).toBe('Your DigQuest email address was changed');
    expect(notice?.text).toContain('new***@e***.org');
    expect(notice?.text).not.toContain('newbox@example.org');
  });

  it('needs no password and sends no notice for a change of letter case (the same mailbox)', async () => {
    const m = await t.member('mail-case');
    const res = await m.client.patch(`/api/users/${m.user.id}`, { email: 'MAIL-CASE@example.com' });
    expect(res.status).toBe(200);
    await settle();
    expect(t.mail.filter((mail) => mail.to.toLowerCase() === 'mail-case@example.com')).toEqual([]);
  });
});

describe('deleting the account needs the current password', () => {
  it('400s without a body or with an empty password, and keeps the account', async () => {
    const m = await t.member('del-missing');
    for (const body of [undefined, {}, { currentPassword: '' }]) {
      const res = await m.client.del(`/api/users/${m.user.id}`, body);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        message: authMessages.currentPasswordForDeletion,
        fields: { currentPassword: authMessages.currentPasswordForDeletion },
      });
    }
    expect(await row(m.user.id)).toBeDefined();
  });

  it('400s for a wrong password, and keeps the account and the session', async () => {
    const m = await t.member('del-wrong');
    const res = await m.client.del(`/api/users/${m.user.id}`, { currentPassword: 'wrong-password' });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ currentPassword: authMessages.currentPasswordWrong });
    expect(await row(m.user.id)).toBeDefined();
    expect((await m.client.get('/api/auth/user')).status).toBe(200);
  });

  it('deletes with the right password', async () => {
    const m = await t.member('del-right');
    const res = await m.client.del(`/api/users/${m.user.id}`, { currentPassword: m.password });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'Account Deleted' });
    expect(await row(m.user.id)).toBeUndefined();
  });

  it("still 403s for another member's account before asking for any password", async () => {
    const m = await t.member('del-other');
    const res = await m.client.del('/api/users/1', { currentPassword: 'whatever' });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(authMessages.cannotDeleteDefault);
  });
});
