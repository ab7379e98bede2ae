import { describe, expect, it } from 'vitest';
import { fieldMessages } from './validation';
import {
  createPaymentIntentSchema,
  currencyDecimals,
  DONATION_MAX,
  donationAmountSchema,
  donationMessages,
  donationNotices,
  hasAtMostTwoDecimals,
  toMinorUnits,
} from './donation';

const amountMessage = (amount: unknown) => fieldMessages(donationAmountSchema, amount)._;
const ok = { amount: 10, email: 'digger@example.com', name: 'digger' };

describe('product texts (docs/product/donations.md) are verbatim', () => {
  it.each([
    ['invalidCustom', 'Please enter a valid donation amount'],
    ['invalidChosen', 'Please select a valid donation amount'],
    ['notJson', 'Server did not return JSON response'],
    ['noClientSecret', 'No client secret returned from server'],
    ['stripeNotInitialized', 'Stripe is not initialized. Please try again.'],
    ['paymentElementNotFound', 'Payment element not found'],
    ['paymentFailed', 'An error occurred with your payment'],
    ['processFailed', 'Failed to process donation. Please try again.'],
  ] as const)('%s', (key, text) => {
    expect(donationMessages[key]).toBe(text);
  });

  it('prefixes provider failures', () => {
    expect(donationMessages.createIntentFailed('Your card was declined.')).toBe(
      'Failed to create payment intent: Your card was declined.',
    );
  });

  it('has the three notices', () => {
    expect(donationNotices.donationProcessed).toEqual({
      title: 'Donation Processed',
      description:
        'Your donation was processed, but there was an issue creating your account. Please try again.',
    });
    expect(donationNotices.errorCreatingAccount).toEqual({
      title: 'Error Creating Account',
      description: 'There was a problem creating your account after payment.',
    });
    expect(donationNotices.paymentError).toEqual({
      title: 'Payment Error',
      description:
        'There was an issue processing your payment. Would you like to create an account without donation?',
    });
    expect(donationNotices.thankYou.title).toBe('Thank You!');
  });
});

describe('donationAmountSchema', () => {
  it.each([1, 5, 10, 15, 25, 1.5, 12.34, 0.1 + 0.2 + 0.7, DONATION_MAX])('accepts %s', (amount) => {
    expect(amountMessage(amount)).toBeUndefined();
  });

  it.each([
    ['zero', 0, donationMessages.invalidChosen],
    ['a negative amount', -5, donationMessages.invalidChosen],
    ['an amount under the minimum of 1', 0.99, donationMessages.invalidCustom],
    ['three decimals', 10.005, donationMessages.tooManyDecimals],
    ['more than the upper bound', DONATION_MAX + 0.01, donationMessages.tooLarge],
    ['a string', '10', donationMessages.invalidCustom],
    ['NaN', Number.NaN, donationMessages.invalidCustom],
    ['Infinity', Number.POSITIVE_INFINITY, donationMessages.invalidCustom],
    ['nothing', undefined, donationMessages.invalidCustom],
  ] as const)('refuses %s', (_case, amount, message) => {
    expect(amountMessage(amount)).toBe(message);
  });

  it('states the upper bound readably', () => {
    expect(donationMessages.tooLarge).toBe('Donations cannot exceed 10,000');
  });
});

describe('createPaymentIntentSchema', () => {
  it('accepts the spec payload, with or without an idempotency key', () => {
    expect(fieldMessages(createPaymentIntentSchema, ok)).toEqual({});
    expect(
      fieldMessages(createPaymentIntentSchema, {
        ...ok,
        idempotencyKey: '0192f0c4-6b2a-7cc1-9a1e-5f2f3c1d2e4b',
      }),
    ).toEqual({});
  });

  it('reports every field', () => {
    expect(
      fieldMessages(createPaymentIntentSchema, { amount: 0, email: 'nope', name: ' ', idempotencyKey: 'x' }),
    ).toEqual({
      amount: donationMessages.invalidChosen,
      email: 'Please enter a valid email address',
      name: donationMessages.nameRequired,
      idempotencyKey: expect.any(String),
    });
  });
});

describe('minor units', () => {
  it.each([
    [10, 'usd', 1000],
    [12.34, 'usd', 1234],
    [0.1 + 0.2, 'eur', 30],
    [5, 'jpy', 5],
    [5, 'JPY', 5],
    [5.5, 'jpy', null],
    [1.25, 'kwd', 1250],
    [1.005, 'usd', null],
  ] as const)('%s %s → %s', (amount, currency, minor) => {
    expect(toMinorUnits(amount, currency)).toBe(minor);
  });

  it('knows the decimals of a currency', () => {
    expect([
      currencyDecimals('usd'),
      currencyDecimals('gbp'),
      currencyDecimals('krw'),
      currencyDecimals('bhd'),
    ]).toEqual([2, 2, 0, 3]);
    expect(hasAtMostTwoDecimals(19.99)).toBe(true);
    expect(hasAtMostTwoDecimals(19.999)).toBe(false);
  });
});
