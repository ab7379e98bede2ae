/**
 * E-mail links: address verification (24 h) and password reset (1 h, one use). The member holds a
 * random token; we store only its SHA-256 (lib/auth/tokens.ts), so a copy of the database opens nothing.
 * Links are built from config.publicUrl, never from the request's Host header, which an attacker could
 * set to their own site and so receive the token.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { passwordResetTokens, sessions, users } from '@schema/db/tables';
import { accountMessages, authMessages } from '@schema/contracts/auth';
import { PRODUCT_NAME } from '@schema/contracts/constants';
import { maskEmailLike } from '@schema/contracts/users';
import type { Deps } from '../../deps';
import type { UserRow } from '../../lib/auth/session';
import { hashPassword } from '../../lib/auth/password';
import { hashToken, newToken } from '../../lib/auth/tokens';
import { HttpError, tooManyRequests } from '../../lib/errors';
import { exists, returnedRow } from '../../lib/query';
import type { MailMessage } from '../../lib/mail';
import type { Throttles } from './throttle';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;

const nowIso = () => new Date().toISOString();
const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString();

const resetLinkInvalid = () => new HttpError(400, 'reset-link-invalid', authMessages.resetLinkInvalid);
const verificationInvalid = () =>
  new HttpError(400, 'verification-invalid', authMessages.verificationInvalid);

/**
 * Mail goes out without being awaited: the answer to "reset my password" must take as long whether or
 * not the address has an account (an awaited SMTP round trip would tell them apart), and a mail server
 * outage must not undo a registration. Failures are logged; the member can ask again.
 */
function sendInBackground(deps: Deps, message: MailMessage): void {
  deps.mailer
    .send(message)
    .catch((err: unknown) => deps.logger.error({ err, subject: message.subject }, 'mail failed'));
}

/** A fresh verification secret and the columns that store it. */
export function newVerification(): {
  token: string;
  columns: Pick<UserRow, 'emailVerificationToken' | 'emailVerificationExpires'>;
} {
  const token = newToken();
  return {
    token,
    columns: {
      emailVerificationToken: hashToken(token),
      emailVerificationExpires: inFuture(VERIFICATION_TTL_MS),
    },
  };
}

