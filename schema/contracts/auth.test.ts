import { describe, expect, it } from 'vitest';
import { fieldMessages } from './validation';
import {
  accountMessages,
  authMessages,
  isReservedUsername,
  loginSchema,
  newPasswordConfirmSchema,
  newPasswordSchema,
  profileFormSchema,
  profileUpdateSchema,
  registerSchema,
  resendVerificationSchema,
  resetRequestSchema,
  signUpFormSchema,
} from './auth';
import { BIO_MAX, EMAIL_MAX, OFFICIAL_USERNAME, PASSWORD_MAX, USERNAME_MAX } from './constants';

const errors = fieldMessages;

const ok = { username: 'alice', email: 'alice@example.com', password: 'secret1' };

describe('product texts (docs/product/accounts.md) are verbatim', () => {
  it.each([
    ['usernameRequired', 'Username is required'],
    ['passwordRequired', 'Password is required'],
    ['invalidEmail', 'Please enter a valid email address'],
    ['usernameTooShort', 'Username must be at least 3 characters'],
    ['passwordTooShort', 'Password must be at least 6 characters'],
    ['passwordsDontMatch', "Passwords don't match"],
    ['reservedUsername', 'DigQuestor is a reserved username. Please choose a different username.'],
    ['loginFailed', 'Login failed. Invalid credentials.'],
    [
      'accountNotFound',
      'Account not found. If you previously had an account, it may have been removed during cleanup. Please register a new account to continue using the product.',
    ],
    [
      'emailVerificationRequired',
      'Email verification required. Please check your inbox and click the verification link before logging in.',
    ],
    ['lookupNotFound', 'Account not found. Please use the Sign Up button to create an account first.'],
    ['lookupFailed', 'Unable to check user existence. Please try again.'],
    ['loginWrapped', 'Failed to log in. Please try again.'],
    ['resetFailed', 'Failed to send reset email'],
    ['resetSent', "If an account with that email exists, you'll receive password reset instructions."],
    ['registrationFailed', 'Registration failed'],
    ['createAccountFailed', 'Failed to create account. Please try again.'],
    ['noUserLoggedIn', 'No user is logged in'],
    ['updateProfileFailed', 'Failed to update user profile on server'],
    ['deleteAccountFailed', 'Failed to delete account'],
    ['mustBeLoggedInToUpdate', 'You must be logged in to update your profile'],
    ['mustBeLoggedInToDelete', 'You must be logged in to delete your account'],
    ['cannotDeleteDefault', 'Cannot delete the default account'],
    ['invalidFileType', 'Invalid file type'],
    ['selectImageFile', 'Please select an image file'],
    ['emailRequiredTitle', 'Email Required'],
    ['emailRequired', 'Please enter your email address.'],
  ] as const)('%s', (key, text) => {
    expect(authMessages[key]).toBe(text);
  });

  it('formats the taken-username message with the name', () => {
    expect(authMessages.usernameTaken('Bob')).toBe(
      "Username 'Bob' is already taken. Please choose a different username.",
    );
  });

  it('keeps the spec success text for deletion', () => {
    expect(accountMessages.accountDeleted).toBe('Account Deleted');
    expect(accountMessages.permissionDenied).toBe('Permission Denied');
  });

  it('names the limits in the messages the spec leaves open', () => {
    expect(authMessages.usernameTooLong).toContain(String(USERNAME_MAX));
    expect(authMessages.passwordTooLong).toContain(String(PASSWORD_MAX));
    expect(authMessages.bioTooLong).toContain(String(BIO_MAX));
  });
});

describe('isReservedUsername', () => {
  it('matches the official name ignoring case and surrounding spaces', () => {
    expect(OFFICIAL_USERNAME).toBe('DigQuestor');
    for (const name of ['DigQuestor', 'digquestor', 'DIGQUESTOR', '  DigQuestor '])
      expect(isReservedUsername(name)).toBe(true);
  });
  it('does not match names that merely contain it', () => {
    for (const name of ['DigQuestor2', 'theDigQuestor', 'DigQuest'])
      expect(isReservedUsername(name)).toBe(false);
  });
});

describe('loginSchema (docs/product/accounts.md#rules-and-messages)', () => {
  it('accepts a username and password and trims the username', () => {
    expect(loginSchema.parse({ username: ' alice ', password: 'x' })).toEqual({
      username: 'alice',
      password: 'x',
    });
  });
  it('requires the username', () => {
    expect(errors(loginSchema, { username: '', password: 'x' })).toEqual({
      username: 'Username is required',
    });
    expect(errors(loginSchema, { username: '   ', password: 'x' })).toEqual({
      username: 'Username is required',
    });
    expect(errors(loginSchema, { password: 'x' })).toEqual({ username: 'Username is required' });
  });
  it('requires the password', () => {
    expect(errors(loginSchema, { username: 'alice', password: '' })).toEqual({
      password: 'Password is required',
    });
    expect(errors(loginSchema, { username: 'alice' })).toEqual({ password: 'Password is required' });
  });
  it('bounds the password so hashing cannot be abused', () => {
    expect(errors(loginSchema, { username: 'alice', password: 'x'.repeat(PASSWORD_MAX + 1) })).toEqual({
      password: authMessages.passwordTooLong,
    });
  });
});

