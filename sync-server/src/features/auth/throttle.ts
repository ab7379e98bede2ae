/**
 * Brute-force and mail-flood protection for the account routes. The counters live in memory, one set
 * per app (lib/rate-limit.ts), so every test app starts clean.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Config } from '../../lib/config';
import { RateLimiter } from '../../lib/rate-limit';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Reset and verification mails one e-mail address may receive per window, whoever asks. */
export const MAILS_PER_ADDRESS = 3;

export interface Throttles {
  /** Keys `ip:<address>` and `user:<lower-cased name>`: config.loginRateLimit attempts each. */
  login: RateLimiter;
  /** Keys `reset-ip:` / `verify-ip:` per client: the same allowance as logins. */
  mailRequests: RateLimiter;
  /** Keys `reset:` / `verify:` per lower-cased e-mail address: silently stops sending beyond it. */
  mailsPerAddress: RateLimiter;
}

export function createThrottles(config: Config): Throttles {
  return {
    login: new RateLimiter(config.loginRateLimit, THROTTLE_WINDOW_MS),
    mailRequests: new RateLimiter(config.loginRateLimit, THROTTLE_WINDOW_MS),
    mailsPerAddress: new RateLimiter(MAILS_PER_ADDRESS, THROTTLE_WINDOW_MS),
  };
}

function connectionAddress(c: Context): string | undefined {
  try {
    // app.request() in tests has no socket (c.env is undefined): getConnInfo throws, we fall back.
    return getConnInfo(c).remote.address || undefined;
  } catch {
    return undefined;
  }
}

const isLoopback = (address: string) => address === '::1' || address.startsWith('127.') || address === '::ffff:127.0.0.1';

/**
 * The client's address. Only the socket is trusted: an X-Forwarded-For written by the client would let
 * it pick a fresh address per attempt. The one exception is a reverse proxy on the same host (the
 * connection comes from loopback): then the entry that proxy appended — the last one — is the client.
 */
export function clientAddress(c: Context): string {
  const address = connectionAddress(c);
  if (address && isLoopback(address)) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
    if (forwarded) return forwarded;
  }
  return address ?? 'unknown';
}
