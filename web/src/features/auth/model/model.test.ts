import { describe, expect, it } from 'vitest';
import { authMessages } from '@schema/contracts/auth';
import { donationAmountSchema } from '@schema/contracts/donation';
import { ApiError } from '@web/lib/api';
import { donationMessages, resolveDonation } from './donation';
import { fieldErrorsFrom, loginErrorMessage, serverMessage } from './errors';
import { checkImageFile } from './files';
import { needsCurrentPassword, profileChanges } from './profile';

const err = (status: number, message: string, extra: Record<string, unknown> = {}) =>
  new ApiError(status, { error: message, message, code: 'x', ...extra }, message);

describe('loginErrorMessage', () => {
  it.each([
    [err(401, 'nope', { accountNotFound: true }), authMessages.accountNotFound],
    [err(403, 'nope', { emailVerificationRequired: true }), authMessages.emailVerificationRequired],
    [err(401, 'Invalid username or password'), authMessages.loginFailed],
    [err(429, authMessages.tooManyAttempts), authMessages.tooManyAttempts],
    [err(500, 'boom'), authMessages.loginWrapped],
    [new ApiError(0, null, 'offline'), authMessages.loginWrapped],
    [new Error('weird'), authMessages.loginWrapped],
  ])('maps %o', (error, text) => expect(loginErrorMessage(error)).toBe(text));
});

describe('serverMessage', () => {
  it('prefers a 4xx message and falls back otherwise', () => {
    expect(serverMessage(err(409, 'taken'), 'fallback')).toBe('taken');
    expect(serverMessage(err(503, 'down'), 'fallback')).toBe('fallback');
    expect(serverMessage(new ApiError(0, null, 'x'), 'fallback')).toBe('fallback');
  });
});

describe('fieldErrorsFrom', () => {
  const known = ['username', 'email', 'password'] as const;
  it('uses the body fields first', () => {
    expect(
      fieldErrorsFrom(err(400, 'bad', { fields: { email: 'bad email', other: 'x' } }), known, 'f'),
    ).toEqual({
      fields: { email: 'bad email' },
      form: null,
    });
  });
  it('places a message by the field it names', () => {
    expect(fieldErrorsFrom(err(409, authMessages.usernameTaken('bob')), known, 'f').fields.username).toBe(
      authMessages.usernameTaken('bob'),
    );
  });
  it('keeps other failures form-level', () => {
    expect(fieldErrorsFrom(err(429, 'slow down'), known, 'f')).toEqual({ fields: {}, form: 'slow down' });
    expect(fieldErrorsFrom(new ApiError(0, null, 'x'), known, 'f')).toEqual({ fields: {}, form: 'f' });
  });
});

describe('resolveDonation', () => {
  it.each([
    [{ option: 'skip', customAmount: '' }, { kind: 'skip' }],
    [
      { option: '5', customAmount: '' },
      { kind: 'paid', amount: 5 },
    ],
    [
      { option: '25', customAmount: '' },
      { kind: 'paid', amount: 25 },
    ],
    [
      { option: 'custom', customAmount: '12.345' },
      { kind: 'paid', amount: 12.35 },
    ],
    [
      { option: 'custom', customAmount: '' },
      { kind: 'invalid', message: donationMessages.invalidCustom },
    ],
    [
      { option: 'custom', customAmount: '0' },
      { kind: 'invalid', message: donationMessages.invalidCustom },
    ],
    [
      { option: 'custom', customAmount: 'abc' },
      { kind: 'invalid', message: donationMessages.invalidCustom },
    ],
  ] as const)('%o', (value, result) => expect(resolveDonation(value, donationAmountSchema)).toEqual(result));
});

describe('checkImageFile', () => {
  it('accepts images and refuses other types and oversize files', () => {
    expect(checkImageFile({ type: 'image/png', size: 10 })).toEqual({ ok: true });
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toMatchObject({
      ok: false,
      title: 'Invalid file type',
      description: 'Please select an image file',
    });
    expect(checkImageFile({ type: 'image/jpeg', size: 6 * 1024 * 1024 })).toMatchObject({
      ok: false,
      title: 'File too large',
    });
  });
});

describe('profileChanges', () => {
  const user = {
    id: 7,
    username: 'digger',
    email: 'd@example.com',
    avatarUrl: '',
    bio: null,
    created_at: '',
    isEmailVerified: true,
  };
  const base = { username: 'digger', email: 'd@example.com', bio: '', password: '', confirmPassword: '' };
  it('is empty when nothing changed', () => expect(profileChanges(user, base)).toEqual({}));
  it('carries only changed fields, trimmed', () => {
    expect(profileChanges(user, { ...base, username: ' dug ', bio: 'hi' })).toEqual({
      username: 'dug',
      bio: 'hi',
    });
  });
  it('sends a password only when both fields match', () => {
    expect(profileChanges(user, { ...base, password: 'secret1' })).toEqual({});
    expect(profileChanges(user, { ...base, password: 'secret1', confirmPassword: 'secret2' })).toEqual({});
    expect(profileChanges(user, { ...base, password: 'secret1', confirmPassword: 'secret1' })).toEqual({
      password: 'secret1',
    });
  });
  it('carries the current password only with a change that needs it', () => {
    const typed = { ...base, currentPassword: 'old-secret' };
    expect(profileChanges(user, { ...typed, bio: 'hi' })).toEqual({ bio: 'hi' });
    expect(profileChanges(user, { ...typed, password: 'secret1', confirmPassword: 'secret1' })).toEqual({
      password: 'secret1',
      currentPassword: 'old-secret',
    });
    expect(profileChanges(user, { ...typed, email: 'new@example.org' })).toEqual({
      email: 'new@example.org',
      currentPassword: 'old-secret',
    });
    // A change of letter case is the same mailbox: the server does not ask.
    expect(profileChanges(user, { ...typed, email: 'D@example.com' })).toEqual({ email: 'D@example.com' });
  });
  it('knows which changes need the current password', () => {
    expect(needsCurrentPassword(user, { bio: 'x', username: 'dug' })).toBe(false);
    expect(needsCurrentPassword(user, { password: 'secret1' })).toBe(true);
    expect(needsCurrentPassword(user, { email: 'new@example.org' })).toBe(true);
    expect(needsCurrentPassword(user, { email: 'D@EXAMPLE.com' })).toBe(false);
  });
});
