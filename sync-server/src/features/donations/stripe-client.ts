/**
 * The only module that touches the official Stripe SDK. The API host, port and protocol come from
 * configuration so tests and staging can point the real SDK at a local Stripe-compatible server.
 */
import Stripe from 'stripe';
import type { Config } from '../../lib/config';

export type StripeClient = Stripe;
export type StripePaymentIntent = Stripe.PaymentIntent;
export type StripeEvent = Stripe.Event;

/** null when no secret key is configured: donations are then unavailable (503), not an error at start-up. */
export function createStripeClient(config: Config['stripe']): StripeClient | null {
  if (!config.secretKey) return null;
  return new Stripe(config.secretKey, {
    ...(config.apiHost ? { host: config.apiHost } : {}),
    ...(config.apiPort ? { port: config.apiPort } : {}),
    ...(config.apiProtocol ? { protocol: config.apiProtocol } : {}),
    // Safe to retry: every create carries an idempotency key, so a retry never makes a second intent.
    maxNetworkRetries: 2,
    // A member is waiting on the sign-up dialog; Stripe's default of 80 s is far too long for that.
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'DigQuest' },
  });
}

/** Checks the `stripe-signature` header against the raw body; throws when it does not match. */
export function verifyWebhookEvent(payload: Buffer, signature: string, secret: string): StripeEvent {
  return Stripe.webhooks.constructEvent(payload, signature, secret);
}

/** The message of a Stripe SDK failure (card, request, connection …), for the 502 answer. */
export function stripeErrorMessage(err: unknown): string {
  if (err instanceof Stripe.errors.StripeError) return err.message;
  return err instanceof Error ? err.message : 'Unknown error';
}
