/**
 * The only module that touches the official Stripe SDK. The API host, port and protocol come from
 * configuration so tests and staging can point the real SDK at a local Stripe-compatible server.
 *
 * The SDK is large and most servers never take a donation, so it is loaded on first use (the first payment
 * intent or webhook), not at start-up (README.md, Decisions: "The production server is built").
 */
import type Stripe from 'stripe';
import type { Config } from '../../lib/config';

export type StripeClient = Stripe;
export type StripePaymentIntent = Stripe.PaymentIntent;
export type StripeEvent = Stripe.Event;

let sdk: Promise<typeof Stripe> | undefined;
function loadSdk(): Promise<typeof Stripe> {
  sdk ??= import('stripe').then((module) => module.default);
  return sdk;
}

/**
 * A function giving the one client of this app, created with the SDK on its first call; null when no secret
 * key is configured: donations are then unavailable (503), not an error at start-up.
 */
export function stripeClient(config: Config['stripe']): (() => Promise<StripeClient>) | null {
  const secretKey = config.secretKey;
  if (!secretKey) return null;
  let client: Promise<StripeClient> | undefined;
  return () => {
    client ??= loadSdk().then(
      (StripeSdk) =>
        new StripeSdk(secretKey, {
          ...(config.apiHost ? { host: config.apiHost } : {}),
          ...(config.apiPort ? { port: config.apiPort } : {}),
          ...(config.apiProtocol ? { protocol: config.apiProtocol } : {}),
          // Safe to retry: every create carries an idempotency key, so a retry never makes a second intent.
          maxNetworkRetries: 2,
          // A member is waiting on the sign-up dialog; Stripe's default of 80 s is far too long for that.
          timeout: 20_000,
          telemetry: false,
          appInfo: { name: 'DigQuest' },
        }),
    );
    return client;
  };
}

export type WebhookVerifier = (payload: Buffer, signature: string, secret: string) => StripeEvent;

/**
 * The check of the `stripe-signature` header against the raw body (it throws when they do not match), once
 * the SDK is loaded. Loading is separate from checking so that a failure to load is a 500, not taken for
 * a bad signature.
 */
export async function webhookVerifier(): Promise<WebhookVerifier> {
  const StripeSdk = await loadSdk();
  return (payload, signature, secret) => StripeSdk.webhooks.constructEvent(payload, signature, secret);
}

/**
 * The message of a Stripe SDK failure (card, request, connection …), for the 502 answer. The SDK's errors
 * are Errors carrying Stripe's message, so no SDK class is needed to read it.
 */
export function stripeErrorMessage(err: unknown): string {
  return err instanceof Error ? err.message : 'Unknown error';
}
