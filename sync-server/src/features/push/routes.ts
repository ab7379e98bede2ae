/**
 * Web push devices (docs/notifications.md "Push"), mounted under /api:
 *   GET    /push/vapid-public-key   { publicKey }: what the browser subscribes with            anyone
 *   POST   /push/subscriptions      { endpoint, keys: { p256dh, auth }, label? } → 201/200     signed in
 *   DELETE /push/subscriptions      { endpoint } → 204 (404 when it is not one's own)          signed in
 * One row per endpoint (a device): the app posts its subscription each time it opens, which refreshes the
 * keys and moves the device to whoever is signed in on it now.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { pushSubscriptions } from '@schema/db/tables';
import { notificationMessages, pushSubscriptionSchema } from '@schema/contracts/notifications';
import type { AppEnv } from '../../env';
import type { Deps } from '../../deps';
import { requireUser } from '../../lib/auth/session';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { changedRows, first } from '../../lib/query';
import { readJson } from '../../lib/validate';
import { checkEndpoint, EndpointRefusedError } from '../../lib/push/endpoint';
import { vapidDetails } from '../../lib/push/vapid';

const endpointOnly = z.object({
  endpoint: z
    .string({ error: notificationMessages.endpointInvalid })
    .max(2048, notificationMessages.endpointInvalid),
});

export function pushRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const { db, config } = deps;
  // At start (generating the keys on the first one), not at the first request: a server that cannot read
  // or write its keys says so in its log at once, and answers 503 instead of subscribing devices in vain.
  let publicKey: string | undefined;
  try {
    publicKey = vapidDetails(config).publicKey;
  } catch (err) {
    deps.logger.error({ err }, 'web push is off: the VAPID keys could not be read or generated');
  }
  const unavailable = () => new HttpError(503, 'unavailable', notificationMessages.pushUnavailable);

  app.get('/push/vapid-public-key', (c) => {
    if (!publicKey) throw unavailable();
    return c.json({ publicKey });
  });

  app.post('/push/subscriptions', async (c) => {
    const user = requireUser(c);
    if (!publicKey) throw unavailable();
    const input = await readJson(c, pushSubscriptionSchema);
    try {
      await checkEndpoint(input.endpoint, config.push.allowedHosts);
    } catch (error) {
      if (error instanceof EndpointRefusedError) throw badRequest(notificationMessages.endpointRefused);
      throw error;
    }
    const row = {
      userId: user.id,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      label: input.label ?? '',
      updatedAt: new Date().toISOString(),
    };
    const existed = await first(
      db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, input.endpoint)),
    );
    await db
      .insert(pushSubscriptions)
      .values({ endpoint: input.endpoint, ...row })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row });
    return c.json({ endpoint: input.endpoint, label: row.label }, existed ? 200 : 201);
  });

  app.delete('/push/subscriptions', async (c) => {
    const user = requireUser(c);
    const { endpoint } = await readJson(c, endpointOnly);
    const deleted = await changedRows(
      db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, user.id)))
        .returning({ id: pushSubscriptions.id }),
    );
    // Someone else's endpoint answers as an unknown one: the answer tells nothing about other devices.
    if (deleted === 0) throw notFound();
    return c.body(null, 204);
  });

  return app;
}
