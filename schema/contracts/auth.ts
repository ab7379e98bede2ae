/**
 * Account contracts: one Zod schema per form or payload, one message per rule
 * (docs/product/accounts.md#rules-and-messages, #errors). The web forms and the server validate with these
 * same schemas.
 */
import { z } from 'zod';
import { text } from './text';
import {
  BIO_MAX,
  EMAIL_MAX,
  OFFICIAL_USERNAME,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from './constants';
import { hasHiddenCharacters, normalizeUsername, usernameSkeleton } from './users';
import { authMessages } from './auth-constants';

export * from './auth-constants';

const RESERVED_SKELETON = usernameSkeleton(OFFICIAL_USERNAME);

/**
 * The official name in any letter case, and every name that looks like it: lookalike letters from other
 * scripts, 0 for o, accents, separators ("Dіg Quest0r"). See usernameSkeleton in users.ts.
 */
export function isReservedUsername(name: string): boolean {
  return usernameSkeleton(name) === RESERVED_SKELETON;
}

const email = z
  .string({ error: authMessages.invalidEmail })
  .trim()
  .max(EMAIL_MAX, authMessages.invalidEmail)
  .pipe(z.email({ error: authMessages.invalidEmail }));

/** Normalised (NFKC, trimmed) before any rule, so the form and the server judge the name that is stored. */
const username = z
  .string({ error: authMessages.usernameTooShort })
  .overwrite(normalizeUsername)
  .min(USERNAME_MIN, authMessages.usernameTooShort)
  .max(USERNAME_MAX, authMessages.usernameTooLong)
  .refine((value) => !hasHiddenCharacters(value), authMessages.usernameHiddenCharacters);

const password = z
  .string({ error: authMessages.passwordTooShort })
  .min(PASSWORD_MIN, authMessages.passwordTooShort)
  .max(PASSWORD_MAX, authMessages.passwordTooLong);

/** A confirmation field: empty asks for it; filled, the password rules (and then the match) apply. */
const confirmPassword = z
  .string({ error: authMessages.confirmPasswordRequired })
  .min(1, authMessages.confirmPasswordRequired)
  .pipe(password);

const bio = text().trim().max(BIO_MAX, authMessages.bioTooLong);

/** Avatar: a path on our own server or an uploaded data URL (converted by the server). */
const avatarUrl = text()
  .max(8 * 1024 * 1024)
  .optional()
  .nullable();

export const loginSchema = z.object({
  username: text({ error: authMessages.usernameRequired })
    .overwrite(normalizeUsername)
    .min(1, authMessages.usernameRequired),
  password: z
    .string({ error: authMessages.passwordRequired })
    .min(1, authMessages.passwordRequired)
    .max(PASSWORD_MAX, authMessages.passwordTooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const resetRequestSchema = z.object({ email });
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

export const resendVerificationSchema = z.object({
  email: z
    .string({ error: authMessages.emailRequired })
    .trim()
    .min(1, authMessages.emailRequired)
    .pipe(email),
});

/** The Sign Up form's account step. */
export const signUpFormSchema = z
  .object({
    username: username.refine((v) => !isReservedUsername(v), authMessages.reservedUsername),
    email,
    password,
    confirmPassword,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type SignUpFormInput = z.infer<typeof signUpFormSchema>;

/** POST /api/users/register */
export const registerSchema = z.object({
  username: username.refine((v) => !isReservedUsername(v), authMessages.reservedUsername),
  email,
  password,
  avatarUrl,
  bio: bio.optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** POST /api/users/register/check: is this name free for a new account? */
export const usernameCheckSchema = registerSchema.pick({ username: true });

/** The password the member signs in with now, asked before changes that could take the account over. */
const currentPassword = (message: string) =>
  z.string({ error: message }).min(1, message).max(PASSWORD_MAX, authMessages.currentPasswordWrong);

/**
 * The Edit Profile form: password fields empty or at least 6; when both are filled they must match; a new
 * password needs the current one. A new e-mail address needs it too, which the form checks against the
 * stored address (model/profile.ts).
 */
export const profileFormSchema = z
  .object({
    username,
    email,
    bio: bio.optional().default(''),
    password: z.union([z.literal(''), password]),
    confirmPassword: z.union([z.literal(''), password]),
    currentPassword: z.string().max(PASSWORD_MAX, authMessages.currentPasswordWrong).optional(),
  })
  .refine((v) => !(v.password && v.confirmPassword) || v.password === v.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  })
  .refine((v) => !v.password === !v.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  })
  // Asked once the new password itself is complete, so the other messages come first.
  .refine((v) => !(v.password && v.password === v.confirmPassword) || Boolean(v.currentPassword), {
    message: authMessages.currentPasswordForChange,
    path: ['currentPassword'],
  });
export type ProfileFormInput = z.input<typeof profileFormSchema>;

/**
 * PUT / PATCH /api/users/{id}: only the fields being changed. Unknown keys (userId …) are dropped. A new
 * password or a new e-mail address is accepted only with `currentPassword` (the server checks it).
 */
export const profileUpdateSchema = z.object({
  username: username.optional(),
  email: email.optional(),
  bio: bio.optional().nullable(),
  password: password.optional(),
  currentPassword: currentPassword(authMessages.currentPasswordForChange).optional(),
  avatarUrl,
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** DELETE /api/users/{id}: the body `{ currentPassword }`. */
export const deleteAccountSchema = z.object({
  currentPassword: currentPassword(authMessages.currentPasswordForDeletion),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The /reset-password page. */
export const newPasswordSchema = z
  .object({ token: z.string().min(1, authMessages.resetLinkInvalid), password, confirmPassword })
  .refine((v) => v.password === v.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/** POST /api/users/reset-password/confirm: what the /reset-password page sends once its form is valid. */
export const newPasswordConfirmSchema = z.object({
  token: z.string({ error: authMessages.resetLinkInvalid }).min(1, authMessages.resetLinkInvalid),
  password,
});
export type NewPasswordConfirmInput = z.infer<typeof newPasswordConfirmSchema>;