export function mailVerificationLink(
  deps: Deps,
  to: { username: string; email: string },
  token: string,
): void {
  const link = `${deps.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  sendInBackground(deps, {
    to: to.email,
    subject: `Verify your ${PRODUCT_NAME} email address`,
    text: [
      `Hello ${to.username},`,
      '',
      `Please confirm your email address for ${PRODUCT_NAME} by opening this link within 24 hours:`,
      link,
      '',
      `If you did not create a ${PRODUCT_NAME} account, you can ignore this email.`,
    ].join('\n'),
  });
}

/**
 * Tells the old address that the account's e-mail changed. If the member did not make the change, this
 * mail is the only warning that reaches them (the new address is shown masked).
 */
export function mailEmailChanged(
  deps: Deps,
  to: { username: string; email: string },
  newEmail: string,
): void {
  sendInBackground(deps, {
    to: to.email,
    subject: `Your ${PRODUCT_NAME} email address was changed`,
    text: [
      `Hello ${to.username},`,
      '',
      `The email address of your ${PRODUCT_NAME} account was just changed to ${maskEmailLike(newEmail)}.`,
      'Future emails, including password reset links, will go to the new address.',
      '',
      'If you made this change, there is nothing more to do.',
      `If you did not, someone knows your password: sign in at ${deps.config.publicUrl} and change your`,
      `password and email address straight away, or contact the ${PRODUCT_NAME} team if you cannot.`,
    ].join('\n'),
  });
}

/** Accounts registered with this address (compared ignoring case; addresses are not unique). */
function accountsWithEmail(deps: Deps, email: string) {
  return deps.db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      isEmailVerified: users.isEmailVerified,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

/** Throttles a request that may send mail: 429 per client; per address it silently sends nothing. */
async function mayMail(
  throttles: Throttles,
  scope: 'reset' | 'verify',
  address: string,
  email: string,
): Promise<boolean> {
  if (!(await throttles.mailRequests.hit(`${scope}-ip:${address}`)))
    throw tooManyRequests(accountMessages.tooManyRequests);
  return throttles.mailsPerAddress.hit(`${scope}:${email.toLowerCase()}`);
}

/** GET /api/verify-email: one use; a used, unknown or expired token is the same 400. */
export async function verifyEmail(deps: Deps, token: string | undefined): Promise<UserRow> {
  if (!token) throw verificationInvalid();
  const user = await returnedRow(
    deps.db
      .update(users)
      .set({
        isEmailVerified: true,
        emailVerificationToken: null,
        emailVerificationExpires: null,
        updatedAt: nowIso(),
      })
      .where(
        and(eq(users.emailVerificationToken, hashToken(token)), gt(users.emailVerificationExpires, nowIso())),
      )
      .returning(),
  );
  if (!user) throw verificationInvalid();
  return user;
}

/** POST /api/resend-verification: a fresh link to every unverified account with the address. */
export async function resendVerification(
  deps: Deps,
  throttles: Throttles,
  address: string,
  email: string,
): Promise<void> {
  if (!(await mayMail(throttles, 'verify', address, email))) return;
  for (const account of await accountsWithEmail(deps, email)) {
    if (account.isEmailVerified) continue;
    // A new link replaces the previous one: only the latest mail works.
    const { token, columns } = newVerification();
    await deps.db.update(users).set(columns).where(eq(users.id, account.id));
    mailVerificationLink(deps, account, token);
  }
}

/** POST /api/users/reset-password: the same answer whether or not the address has an account. */
export async function requestPasswordReset(
  deps: Deps,
  throttles: Throttles,
  address: string,
  email: string,
): Promise<void> {
  if (!(await mayMail(throttles, 'reset', address, email))) return;
  for (const account of await accountsWithEmail(deps, email)) {
    const token = newToken();
    await deps.db
      .insert(passwordResetTokens)
      .values({ tokenHash: hashToken(token), userId: account.id, expiresAt: inFuture(RESET_TTL_MS) });
    const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    sendInBackground(deps, {
      to: account.email,
      subject: `Reset your ${PRODUCT_NAME} password`,
      text: [
        `Hello ${account.username},`,
        '',
        `Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new one, open this link within 1 hour:`,
        link,
        '',
        'The link works once. If you did not ask for it, ignore this email: your password stays as it is.',
      ].join('\n'),
    });
  }
}

/** POST /api/users/reset-password/confirm: sets the password and signs the member out everywhere. */
export async function confirmPasswordReset(deps: Deps, token: string, password: string): Promise<void> {
  const tokenHash = hashToken(token);
  const live = () =>
    and(
      eq(passwordResetTokens.tokenHash, tokenHash),
      isNull(passwordResetTokens.usedAt),
      gt(passwordResetTokens.expiresAt, nowIso()),
    );
  // Checked before hashing so a stream of made-up tokens costs no scrypt work.
  if (
    !(await exists(
      deps.db.select({ userId: passwordResetTokens.userId }).from(passwordResetTokens).where(live()),
    ))
  )
    throw resetLinkInvalid();
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const now = nowIso();
    // Claimed again inside the transaction: of two concurrent uses of one link, only one wins.
    const claimed = await returnedRow(
      tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(live())
        .returning({ userId: passwordResetTokens.userId }),
    );
    if (!claimed) throw resetLinkInvalid();
    // Opening the mailed link proves the address, so it counts as verified.
    await tx
      .update(users)
      .set({
        password: passwordHash,
        isEmailVerified: true,
        emailVerificationToken: null,
        emailVerificationExpires: null,
        updatedAt: now,
      })
      .where(eq(users.id, claimed.userId));
    // Whoever knew the old password (the reason for many resets) is signed out everywhere.
    await tx.delete(sessions).where(eq(sessions.userId, claimed.userId));
    // Other reset links still in a mailbox must not undo this reset later.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
  });
}
