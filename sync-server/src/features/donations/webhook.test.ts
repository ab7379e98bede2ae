import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, stripeEvents } from '@schema/db/tables';
import { donationMessages } from '@schema/contracts/donation';
import { createTestApp, type TestApp } from '../../test/harness';
import { donationByIntent } from './service';
import { startTestStripeServer, type TestStripeServer } from './test-stripe-server';

const WEBHOOK_SECRET = 'whsec_local_test_secret';
const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_local',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};

let stripe: TestStripeServer;
let t: TestApp;
let eventCounter = 0;

beforeAll(async () => {
  stripe = await startTestStripeServer();
  t = await createTestApp({ ...KEYS, ...stripe.env });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** A payment intent created through the API, as the Sign Up dialog would. */
async function newIntent(amount = 10): Promise<string> {
  const res = await t
    .client()
    .post('/api/create-payment-intent', { amount, email: 'digger@example.com', name: 'digger' });
  expect(res.status).toBe(200);
  return res.json.paymentIntentId;
}

function eventPayload(
  type: string,
  intentId: string,
  id = `evt_test_${++eventCounter}`,
  extra: Record<string, unknown> = {},
) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: intentId,
        object: 'payment_intent',
        amount: 1000,
        currency: 'usd',
        status: type.split('.').pop(),
        metadata: {},
        ...extra,
      },
    },
  });
}

/** Posts like Stripe does: the exact bytes, signed by the SDK's own test helper. */
function deliver(payload: string, secret = WEBHOOK_SECRET, app: TestApp = t) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return app.client().request('POST', '/api/stripe/webhook', payload, {
    'content-type': 'application/json',
    'stripe-signature': signature,
  });
}

describe('POST /api/stripe/webhook', () => {
  it('marks a donation succeeded from a signed event', async () => {
    const intentId = await newIntent();
    const payload = eventPayload('payment_intent.succeeded', intentId, 'evt_success_1');
    const res = await deliver(payload);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true, outcome: 'applied' });
    expect(await donationByIntent(t, intentId)).toMatchObject({
      status: 'succeeded',
      lastEventId: 'evt_success_1',
    });
  });

  it('is idempotent by event id: a replayed event changes nothing and answers 200', async () => {
    const intentId = await newIntent();
    const failed = eventPayload('payment_intent.payment_failed', intentId, 'evt_replay_failed');
    expect((await deliver(failed)).json.outcome).toBe('applied');
    expect((await donationByIntent(t, intentId))?.status).toBe('failed');
    // The member retries with another card and it succeeds …
    expect(
      (await deliver(eventPayload('payment_intent.succeeded', intentId, 'evt_replay_ok'))).json.outcome,
    ).toBe('applied');
    const before = await donationByIntent(t, intentId);
    // … then Stripe redelivers the old failure: nothing moves.
    const replay = await deliver(failed);
    expect(replay.status).toBe(200);
    expect(replay.json.outcome).toBe('duplicate');
    expect(await donationByIntent(t, intentId)).toEqual(before);
    expect(
      (await t.db.select().from(stripeEvents)).filter((e) => e.eventId === 'evt_replay_failed'),
    ).toHaveLength(1);
  });

  it('never lets a late event undo a success', async () => {
    const intentId = await newIntent();
    await deliver(eventPayload('payment_intent.succeeded', intentId));
    const late = await deliver(eventPayload('payment_intent.processing', intentId));
    expect(late.json.outcome).toBe('unchanged');
    expect((await donationByIntent(t, intentId))?.status).toBe('succeeded');
  });

  it('follows processing', async () => {
    const intentId = await newIntent();
    await deliver(eventPayload('payment_intent.processing', intentId));
    expect((await donationByIntent(t, intentId))?.status).toBe('processing');
  });

  it('records an intent it had not seen, from the event', async () => {
    const payload = eventPayload('payment_intent.succeeded', 'pi_from_dashboard', undefined, {
      amount: 2500,
      metadata: { email: 'x@example.com', name: 'x' },
    });
    expect((await deliver(payload)).json.outcome).toBe('applied');
    expect(await donationByIntent(t, 'pi_from_dashboard')).toMatchObject({
      amount: 2500,
      email: 'x@example.com',
      status: 'succeeded',
    });
  });

  it('answers 200 for events it does not handle, and records nothing', async () => {
    const before = (await t.db.select().from(stripeEvents)).length;
    const res = await deliver(
      JSON.stringify({
        id: 'evt_other',
        object: 'event',
        type: 'customer.created',
        data: { object: { id: 'cus_1', object: 'customer' } },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json.outcome).toBe('ignored');
    expect(await t.db.select().from(stripeEvents)).toHaveLength(before);
  });

  it('refuses a wrong signature, a tampered body and a missing header with 400', async () => {
    const intentId = await newIntent();
    const payload = eventPayload('payment_intent.succeeded', intentId);
    const wrongSecret = await deliver(payload, 'whsec_someone_else');
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.json).toMatchObject({
      message: donationMessages.invalidSignature,
      code: 'invalid-signature',
    });

    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = payload.replace('"amount":1000', '"amount":1');
    const res = await t.client().request('POST', '/api/stripe/webhook', tampered, {
      'content-type': 'application/json',
      'stripe-signature': signature,
    });
    expect(res.status).toBe(400);

    const unsigned = await t
      .client()
      .request('POST', '/api/stripe/webhook', payload, { 'content-type': 'application/json' });
    expect(unsigned.status).toBe(400);
    expect((await donationByIntent(t, intentId))?.status).toBe('requires_payment_method');
    expect(
      (await t.db.select().from(donations)).every(
        (d) => d.paymentIntentId !== intentId || d.lastEventId === null,
      ),
    ).toBe(true);
  });

  it('is not blocked by the CSRF check (Stripe sends no Origin of ours)', async () => {
    const intentId = await newIntent();
    const payload = eventPayload('payment_intent.succeeded', intentId);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await t.client().request('POST', '/api/stripe/webhook', payload, {
      'content-type': 'application/json',
      'stripe-signature': signature,
      origin: 'https://stripe.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.status).toBe(200);
  });

  it('answers 503 when no webhook secret is configured', async () => {
    const bare = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
      ...stripe.env,
    });
    const res = await deliver(eventPayload('payment_intent.succeeded', 'pi_x'), WEBHOOK_SECRET, bare);
    expect(res.status).toBe(503);
    expect(res.json.message).toBe(donationMessages.webhookUnavailable);
    await bare.close();
  });
});
