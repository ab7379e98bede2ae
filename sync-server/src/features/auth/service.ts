/**
 * Accounts: registration, sign-in, profile changes and avatar (deletion: deletion.service.ts). Every rule
 * the product leaves to the client is decided here from the session's member; ids or userIds sent by the
 * client are never trusted (docs/product/accounts.md, docs/privacy.md). Changes that could take an account
 * over — a new password, a new e-mail address, deletion — need the current password (confirmPassword).
 */
import { and, eq, ne } from 'drizzle-orm';
import { sessions, users } from '@schema/db/tables';
import {
  accountMessages,
  authMessages,
  isReservedUsername,
  type LoginInput,
  type ProfileUpdateInput,
  type RegisterInput,
} from '@schema/contracts/auth';
import { DEFAULT_BIO, OFFICIAL_USER_ID } from '@schema/contracts/constants';
import { defaultAvatarUrl, hasHiddenCharacters, normalizeUsername } from '@schema/contracts/users';
import type { Deps } from '../../deps';
import type { UserRow } from '../../lib/auth/session';
import { hashPassword, verifyPassword } from '../../lib/auth/password';
import { badRequest, conflict, forbidden, HttpError, unsupportedMedia } from '../../lib/errors';
import { storeImage } from '../../lib/images';
import { first, insertedRow, returnedRow } from '../../lib/query';
import { equalsIgnoringCase, isUniqueViolation } from '../../lib/sql';
import { recordChange } from '../../sync/changelog';
import type { Store } from '../../sync/registry';
import { classifyAvatar } from './avatar';
import { confirmPassword, type PasswordCheck } from './current-password';
import { mailEmailChanged, mailVerificationLink, newVerification } from './recovery.service';
import type { Throttles } from './throttle';

const nowIso = () => new Date().toISOString();

/** Names are unique ignoring case; lookups compare as the unique index does, so they use it (lib/sql.ts). */
export async function findUserByName(deps: Deps, username: string): Promise<UserRow | undefined> {
  return first(
    deps.db
      .select()
      .from(users)
      .where(equalsIgnoringCase(deps.db, users.username, normalizeUsername(username))),
  );
}

/**
 * Hidden characters, reserved and lookalike names, taken names; `self` is the account being renamed (it
 * may keep its own name). The contracts already refuse the first two; checked again here because this is
 * the last step before a name is stored.
 */
async function assertUsernameAvailable(deps: Deps, username: string, self?: UserRow): Promise<void> {
  if (hasHiddenCharacters(username)) throw badRequest(authMessages.usernameHiddenCharacters);
  if (isReservedUsername(username) && self?.id !== OFFICIAL_USER_ID)
    throw badRequest(authMessages.reservedUsername);
  const holder = await findUserByName(deps, username);
  if (holder && holder.id !== self?.id) throw conflict(authMessages.usernameTaken(username));
}

/**
 * POST /api/users/register/check: the sign-up dialog asks before the donation step, so nobody pays and
 * only then learns the name is taken. The same rule as register's (it confirms nothing register would not).
 */
export async function checkUsernameForSignUp(deps: Deps, username: string): Promise<void> {
  await assertUsernameAvailable(deps, normalizeUsername(username));
}

/** Stores a data-URL avatar; the caller decides whether a failure is an error or silently ignored. */
async function storeAvatarBytes(
  deps: Deps,
  userId: number,
  bytes: Uint8Array | null,
  originalName?: string,
): Promise<string> {
  if (!bytes) throw unsupportedMedia(authMessages.selectImageFile);
  const stored = await storeImage(deps, bytes, {
    uploadedBy: userId,
    kind: 'avatar',
    ...(originalName ? { originalName } : {}),
  });
  return stored.url;
}

/**
 * Saves a change of the public fields (name, avatar, bio) and logs it, in one transaction, so pulls
 * refresh the member everywhere they are shown (sync PROTOCOL.md S11, S15). E-mail and verification
 * changes are not logged: no other device ever holds them.
 */
