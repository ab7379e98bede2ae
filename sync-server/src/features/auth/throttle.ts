/**
 * Brute-force and mail-flood protection for the account routes. The counters live in memory, one set
 * per app (lib/rate-limit.ts), so every test app starts clean.
 */
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

/** The client's address for per-address limits: shared with other features through lib. */
export { clientAddress } from '../../lib/client-address';
