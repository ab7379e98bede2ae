/**
 * The member's own account (docs/product/accounts.md, docs/api.md): sign-up, sign-in, session, profile
 * changes, avatar, deletion, password reset and e-mail verification. Reading other members is
 * features/users. Handlers only read input and shape answers; the rules live in the services.
 */
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  accountMessages,
  authMessages,
  deleteAccountSchema,
  loginSchema,
  newPasswordConfirmSchema,
  profileUpdateSchema,
  usernameCheckSchema,
  registerSchema,
  resendVerificationSchema,
  resetRequestSchema,
} from '@schema/contracts/auth';
import { MAX_IMAGE_BYTES } from '@schema/contracts/constants';
import { toPublicUser, toSelfUser } from '@schema/contracts/users';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../env';
import { endSession, requireUser, SESSION_COOKIE, startSession, type UserRow } from '../../lib/auth/session';
import { hashToken } from '../../lib/auth/tokens';
import { badRequest, tooLarge } from '../../lib/errors';
import { IMAGE_TOO_LARGE_MESSAGE } from '../../lib/images';
import { parseWith, readJson } from '../../lib/validate';
import {
  confirmPasswordReset,
  requestPasswordReset,
  resendVerification,
  verifyEmail,
} from './recovery.service';
import { assertMayDeleteAccount, deleteAccount } from './deletion.service';
import { confirmPassword, type PasswordCheck } from './current-password';
import { checkUsernameForSignUp, login, register, revokeSession, setAvatar, updateProfile } from './service';
import { clientAddress, createThrottles } from './throttle';

/** A JSON body that may be absent (DELETE): none is `{}`, so the schema names what is missing. */
async function optionalJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('Invalid JSON body');
  }
}

/** `{id}` of an account: users have no uid, so anything but digits names no account (-1). */
const accountId = (raw: string) => (/^\d{1,15}$/.test(raw) ? Number(raw) : -1);

export function authRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const throttles = createThrottles(deps.db, deps.config);

  const passwordCheck = (c: Context<AppEnv>): PasswordCheck => ({ throttles, address: clientAddress(c) });
  const currentSessionHash = (c: Context<AppEnv>) => {
    const token = getCookie(c, SESSION_COOKIE);
    return token ? hashToken(token) : null;
  };
  /** A new session per sign-in; the one this browser held before is dropped, not left valid. */
  const signIn = async (c: Context<AppEnv>, user: UserRow) => {
    const previous = currentSessionHash(c);
    if (previous) await revokeSession(deps, previous);
    await startSession(c, deps.db, deps.config, user.id);
  };

  app.post('/users/register', async (c) => {
    const input = await readJson(c, registerSchema);
    const { user, verificationRequired } = await register(deps, throttles, clientAddress(c), input);
    if (verificationRequired) {
      return c.json(
        {
          ...toSelfUser(user),
          emailVerificationRequired: true,
          message: accountMessages.verifyEmailToSignIn,
        },
        201,
      );
    }
    await signIn(c, user);
    return c.json(toSelfUser(user), 201);
  });

  // Asked by the sign-up dialog before the donation step: 200, or register's own 400/409 for the name.
  app.post('/users/register/check', async (c) => {
    const { username } = await readJson(c, usernameCheckSchema);
    await checkUsernameForSignUp(deps, username);
    return c.json({ available: true });
  });

  app.post('/users/login', async (c) => {
    const input = await readJson(c, loginSchema);
    const user = await login(deps, throttles, clientAddress(c), input);
    await signIn(c, user);
    return c.json(toSelfUser(user));
  });

  app.post('/users/logout', async (c) => {
    await endSession(c, deps.db, deps.config);
    return c.json({ message: accountMessages.loggedOut });
  });

  app.get('/auth/user', (c) => c.json(toSelfUser(requireUser(c, authMessages.noUserLoggedIn))));
  // The app's start-up check (docs/api.md): being signed out is a normal state, not an error, so it is a
  // 200 with `user: null` rather than /auth/user's 401, which browsers log as a failed request.
  app.get('/auth/session', (c) => {
    const user = c.get('user');
    c.header('Cache-Control', 'no-store');
    return c.json({ user: user ? toSelfUser(user) : null });
  });

  const update = async (c: Context<AppEnv, '/users/:id'>) => {
    const actor = requireUser(c, authMessages.mustBeLoggedInToUpdate);
    const input = await readJson(c, profileUpdateSchema);
    const user = await updateProfile(
      deps,
      passwordCheck(c),
      actor,
      accountId(c.req.param('id')),
      input,
      currentSessionHash(c),
    );
    return c.json(toSelfUser(user));
  };
  app.put('/users/:id', update);
  app.patch('/users/:id', update);

  app.post('/users/:id/avatar', async (c) => {
    const actor = requireUser(c, authMessages.mustBeLoggedInToUpdate);
    let body: Record<string, string | File>;
    try {
      body = await c.req.parseBody();
    } catch {
      throw badRequest(authMessages.selectImageFile);
    }
    // The part is `avatar`; the older upload call used `file` (docs/product/accounts.md#api-calls).
    const file = body['avatar'] ?? body['file'];
    if (!(file instanceof File) || file.size === 0) throw badRequest(authMessages.selectImageFile);
    // storeImage checks this too; here it is answered before the part is read into memory.
    if (file.size > MAX_IMAGE_BYTES) throw tooLarge(IMAGE_TOO_LARGE_MESSAGE);
    const user = await setAvatar(deps, actor, accountId(c.req.param('id')), file);
    return c.json(toSelfUser(user));
  });

  app.delete('/users/:id', async (c) => {
    const actor = requireUser(c, authMessages.mustBeLoggedInToDelete);
    const targetId = accountId(c.req.param('id'));
    // Who may delete comes first (403 says nothing about another member's password), then the password.
    assertMayDeleteAccount(actor, targetId);
    const { currentPassword } = parseWith(deleteAccountSchema, await optionalJson(c));
    await confirmPassword(passwordCheck(c), actor, currentPassword, authMessages.currentPasswordForDeletion);
    await deleteAccount(deps, actor, targetId);
    // The sessions went with the account; this clears the cookie in the browser.
    await endSession(c, deps.db, deps.config);
    return c.json({ message: accountMessages.accountDeleted });
  });

  app.post('/users/reset-password', async (c) => {
    const { email } = await readJson(c, resetRequestSchema);
    await requestPasswordReset(deps, throttles, clientAddress(c), email);
    return c.json({ message: authMessages.resetSent });
  });

  app.post('/users/reset-password/confirm', async (c) => {
    const { token, password } = await readJson(c, newPasswordConfirmSchema);
    await confirmPasswordReset(deps, token, password);
    return c.json({ message: authMessages.passwordResetDone });
  });

  app.get('/verify-email', async (c) => {
    const user = await verifyEmail(deps, c.req.query('token'));
    return c.json({ message: accountMessages.emailVerified, user: toPublicUser(user) });
  });

  app.post('/resend-verification', async (c) => {
    const { email } = await readJson(c, resendVerificationSchema);
    await resendVerification(deps, throttles, clientAddress(c), email);
    return c.json({ message: authMessages.verificationSent });
  });

  return app;
}
