/**
 * Donations (docs/product/donations.md): the public payment configuration, payment intent creation for the
 * Sign Up dialog, and Stripe's webhook. The webhook is exempt from CSRF checks (it is signed instead) and
 * reads the raw body itself: the signature covers the exact bytes Stripe sent.
 */
import { Hono } from 'hono';
import {
  createPaymentIntentSchema,
  donationMessages,
  PAYMENT_INTENT_WINDOW_MS,
  PAYMENT_INTENTS_PER_WINDOW,
} from '@schema/contracts/donation';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../env';
import { clientAddress } from '../../lib/client-address';
import { HttpError, tooManyRequests, unavailable } from '../../lib/errors';
import { RateLimiter } from '../../lib/rate-limit';
import { readJson } from '../../lib/validate';
import { publicMapSources } from '../../lib/map-detail';
import { applyWebhookEvent, createDonationIntent, publicConfig } from './service';
import { stripeClient, webhookVerifier, type StripeEvent } from './stripe-client';

export function donationRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const stripe = stripeClient(deps.config.stripe);
  const intents = new RateLimiter(
    deps.db,
    'payment-intents',
    PAYMENT_INTENTS_PER_WINDOW,
    PAYMENT_INTENT_WINDOW_MS,
  );

  app.get('/config', async (c) => {
    c.header('Cache-Control', 'no-store');
    // The map's sources (docs/map.md): each is left out of the JSON when unset.
    return c.json({ ...publicConfig(deps.config), ...(await publicMapSources(deps.config)) });
  });

  app.post('/create-payment-intent', async (c) => {
    // Without the publishable key the browser could not show the card form for the intent.
    if (!stripe || !publicConfig(deps.config).donationsEnabled)
      throw unavailable(donationMessages.unavailable);
    // Counted before validation: every attempt may cost a call to Stripe, bad input or not.
    if (!(await intents.hit(`ip:${clientAddress(c)}`)))
      throw tooManyRequests(donationMessages.tooManyRequests);
    const input = await readJson(c, createPaymentIntentSchema);
    return c.json(await createDonationIntent(deps, await stripe(), input));
  });

  app.post('/stripe/webhook', async (c) => {
    const secret = deps.config.stripe.webhookSecret;
    if (!secret) throw unavailable(donationMessages.webhookUnavailable);
    const signature = c.req.header('stripe-signature');
    const payload = Buffer.from(await c.req.arrayBuffer());
    const verifyWebhookEvent = await webhookVerifier();
    let event: StripeEvent;
    try {
      if (!signature) throw new Error('missing signature');
      event = verifyWebhookEvent(payload, signature, secret);
    } catch {
      throw new HttpError(400, 'invalid-signature', donationMessages.invalidSignature);
    }
    const outcome = await applyWebhookEvent(deps, event);
    deps.logger.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
    return c.json({ received: true, outcome });
  });

  return app;
}
