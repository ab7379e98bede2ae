/** Business constants shared by web and server (docs/product/constants.md). */
export const PRODUCT_NAME = 'DigQuest';
/** The official account: user id 1, reserved name, Founder badge, cannot be deleted. */
export const OFFICIAL_USER_ID = 1;
export const OFFICIAL_USERNAME = 'DigQuestor';
export const DEFAULT_BIO = "I'm a metal detecting enthusiast!";

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const PASSWORD_MIN = 6;
/** Bounds the cost of hashing a password (a KDF input of megabytes is a denial of service). */
export const PASSWORD_MAX = 200;
export const BIO_MAX = 500;
export const EMAIL_MAX = 254;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024; // 5242880
export const ONLINE_WINDOW_MS = 24 * 60 * 60 * 1000;

export const TOAST_DURATION_MS = 5000;
export const POST_LOGIN_REDIRECT_MS = 500;
