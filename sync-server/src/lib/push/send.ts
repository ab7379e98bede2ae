/**
 * Sending web push (RFC 8030 with RFC 8291 encryption and RFC 8292 VAPID; docs/notifications.md "Push").
 * web-push builds each request (encrypts the payload, signs the VAPID token); we send it with fetch
 * ourselves, because web-push's own sender speaks only https (tests run a local http push endpoint) and
 * has no overall deadline. A 404 or 410 means the browser dropped the subscription: its row is deleted.
 * Any other failure throws, so the job that sends retries later.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import { pushSubscriptions } from '@schema/db/tables';
import type { PushPayload } from '@schema/contracts/notifications';
import type { Deps } from '../../deps';
import { checkEndpoint, EndpointRefusedError } from './endpoint';
import { vapidDetails } from './vapid';

/** How long the push service keeps a message for a device that is offline (a day: older news is stale). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service that has not answered by then is treated as failing (the job retries). */
export const PUSH_TIMEOUT_MS = 10_000;

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushOptions {
  ttlSeconds?: number;
  urgency?: PushUrgency;
}

type Subscription = typeof pushSubscriptions.$inferSelect;

/**
 * The Topic header (RFC 8030 §5.4): a message with the same topic replaces one the push service still
 * holds for an offline device. Derived from the tag, which the device uses the same way; the header allows
 * at most 32 base64url characters.
 */
export const topicOf = (tag: string): string =>
  createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/** Messages and safety alerts wake a phone at once; the rest may wait for a good moment. */
function urgencyOf(payload: PushPayload): PushUrgency {
  return payload.kind === 'message' || payload.kind === 'safety' ? 'high' : 'normal';
}

/**
 * Sends one push; 'sent', 'gone' (the subscription was deleted), or 'skipped' (its endpoint now resolves
 * to an address we do not call). Throws on any other failure.
 */
async function sendTo(
  deps: Deps,
  subscription: Subscription,
  payload: PushPayload,
  options: PushOptions,
): Promise<'sent' | 'gone' | 'skipped'> {
  try {
    await checkEndpoint(subscription.endpoint, deps.config.push.allowedHosts);
  } catch (error) {
    if (!(error instanceof EndpointRefusedError)) throw error;
    deps.logger.warn({ subscription: subscription.id, reason: error.message }, 'push endpoint refused');
    return 'skipped';
  }
  const details = webPush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: vapidDetails(deps.config),
      TTL: options.ttlSeconds ?? PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: options.urgency ?? urgencyOf(payload),
      topic: topicOf(payload.tag),
    },
  );
  const headers = Object.fromEntries(
    Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
  );
  // fetch sets the length itself; Node's fetch refuses a Content-Length header given by hand.
  delete headers['Content-Length'];
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers,
    body: new Uint8Array(details.body),
    // A push service never redirects; following one could lead to an address checkEndpoint refused.
    redirect: 'manual',
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) {
    await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
    return 'gone';
  }
  if (!response.ok) throw new Error(`push service answered ${response.status}`);
  return 'sent';
}

/**
 * Pushes `payload` to every device of the member; answers how many accepted it. Every device is tried
 * before a failure is thrown, so one broken push service does not keep the others' devices waiting; the
 * retry sends again to all, and the Topic header and the tag make a repeat replace the first copy.
 */
export async function sendPushToMember(
  deps: Deps,
  userId: number,
  payload: PushPayload,
  options: PushOptions = {},
): Promise<number> {
  const subscriptions = await deps.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  const results = await Promise.allSettled(subscriptions.map((s) => sendTo(deps, s, payload, options)));
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length > 0) {
    const reasons = failed.map((r) => (r.reason instanceof Error ? r.reason.message : String(r.reason)));
    throw new Error(
      `push failed for ${failed.length} of ${subscriptions.length} devices: ${reasons.join('; ')}`,
    );
  }
  return results.filter((r) => r.status === 'fulfilled' && r.value === 'sent').length;
}
