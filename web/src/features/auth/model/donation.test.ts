import { describe, expect, it, vi } from 'vitest';
import { donationAmountSchema, donationMessages } from '@schema/contracts/donation';
import { ApiError } from '@web/lib/api';
import { currencySymbol, customAmountStep, donationLabel, formatAmount, resolveDonation } from './donation';
import { donationErrorMessage, paymentOutcome } from './payment';

describe('amounts in the configured currency', () => {
  it.each([
    [5, 'usd', '$5'],
    [12.5, 'usd', '$12.50'],
    [5, 'gbp', '£5'],
    [5, 'eur', '€5'],
    [500, 'jpy', '¥500'],
    [5, 'cad', 'CA$5'],
    [5, 'zzz', 'ZZZ 5'],
    [5, 'dollars', '5 DOLLARS'],
  ])('%s %s → %s', (amount, currency, text) => {
    expect(formatAmount(amount, currency).replace(/\u00a0/g, ' ')).toBe(text);
  });

  it('labels the options and the custom field', () => {
    expect(donationLabel('10', 'usd')).toBe('$10');
    expect(donationLabel('skip', 'gbp')).toBe('Skip');
    expect(donationLabel('custom', 'gbp')).toBe('Custom Amount');
    expect(currencySymbol('gbp')).toBe('£');
    expect(customAmountStep('usd')).toBe(0.01);
    expect(customAmountStep('jpy')).toBe(1);
  });

  it('reuses one formatter per currency: the options re-render on every keystroke', () => {
    formatAmount(5, 'gbp');
    const built = vi.spyOn(Intl, 'NumberFormat');
    const amounts = Array.from({ length: 20 }, () => formatAmount(5, 'gbp'));
    expect(new Set(amounts)).toEqual(new Set(['£5']));
    expect(built).not.toHaveBeenCalled();
    built.mockRestore();
  });
});

describe('resolveDonation with the shared amount rules', () => {
  it.each([
    ['10000', 'usd', { kind: 'paid', amount: 10000 }],
    ['10000.01', 'usd', { kind: 'invalid', message: donationMessages.tooLarge }],
    ['0.5', 'usd', { kind: 'invalid', message: donationMessages.invalidCustom }],
    ['-3', 'usd', { kind: 'invalid', message: donationMessages.invalidCustom }],
    ['5.6', 'jpy', { kind: 'paid', amount: 6 }],
  ] as const)('custom %s %s', (customAmount, currency, result) => {
    expect(resolveDonation({ option: 'custom', customAmount }, donationAmountSchema, currency)).toEqual(
      result,
    );
  });

  it('leaves a well-formed custom amount unjudged until the contract has loaded', () => {
    expect(resolveDonation({ option: 'custom', customAmount: '10000.01' }, null)).toEqual({
      kind: 'checking',
    });
    expect(resolveDonation({ option: '10', customAmount: '' }, null)).toEqual({ kind: 'paid', amount: 10 });
  });
});

describe('paymentOutcome: only succeeded is a success (docs/spec-differences.md#donations)', () => {
  it.each([
    [{ paymentIntent: { status: 'succeeded' } }, { kind: 'succeeded' }],
    [{ paymentIntent: { status: 'processing' } }, { kind: 'processing' }],
    [
      { paymentIntent: { status: 'requires_action' } },
      { kind: 'failed', message: donationMessages.paymentFailed },
    ],
    [{ paymentIntent: { status: 'canceled' } }, { kind: 'failed', message: donationMessages.paymentFailed }],
    [{}, { kind: 'failed', message: donationMessages.paymentFailed }],
    [
      { error: { message: 'Your card has insufficient funds.' } },
      { kind: 'failed', message: 'Your card has insufficient funds.' },
    ],
    [{ error: {} }, { kind: 'failed', message: donationMessages.paymentFailed }],
  ])('%o', (result, outcome) => {
    expect(paymentOutcome(result)).toEqual(outcome);
  });
});

describe('donationErrorMessage', () => {
  it('uses the server text, or the spec text for network failures', () => {
    expect(donationErrorMessage(new ApiError(502, null, 'Failed to create payment intent: x'))).toBe(
      'Failed to create payment intent: x',
    );
    expect(donationErrorMessage(new ApiError(0, null, 'Failed to fetch'))).toBe(
      donationMessages.processFailed,
    );
    expect(donationErrorMessage(new Error('?'))).toBe(donationMessages.processFailed);
  });
});