describe('resetRequestSchema (docs/product/accounts.md#rules-and-messages)', () => {
  it('accepts a valid address', () => {
    expect(resetRequestSchema.parse({ email: ' a@b.co ' })).toEqual({ email: 'a@b.co' });
  });
  it.each([[''], ['not-an-email'], ['a@'], [42], [undefined]])('refuses %j', (email) => {
    expect(errors(resetRequestSchema, { email })).toEqual({ email: 'Please enter a valid email address' });
  });
  it('refuses an over-long address', () => {
    expect(errors(resetRequestSchema, { email: `${'a'.repeat(EMAIL_MAX)}@b.co` })).toEqual({
      email: 'Please enter a valid email address',
    });
  });
});

describe('resendVerificationSchema (docs/product/accounts.md#rules-and-messages)', () => {
  it('says the address is required when empty', () => {
    expect(errors(resendVerificationSchema, { email: '' })).toEqual({
      email: 'Please enter your email address.',
    });
    expect(errors(resendVerificationSchema, { email: '  ' })).toEqual({
      email: 'Please enter your email address.',
    });
    expect(errors(resendVerificationSchema, {})).toEqual({ email: 'Please enter your email address.' });
  });
  it('still checks the address is valid', () => {
    expect(errors(resendVerificationSchema, { email: 'nope' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });
  it('accepts a valid address', () => {
    expect(resendVerificationSchema.parse({ email: 'a@b.co' })).toEqual({ email: 'a@b.co' });
  });
});

describe('registerSchema (POST /api/users/register)', () => {
  it('accepts the spec payload with optional avatar and bio', () => {
    expect(registerSchema.parse({ ...ok, avatarUrl: null, bio: 'Hi' })).toEqual({
      ...ok,
      avatarUrl: null,
      bio: 'Hi',
    });
    expect(registerSchema.parse(ok)).toEqual(ok);
  });
  it('needs a username of at least 3 characters (after trimming)', () => {
    expect(errors(registerSchema, { ...ok, username: 'ab' })).toEqual({
      username: 'Username must be at least 3 characters',
    });
    expect(errors(registerSchema, { ...ok, username: ' ab ' })).toEqual({
      username: 'Username must be at least 3 characters',
    });
    expect(registerSchema.parse({ ...ok, username: 'abc' }).username).toBe('abc');
  });
  it('bounds the username length and refuses control characters', () => {
    expect(errors(registerSchema, { ...ok, username: 'a'.repeat(USERNAME_MAX + 1) })).toEqual({
      username: authMessages.usernameTooLong,
    });
    expect(registerSchema.parse({ ...ok, username: 'a'.repeat(USERNAME_MAX) }).username).toHaveLength(
      USERNAME_MAX,
    );
    expect(errors(registerSchema, { ...ok, username: 'al\u0000ice' }).username).toBe(
      authMessages.usernameHiddenCharacters,
    );
  });
  it('refuses the reserved name, ignoring case', () => {
    expect(errors(registerSchema, { ...ok, username: 'digQUESTOR' })).toEqual({
      username: authMessages.reservedUsername,
    });
  });
  it('needs a valid e-mail address', () => {
    expect(errors(registerSchema, { ...ok, email: 'x' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });
  it('needs a password of at least 6 characters', () => {
    expect(errors(registerSchema, { ...ok, password: '12345' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(registerSchema.parse({ ...ok, password: '123456' }).password).toBe('123456');
  });
  it('bounds the bio', () => {
    expect(errors(registerSchema, { ...ok, bio: 'b'.repeat(BIO_MAX + 1) })).toEqual({
      bio: authMessages.bioTooLong,
    });
  });
  it('drops keys it does not know, such as a userId', () => {
    expect(registerSchema.parse({ ...ok, userId: 7, isEmailVerified: true })).toEqual(ok);
  });
});

describe('signUpFormSchema (the Sign Up dialog account step)', () => {
  const form = { ...ok, confirmPassword: 'secret1' };
  it('accepts matching passwords', () => {
    expect(signUpFormSchema.parse(form)).toEqual(form);
  });
  it('reports mismatched passwords on confirmPassword as "Passwords don\'t match"', () => {
    expect(errors(signUpFormSchema, { ...form, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });
  it('needs confirm password to be at least 6 characters too', () => {
    expect(errors(signUpFormSchema, { ...form, confirmPassword: '123' }).confirmPassword).toBe(
      'Password must be at least 6 characters',
    );
  });
  it('refuses the reserved name and short names', () => {
    expect(errors(signUpFormSchema, { ...form, username: 'DigQuestor' })).toEqual({
      username: authMessages.reservedUsername,
    });
    expect(errors(signUpFormSchema, { ...form, username: 'al' })).toEqual({
      username: authMessages.usernameTooShort,
    });
  });
});

describe('profileFormSchema (Edit Profile, docs/product/accounts.md#rules-and-messages)', () => {
  const form = { username: 'alice', email: 'alice@example.com', bio: '', password: '', confirmPassword: '' };
  it('accepts empty password fields (no change)', () => {
    expect(profileFormSchema.parse(form)).toEqual(form);
  });
  it('defaults a missing bio to empty', () => {
    const { bio: _bio, ...rest } = form;
    expect(profileFormSchema.parse(rest).bio).toBe('');
  });
  it('accepts matching new passwords with the current password', () => {
    expect(
      profileFormSchema.parse({
        ...form,
        password: 'newpass',
        confirmPassword: 'newpass',
        currentPassword: 'oldpass',
      }).password,
    ).toBe('newpass');
  });
  it('asks for the current password when a new one is set', () => {
    expect(errors(profileFormSchema, { ...form, password: 'newpass', confirmPassword: 'newpass' })).toEqual({
      currentPassword: authMessages.currentPasswordForChange,
    });
  });
  it('checks username length and e-mail', () => {
    expect(errors(profileFormSchema, { ...form, username: 'al' })).toEqual({
      username: 'Username must be at least 3 characters',
    });
    expect(errors(profileFormSchema, { ...form, email: 'bad' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });
  it('needs filled password fields to be at least 6', () => {
    expect(errors(profileFormSchema, { ...form, password: '123', confirmPassword: '123' })).toMatchObject({
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Password must be at least 6 characters',
    });
  });
  it('reports mismatch, and one filled field without the other, on confirmPassword', () => {
    expect(errors(profileFormSchema, { ...form, password: 'newpass', confirmPassword: 'other12' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(errors(profileFormSchema, { ...form, password: 'newpass' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(errors(profileFormSchema, { ...form, confirmPassword: 'newpass' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });
});

describe('profileUpdateSchema (PUT / PATCH /api/users/{id})', () => {
  it('accepts any subset of fields, including none', () => {
    expect(profileUpdateSchema.parse({})).toEqual({});
    expect(profileUpdateSchema.parse({ bio: 'Hello' })).toEqual({ bio: 'Hello' });
    expect(profileUpdateSchema.parse({ bio: null, avatarUrl: null })).toEqual({ bio: null, avatarUrl: null });
  });
  it('applies the registration rules to the fields it gets', () => {
    expect(errors(profileUpdateSchema, { username: 'al' })).toEqual({
      username: authMessages.usernameTooShort,
    });
    expect(errors(profileUpdateSchema, { email: 'bad' })).toEqual({ email: authMessages.invalidEmail });
    expect(errors(profileUpdateSchema, { password: '123' })).toEqual({
      password: authMessages.passwordTooShort,
    });
    expect(errors(profileUpdateSchema, { bio: 'b'.repeat(BIO_MAX + 1) })).toEqual({
      bio: authMessages.bioTooLong,
    });
  });
  it('lets the server decide about the reserved name (the official account keeps its own)', () => {
    expect(profileUpdateSchema.parse({ username: 'DigQuestor' })).toEqual({ username: 'DigQuestor' });
  });
  it('drops a client-sent userId and other unknown keys', () => {
    expect(profileUpdateSchema.parse({ userId: 99, id: 3, isEmailVerified: true, bio: 'x' })).toEqual({
      bio: 'x',
    });
  });
});

describe('newPasswordSchema (the /reset-password page)', () => {
  it('accepts a token and matching passwords', () => {
    const input = { token: 't', password: 'newpass', confirmPassword: 'newpass' };
    expect(newPasswordSchema.parse(input)).toEqual(input);
  });
  it('reports a missing token with the invalid-link text', () => {
    expect(errors(newPasswordSchema, { token: '', password: 'newpass', confirmPassword: 'newpass' })).toEqual(
      { token: authMessages.resetLinkInvalid },
    );
  });
  it('reports mismatched passwords', () => {
    expect(
      errors(newPasswordSchema, { token: 't', password: 'newpass', confirmPassword: 'newpas2' }),
    ).toEqual({ confirmPassword: "Passwords don't match" });
  });
});

describe('newPasswordConfirmSchema (POST /api/users/reset-password/confirm)', () => {
  it('accepts a token and a password', () => {
    expect(newPasswordConfirmSchema.parse({ token: 't', password: 'newpass', extra: 1 })).toEqual({
      token: 't',
      password: 'newpass',
    });
  });
  it('reports a missing or empty token as an invalid link', () => {
    expect(errors(newPasswordConfirmSchema, { password: 'newpass' })).toEqual({
      token: authMessages.resetLinkInvalid,
    });
    expect(errors(newPasswordConfirmSchema, { token: '', password: 'newpass' })).toEqual({
      token: authMessages.resetLinkInvalid,
    });
  });
  it('applies the password rule', () => {
    expect(errors(newPasswordConfirmSchema, { token: 't', password: '123' })).toEqual({
      password: authMessages.passwordTooShort,
    });
    expect(errors(newPasswordConfirmSchema, { token: 't' })).toEqual({
      password: authMessages.passwordTooShort,
    });
  });
});
