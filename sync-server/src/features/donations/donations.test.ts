import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { donations } from '@schema/db/tables';
import { donationMessages, PAYMENT_INTENTS_PER_WINDOW } from '@schema/contracts/donation';
import { createTestApp, type TestApp } from '../../test/harness';
import { startTestStripeServer, type TestStripeServer } from './test-stripe-server';

const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_local',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
  STRIPE_WEBHOOK_SECRET: 'whsec_local',
};
const donor = { email: 'digger@example.com', name: 'digger' };

let stripe: TestStripeServer;
let t: TestApp;

beforeAll(async () => {
  stripe = await startTestStripeServer();
});
afterAll(() => stripe.close());
// A fresh app per test: each starts with an empty rate-limit allowance.
beforeEach(async () => {
  stripe.reset();
  t = await createTestApp({ ...KEYS, ...stripe.env });
});
afterEach(() => t.close());

const intentRequests = () =>
  stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');

describe('GET /api/config', () => {
  it('serves the publishable key and currency, never a secret', async () => {
    const res = await t.client().get('/api/config');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      stripePublishableKey: 'pk_test_local',
      donationCurrency: 'usd',
      donationsEnabled: true,
    });
    expect(res.text).not.toContain('sk_test');
    expect(res.text).not.toContain('whsec');
  });

  it('says donations are off without keys', async () => {
    const bare = await createTestApp();
    const res = await bare.client().get('/api/config');
    expect(res.json).toEqual({
      stripePublishableKey: null,
      donationCurrency: 'usd',
      donationsEnabled: false,
    });
    await bare.close();
  });
});

