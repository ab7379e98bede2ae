/**
 * The current password, asked before changes that could take an account over (a new password, a new
 * e-mail address, deleting the account; docs/product/accounts.md).
 */
import { authMessages } from '@schema/contracts/auth';
import type { UserRow } from '../../lib/auth/session';
import { verifyPassword } from '../../lib/auth/password';
import { badRequest, HttpError } from '../../lib/errors';
import type { Throttles } from './throttle';

/** Where a password check happens: the client's address, for the same counters as sign-in. */
export interface PasswordCheck {
  throttles: Throttles;
  address: string;
}

/**
 * The member's current password, before a change that could take the account over: a borrowed phone or a
 * stolen session cookie must not be enough to lock the owner out. A missing or wrong password is a 400 on
 * the `currentPassword` field (never a 401, which means "signed out" to the web app). The checks count with
 * sign-in attempts, so a stolen session cannot be used to guess the password either.
 */
export async function confirmPassword(
  check: PasswordCheck,
  actor: UserRow,
  given: string | undefined,
  missingMessage: string,
): Promise<void> {
  if (!given) throw badRequest(missingMessage, { fields: { currentPassword: missingMessage } });
  const attempt = await check.throttles.passwords.begin(
    actor.username,
    check.address,
    authMessages.tooManyAttempts,
  );
  if (!(await verifyPassword(given, actor.password))) {
    throw new HttpError(400, 'current-password-wrong', authMessages.currentPasswordWrong, {
      fields: { currentPassword: authMessages.currentPasswordWrong },
    });
  }
  await attempt.succeeded();
}
