/**
 * The donation contracts' plain values — presets, limits, the exact messages and notices, the currency rules
 * and the wire shapes (docs/product/donations.md#rules-and-messages, #api-calls, #errors;
 * docs/product/constants.md#donations) — apart from the Zod schemas in ./donation, so the sign-in and sign-up
 * dialogs do not download Zod on the first visit (docs/architecture.md). ./donation re-exports everything
 * here.
 */

export const DONATION_PRESETS = [5, 10, 15, 25] as const;
export const CUSTOM_DONATION_MIN = 1;
export const CUSTOM_DONATION_STEP = 0.01;
/** A sign-up donation larger than this is far more likely a typo (or abuse) than generosity. */
export const DONATION_MAX = 10_000;
/** Payment intents one client address may create per window (each one is a call to Stripe). */
export const PAYMENT_INTENTS_PER_WINDOW = 10;
export const PAYMENT_INTENT_WINDOW_MS = 15 * 60 * 1000;

export const donationMessages = {
  invalidCustom: 'Please enter a valid donation amount',
  invalidChosen: 'Please select a valid donation amount',
  tooManyDecimals: 'Please enter an amount with at most two decimal places',
  wholeAmountsOnly: 'Please enter a whole amount for this currency',
  tooLarge: `Donations cannot exceed ${DONATION_MAX.toLocaleString('en')}`,
  nameRequired: 'Name is required',
  createIntentFailed: (detail: string) => `Failed to create payment intent: ${detail}`,
  notJson: 'Server did not return JSON response',
  noClientSecret: 'No client secret returned from server',
  stripeNotInitialized: 'Stripe is not initialized. Please try again.',
  paymentElementNotFound: 'Payment element not found',
  paymentFailed: 'An error occurred with your payment',
  processFailed: 'Failed to process donation. Please try again.',
  unavailable: 'Donations are not available right now.',
  tooManyRequests: 'Too many donation attempts. Please wait a few minutes and try again.',
  webhookUnavailable: 'Stripe webhooks are not configured.',
  invalidSignature: 'Invalid Stripe signature',
} as const;

/** The spec's notices (title and text) around a payment. */
export const donationNotices = {
  thankYou: { title: 'Thank You!', description: 'Your donation was received. Creating your account…' },
  donationProcessed: {
    title: 'Donation Processed',
    description:
      'Your donation was processed, but there was an issue creating your account. Please try again.',
  },
  errorCreatingAccount: {
    title: 'Error Creating Account',
    description: 'There was a problem creating your account after payment.',
  },
  paymentError: {
    title: 'Payment Error',
    description:
      'There was an issue processing your payment. Would you like to create an account without donation?',
  },
} as const;

/** True when `value` has no more than two decimal places (allowing for binary floating point). */
export function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

export interface PaymentIntentAnswer {
  clientSecret: string;
  paymentIntentId: string;
}

/** GET /api/config: what the browser may know about payments (never a secret). */
export interface PublicConfig {
  stripePublishableKey: string | null;
  donationCurrency: string;
  donationsEnabled: boolean;
}

/** Stripe's zero-decimal currencies: amounts are sent in whole units. */
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);
/** Stripe's three-decimal currencies (the last digit must be 0, which two-decimal input guarantees). */
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

export function currencyDecimals(currency: string): 0 | 2 | 3 {
  const code = currency.toLowerCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

/** Major units → the integer Stripe expects; null when the amount is finer than the currency allows. */
export function toMinorUnits(amount: number, currency: string): number | null {
  const decimals = currencyDecimals(currency);
  if (decimals === 0) return Number.isInteger(amount) ? amount : null;
  if (!hasAtMostTwoDecimals(amount)) return null;
  return Math.round(amount * 100) * 10 ** (decimals - 2);
}