describe('POST /api/create-payment-intent', () => {
  it('creates an intent through the real SDK: minor units, currency, metadata, idempotency key', async () => {
    const res = await t.client().post('/api/create-payment-intent', { amount: 12.34, ...donor });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      clientSecret: expect.stringMatching(/^pi_test_.+_secret_/),
      paymentIntentId: expect.stringMatching(/^pi_test_/),
    });

    const [sent] = intentRequests();
    expect(sent?.headers.authorization).toBe('Bearer sk_test_local');
    expect(sent?.headers['idempotency-key']).toMatch(/^donation-[0-9a-f]{48}$/);
    expect(sent?.form).toMatchObject({
      amount: '1234',
      currency: 'usd',
      'metadata[email]': donor.email,
      'metadata[name]': donor.name,
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
    });

    const row = (await t.db.select().from(donations)).find(
      (d) => d.paymentIntentId === res.json.paymentIntentId,
    );
    expect(row).toMatchObject({
      amount: 1234,
      currency: 'usd',
      email: donor.email,
      name: donor.name,
      status: 'requires_payment_method',
    });
  });

  it('derives the key from the client key: a retry gets the same intent, another amount a new one', async () => {
    const idempotencyKey = '0192f0c4-6b2a-7cc1-9a1e-5f2f3c1d2e4b';
    const c = t.client();
    const first = await c.post('/api/create-payment-intent', { amount: 10, ...donor, idempotencyKey });
    const retry = await c.post('/api/create-payment-intent', { amount: 10, ...donor, idempotencyKey });
    const other = await c.post('/api/create-payment-intent', { amount: 15, ...donor, idempotencyKey });
    expect(retry.json).toEqual(first.json);
    expect(other.json.paymentIntentId).not.toBe(first.json.paymentIntentId);
    const [a, b, d] = intentRequests().map((r) => r.headers['idempotency-key']);
    expect(a).toBe(b);
    expect(d).not.toBe(a);
    // Without a client key, each request is its own.
    await c.post('/api/create-payment-intent', { amount: 10, ...donor });
    expect(intentRequests()[3]?.headers['idempotency-key']).not.toBe(a);
    expect(
      (await t.db.select().from(donations)).filter((r) => r.paymentIntentId === first.json.paymentIntentId),
    ).toHaveLength(1);
  });

  it('handles zero-decimal currencies', async () => {
    const yen = await createTestApp({ ...KEYS, ...stripe.env, DONATION_CURRENCY: 'JPY' });
    const ok = await yen.client().post('/api/create-payment-intent', { amount: 500, ...donor });
    expect(ok.status).toBe(200);
    expect(intentRequests()[0]?.form).toMatchObject({ amount: '500', currency: 'jpy' });
    const fraction = await yen.client().post('/api/create-payment-intent', { amount: 5.5, ...donor });
    expect(fraction.status).toBe(400);
    expect(fraction.json.message).toBe(donationMessages.wholeAmountsOnly);
    expect((await yen.client().get('/api/config')).json.donationCurrency).toBe('jpy');
    await yen.close();
  });

  it.each([
    ['zero', { amount: 0 }, donationMessages.invalidChosen],
    ['a negative amount', { amount: -5 }, donationMessages.invalidChosen],
    ['under the minimum', { amount: 0.5 }, donationMessages.invalidCustom],
    ['not a number', { amount: 'ten' }, donationMessages.invalidCustom],
    ['three decimals', { amount: 10.001 }, donationMessages.tooManyDecimals],
    ['over the upper bound', { amount: 1_000_000 }, donationMessages.tooLarge],
    ['a bad e-mail', { amount: 10, email: 'nope' }, 'Please enter a valid email address'],
  ])('answers 400 for %s, without calling Stripe', async (_case, body, message) => {
    const res = await t.client().post('/api/create-payment-intent', { ...donor, ...body });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: message, message, code: 'validation-failed' });
    expect(intentRequests()).toHaveLength(0);
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await t.client().post('/api/create-payment-intent', '{not json');
    expect(res.status).toBe(400);
  });

  it('turns a Stripe error into a 502 with the provider message', async () => {
    stripe.failNext({
      status: 402,
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    const res = await t.client().post('/api/create-payment-intent', { amount: 10, ...donor });
    expect(res.status).toBe(502);
    expect(res.json).toMatchObject({
      message: 'Failed to create payment intent: Your card was declined.',
      code: 'payment-provider-error',
    });
  });

  it('turns an invalid request into a 502 too', async () => {
    stripe.failNext({
      status: 400,
      type: 'invalid_request_error',
      message: 'Amount must be at least $0.50 usd',
    });
    const res = await t.client().post('/api/create-payment-intent', { amount: 10, ...donor });
    expect(res.status).toBe(502);
    expect(res.json.message).toBe('Failed to create payment intent: Amount must be at least $0.50 usd');
  });
});

describe('without Stripe keys', () => {
  it('answers 503 with a clear message and calls nobody', async () => {
    const bare = await createTestApp({ ...stripe.env });
    const res = await bare.client().post('/api/create-payment-intent', { amount: 10, ...donor });
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({ message: donationMessages.unavailable, code: 'unavailable' });
    expect(intentRequests()).toHaveLength(0);
    await bare.close();
  });

  it('answers 503 with a secret key but no publishable key (the browser could not pay)', async () => {
    const half = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_local', ...stripe.env });
    expect((await half.client().post('/api/create-payment-intent', { amount: 10, ...donor })).status).toBe(
      503,
    );
    await half.close();
  });
});

describe('rate limit', () => {
  it('answers 429 after the allowance for one address', async () => {
    const c = t.client();
    for (let i = 0; i < PAYMENT_INTENTS_PER_WINDOW; i++) {
      // Bad input counts too: the allowance is per attempt.
      expect((await c.post('/api/create-payment-intent', { amount: 0, ...donor })).status).toBe(400);
    }
    const res = await c.post('/api/create-payment-intent', { amount: 10, ...donor });
    expect(res.status).toBe(429);
    expect(res.json).toMatchObject({ message: donationMessages.tooManyRequests, code: 'rate-limited' });
    expect(intentRequests()).toHaveLength(0);
  });
});