async function savePublicChange(
  store: Store,
  userId: number,
  changes: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  return store.transaction(async (tx) => {
    const row = await returnedRow(
      tx
        .update(users)
        .set({ ...changes, updatedAt: nowIso() })
        .where(eq(users.id, userId))
        .returning(),
    );
    if (row) await recordChange(tx, 'users', row.id, null, 'upsert', { ownerId: row.id });
    return row;
  });
}

/** Drops a session row (e.g. the one a browser held before signing in as someone else). */
export async function revokeSession(deps: Deps, tokenHash: string): Promise<void> {
  await deps.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export interface Registration {
  user: UserRow;
  /** True when the member must open the mailed link before signing in (no session is started). */
  verificationRequired: boolean;
}

/**
 * POST /api/users/register. `address` is the client's: config.signupRateLimit accounts per address per
 * hour (a refused or failed sign-up gives its place back).
 */
export async function register(
  deps: Deps,
  throttles: Throttles,
  address: string,
  input: RegisterInput,
): Promise<Registration> {
  const username = normalizeUsername(input.username);
  await assertUsernameAvailable(deps, username);
  const giveBack = await throttles.signups.reserve(address);
  try {
    return await createAccount(deps, username, input);
  } catch (err) {
    await giveBack();
    throw err;
  }
}

async function createAccount(deps: Deps, username: string, input: RegisterInput): Promise<Registration> {
  const passwordHash = await hashPassword(input.password);
  const verificationRequired = deps.config.requireEmailVerification;
  const verification = verificationRequired ? newVerification() : null;
  const avatar = classifyAvatar(input.avatarUrl, username);

  let user: UserRow;
  try {
    user = await deps.db.transaction(async (tx) => {
      const row = await insertedRow(
        tx
          .insert(users)
          .values({
            username,
            email: input.email,
            password: passwordHash,
            bio: input.bio ?? DEFAULT_BIO,
            avatarUrl: avatar.kind === 'path' ? avatar.url : null,
            isEmailVerified: false,
            ...verification?.columns,
          })
          .returning(),
      );
      await recordChange(tx, 'users', row.id, null, 'upsert', { ownerId: row.id });
      return row;
    });
  } catch (err) {
    // Two sign-ups racing for one name: the lookup above passed for both, the index refuses one.
    if (isUniqueViolation(err)) throw conflict(authMessages.usernameTaken(username));
    throw err;
  }

  if (avatar.kind === 'upload') {
    // docs/product/accounts.md#rules-and-messages: a failed avatar upload is ignored silently and the
    // default avatar is used. Stored after the insert so the image row records its uploader.
    try {
      const url = await storeAvatarBytes(deps, user.id, avatar.bytes);
      user = (await savePublicChange(deps.db, user.id, { avatarUrl: url })) ?? user;
    } catch (err) {
      // A refused picture (415/413) is the member's; anything else (disk, encoder) is ours to look at.
      if (err instanceof HttpError)
        deps.logger.info({ userId: user.id, reason: err.message }, 'registration avatar refused');
      else deps.logger.warn({ err, userId: user.id }, 'registration avatar could not be stored');
    }
  }

  if (verification) mailVerificationLink(deps, user, verification.token);
  return { user, verificationRequired };
}

/**
 * POST /api/users/login: 429 (with Retry-After), then 404 (unknown name), 401 (wrong password), 403
 * (unverified). The attempt is counted before the password is checked (throttle.ts).
 */
export async function login(
  deps: Deps,
  throttles: Throttles,
  address: string,
  input: LoginInput,
): Promise<UserRow> {
  const attempt = await throttles.passwords.begin(input.username, address, authMessages.tooManyAttempts);
  const user = await findUserByName(deps, input.username);
  if (!user)
    throw new HttpError(404, 'account-not-found', authMessages.accountNotFound, { accountNotFound: true });
  if (!(await verifyPassword(input.password, user.password)))
    throw new HttpError(401, 'invalid-credentials', authMessages.loginFailed);
  await attempt.succeeded();
  if (deps.config.requireEmailVerification && !user.isEmailVerified) {
    throw new HttpError(403, 'email-verification-required', authMessages.emailVerificationRequired, {
      emailVerificationRequired: true,
    });
  }
  return user;
}

/** Only the member themself may change their account. */
function assertOwnAccount(actor: UserRow, targetId: number): void {
  if (actor.id !== targetId) throw forbidden(accountMessages.permissionDenied);
}

/**
 * PUT / PATCH /api/users/{id}. `sessionHash` is the session making the change: a new password signs
 * the member out everywhere else but keeps this browser signed in.
 */
export async function updateProfile(
  deps: Deps,
  check: PasswordCheck,
  actor: UserRow,
  targetId: number,
  input: ProfileUpdateInput,
  sessionHash: string | null,
): Promise<UserRow> {
  assertOwnAccount(actor, targetId);
  const changes: Partial<typeof users.$inferInsert> = {};
  // A change of letter case is the same mailbox: no proof needed, no notice sent.
  const newMailbox = input.email !== undefined && input.email.toLowerCase() !== actor.email.toLowerCase();
  if (input.password !== undefined || newMailbox) {
    await confirmPassword(check, actor, input.currentPassword, authMessages.currentPasswordForChange);
  }

  const username = input.username === undefined ? undefined : normalizeUsername(input.username);
  if (username !== undefined && username !== actor.username) {
    await assertUsernameAvailable(deps, username, actor);
    changes.username = username;
  }

  let verificationToken: string | null = null;
  if (input.email !== undefined && input.email !== actor.email) {
    changes.email = input.email;
    // Only a different address needs proving again; a change of letter case is the same mailbox.
    if (newMailbox) {
      changes.isEmailVerified = false;
      // Replacing the stored token also voids a link still pending for the old address, which would
      // otherwise "verify" the new one.
      if (deps.config.requireEmailVerification) {
        const { token, columns } = newVerification();
        changes.emailVerificationToken = columns.emailVerificationToken;
        changes.emailVerificationExpires = columns.emailVerificationExpires;
        verificationToken = token;
      } else {
        changes.emailVerificationToken = null;
        changes.emailVerificationExpires = null;
      }
    }
  }

  if (input.bio !== undefined) changes.bio = input.bio;
  if (input.password !== undefined) changes.password = await hashPassword(input.password);

  const finalName = changes.username ?? actor.username;
  const avatar = classifyAvatar(input.avatarUrl, finalName);
  // The client may echo the avatar it was shown — for a default one, the generated picture of the old
  // name. That is no change, and storing it would pin the old name's picture after a rename.
  const currentWire = actor.avatarUrl ?? defaultAvatarUrl(actor.username);
  if (avatar.kind === 'default') changes.avatarUrl = null;
  else if (avatar.kind === 'path' && avatar.url !== currentWire) changes.avatarUrl = avatar.url;
  // Unlike at registration, a bad picture here is answered (413/415), never silently dropped.
  else if (avatar.kind === 'upload') changes.avatarUrl = await storeAvatarBytes(deps, actor.id, avatar.bytes);

  let updated: UserRow;
  try {
    updated = await deps.db.transaction(async (tx) => {
      const row = await savePublicChange(tx, actor.id, changes);
      if (!row) throw forbidden(accountMessages.permissionDenied);
      if (changes.password !== undefined) {
        await tx
          .delete(sessions)
          .where(
            sessionHash
              ? and(eq(sessions.userId, actor.id), ne(sessions.tokenHash, sessionHash))
              : eq(sessions.userId, actor.id),
          );
      }
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err) && username !== undefined)
      throw conflict(authMessages.usernameTaken(username));
    throw err;
  }

  if (verificationToken) mailVerificationLink(deps, updated, verificationToken);
  // The old address hears of it: if this was not the member, it is their only warning.
  if (newMailbox) mailEmailChanged(deps, { username: updated.username, email: actor.email }, updated.email);
  return updated;
}

/** POST /api/users/{id}/avatar: an uploaded file, re-encoded and stripped of metadata by storeImage. */
export async function setAvatar(deps: Deps, actor: UserRow, targetId: number, file: File): Promise<UserRow> {
  assertOwnAccount(actor, targetId);
  const url = await storeAvatarBytes(deps, actor.id, new Uint8Array(await file.arrayBuffer()), file.name);
  const row = await savePublicChange(deps.db, actor.id, { avatarUrl: url });
  if (!row) throw forbidden(accountMessages.permissionDenied);
  return row;
}
