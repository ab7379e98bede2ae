/**
 * The account contracts' messages (docs/product/accounts.md#rules-and-messages, #errors), kept apart from
 * the Zod schemas in ./auth so that a page needing only these texts does not download Zod on the first
 * visit (docs/architecture.md). ./auth re-exports everything here.
 */
import { BIO_MAX, OFFICIAL_USERNAME, PASSWORD_MAX, USERNAME_MAX } from './constants';

export const authMessages = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  invalidEmail: 'Please enter a valid email address',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: `Username cannot exceed ${USERNAME_MAX} characters`,
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: `Password cannot exceed ${PASSWORD_MAX} characters`,
  passwordsDontMatch: "Passwords don't match",
  /** Ours: an empty confirmation field is not a password that is too short. */
  confirmPasswordRequired: 'Please confirm your password',
  bioTooLong: `Bio cannot exceed ${BIO_MAX} characters`,
  reservedUsername: `${OFFICIAL_USERNAME} is a reserved username. Please choose a different username.`,
  usernameTaken: (name: string) => `Username '${name}' is already taken. Please choose a different username.`,
  loginFailed: 'Login failed. Invalid credentials.',
  accountNotFound:
    'Account not found. If you previously had an account, it may have been removed during cleanup. Please register a new account to continue using the product.',
  emailVerificationRequired:
    'Email verification required. Please check your inbox and click the verification link before logging in.',
  lookupNotFound: 'Account not found. Please use the Sign Up button to create an account first.',
  lookupFailed: 'Unable to check user existence. Please try again.',
  loginWrapped: 'Failed to log in. Please try again.',
  resetFailed: 'Failed to send reset email',
  resetSent: "If an account with that email exists, you'll receive password reset instructions.",
  registrationFailed: 'Registration failed',
  createAccountFailed: 'Failed to create account. Please try again.',
  noUserLoggedIn: 'No user is logged in',
  updateProfileFailed: 'Failed to update user profile on server',
  deleteAccountFailed: 'Failed to delete account',
  mustBeLoggedInToUpdate: 'You must be logged in to update your profile',
  mustBeLoggedInToDelete: 'You must be logged in to delete your account',
  cannotDeleteDefault: 'Cannot delete the default account',
  invalidFileType: 'Invalid file type',
  selectImageFile: 'Please select an image file',
  tooManyAttempts: 'Too many login attempts. Please wait a few minutes and try again.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordResetDone: 'Your password has been reset. You can now sign in with your new password.',
  verificationInvalid: 'This verification link is invalid or has expired.',
  emailRequiredTitle: 'Email Required',
  emailRequired: 'Please enter your email address.',
  emailAlreadyVerified: 'This email address is already verified.',
  verificationSent: 'If an account with that email needs verification, a new link has been sent.',
  // Our own texts for rules the spec does not have.
  usernameHiddenCharacters:
    'Usernames cannot contain invisible characters, text-direction marks or unusual spaces.',
  currentPasswordForChange: 'Please enter your current password to change your password or email address.',
  currentPasswordForDeletion: 'Please enter your current password to delete your account.',
  currentPasswordWrong: 'Your current password is incorrect.',
} as const;

/**
 * Server answers the spec names without giving their text (logout, delete, verification, lookups).
 * Kept apart from authMessages so the spec's own texts above stay untouched.
 */
export const accountMessages = {
  loggedOut: 'Logged out successfully',
  accountDeleted: 'Account Deleted',
  userNotFound: 'User not found',
  permissionDenied: 'Permission Denied',
  emailVerified: 'Email verified successfully',
  verifyEmailToSignIn:
    'Account created. Please check your inbox and click the verification link before logging in.',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  tooManySignups: 'Too many accounts were created from your network recently. Please try again later.',
} as const;
