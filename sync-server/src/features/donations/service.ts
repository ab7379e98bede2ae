/**
 * Donation rules: creating a Stripe payment intent for a sign-up donation, recording it, and following its
 * status from Stripe's webhook. All SQL for donations lives here (docs/product/donations.md).
 */
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { donations, stripeEvents } from '@schema/db/tables';
import {
  donationMessages,
  toMinorUnits,
  type CreatePaymentIntentPayload,
  type PaymentIntentAnswer,
  type PublicConfig,
} from '@schema/contracts/donation';
import type { Deps } from '../../deps';
import type { Config } from '../../lib/config';
import { badRequest, HttpError } from '../../lib/errors';
import { changedRows, first } from '../../lib/query';
import {
  stripeErrorMessage,
  type StripeClient,
  type StripeEvent,
  type StripePaymentIntent,
} from './stripe-client';

/** Statuses we store: the intent's own status at creation, then what the webhook reports. */
export type DonationStatus = 'requires_payment_method' | 'processing' | 'succeeded' | 'failed';

export function publicConfig(config: Config): PublicConfig {
  const enabled = Boolean(config.stripe.secretKey && config.stripe.publishableKey);
  return {
    stripePublishableKey: enabled ? (config.stripe.publishableKey ?? null) : null,
    donationCurrency: config.stripe.currency,
    donationsEnabled: enabled,
  };
}

/**
 * Stripe's idempotency key. It is derived from the client's key *and* the parameters, so a retried request
 * gets the same intent back, while the same sign-up choosing another amount gets a new one (Stripe refuses a
 * reused key with different parameters). Without a client key every request is its own.
 */
export function idempotencyKeyFor(
  input: CreatePaymentIntentPayload,
  minorAmount: number,
  currency: string,
): string {
  const clientKey = input.idempotencyKey ?? randomUUID();
  const digest = createHash('sha256')
    .update(JSON.stringify([clientKey, minorAmount, currency, input.email.toLowerCase(), input.name]))
    .digest('hex');
  return `donation-${digest.slice(0, 48)}`;
}

export async function createDonationIntent(
  deps: Deps,
  stripe: StripeClient,
  input: CreatePaymentIntentPayload,
): Promise<PaymentIntentAnswer> {
  const currency = deps.config.stripe.currency;
  const amount = toMinorUnits(input.amount, currency);
  if (amount === null)
    throw badRequest(donationMessages.wholeAmountsOnly, {
      fields: { amount: donationMessages.wholeAmountsOnly },
    });

  let intent: StripePaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount,
        currency,
        description: 'DigQuest community donation',
        // Redirect-based methods would leave the page and lose the half-finished sign-up; cards (3-D Secure
        // included) and wallets complete in place.
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        metadata: { email: input.email, name: input.name, source: 'sign-up' },
      },
      { idempotencyKey: idempotencyKeyFor(input, amount, currency) },
    );
  } catch (err) {
    deps.logger.warn({ err: stripeErrorMessage(err) }, 'payment intent creation failed');
    throw new HttpError(
      502,
      'payment-provider-error',
      donationMessages.createIntentFailed(stripeErrorMessage(err)),
    );
  }
  if (!intent.client_secret) {
    throw new HttpError(
      502,
      'payment-provider-error',
      donationMessages.createIntentFailed('no client secret in the answer'),
    );
  }

  await deps.db
    .insert(donations)
    .values({
      paymentIntentId: intent.id,
      amount: intent.amount,
      currency: intent.currency,
      email: input.email,
      name: input.name,
      status: intent.status,
    })
    // A replayed request returns the same intent: one row per intent.
    .onConflictDoNothing({ target: donations.paymentIntentId });

  return { clientSecret: intent.client_secret, paymentIntentId: intent.id };
}

const STATUS_BY_EVENT: Record<string, DonationStatus> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.processing': 'processing',
  'payment_intent.payment_failed': 'failed',
};

/**
 * Whether `next` may replace `current`. Stripe does not promise delivery order: a late 'processing' or an
 * earlier attempt's 'failed' must not undo 'succeeded'. A failed attempt can be followed by a new one.
 */
function canMove(current: string, next: DonationStatus): boolean {
  return current !== 'succeeded' && current !== next;
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'unchanged';

/** Applies one verified event at most once (by event id), in one transaction with its bookkeeping row. */
export async function applyWebhookEvent(deps: Deps, event: StripeEvent): Promise<WebhookOutcome> {
  const next = STATUS_BY_EVENT[event.type];
  const object: unknown = event.data.object;
  if (!next || !isPaymentIntent(object)) return 'ignored';
  const intent = object;

  return deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const recorded = await changedRows(
      tx
        .insert(stripeEvents)
        .values({ eventId: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ eventId: stripeEvents.eventId }),
    );
    if (recorded === 0) return 'duplicate';

    const now = new Date().toISOString();
    const existing = await first(
      tx.select({ status: donations.status }).from(donations).where(eq(donations.paymentIntentId, intent.id)),
    );
    if (!existing) {
      // An intent made before this row existed (or from the Dashboard): keep the record complete anyway.
      const metadata = intent.metadata ?? {};
      await tx.insert(donations).values({
        paymentIntentId: intent.id,
        amount: intent.amount,
        currency: intent.currency,
        email: metadata['email'] ?? null,
        name: metadata['name'] ?? null,
        status: next,
        lastEventId: event.id,
      });
      return 'applied';
    }
    if (!canMove(existing.status, next)) return 'unchanged';
    await tx
      .update(donations)
      .set({ status: next, lastEventId: event.id, updatedAt: now })
      .where(eq(donations.paymentIntentId, intent.id));
    return 'applied';
  });
}

function isPaymentIntent(value: unknown): value is StripePaymentIntent {
  return (
    typeof value === 'object' &&
    value !== null &&
    Reflect.get(value, 'object') === 'payment_intent' &&
    typeof Reflect.get(value, 'id') === 'string'
  );
}

export function donationByIntent({ db }: Pick<Deps, 'db'>, paymentIntentId: string) {
  return first(db.select().from(donations).where(eq(donations.paymentIntentId, paymentIntentId)));
}
