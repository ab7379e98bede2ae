/**
 * Brute-force, lock-out and flood protection for the account routes. The counters live in memory, one set
 * per app (lib/rate-limit.ts), so every test app starts clean.
 *
 * Password checks (sign-in, and the current password asked before account changes) pass three gates, and
 * only attempts that pass all three are counted:
 * - per client address (an IPv6 client's /64): config.loginRateLimit per window, so one address cannot try
 *   many names;
 * - per username *from that address*: the same allowance, so a stranger's guesses from elsewhere never
 *   stop the owner (usernames are public: a per-name wall would let anyone lock anyone out);
 * - per username from everywhere: a backoff, not a wall, against guessing one name from many addresses.
 *   The first SHARED_ALLOWANCE × loginRateLimit attempts are free, then each must wait 1 s, 2 s, 4 s … up
 *   to a minute after the previous one. The owner with the right password gets in after that wait.
 * The right password clears the name's counters and gives the address its attempt back.
 */
import { accountMessages } from '@schema/contracts/auth';
import { addressGroup } from '../../lib/client-address';
import type { Config } from '../../lib/config';
import { Backoff, RateLimiter, RetryLaterError, secondsUntil } from '../../lib/rate-limit';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const SIGNUP_WINDOW_MS = 60 * 60 * 1000;
/** Reset and verification mails one e-mail address may receive per window, whoever asks. */
export const MAILS_PER_ADDRESS = 3;
/** How many addresses' worth of attempts one username gets before its backoff starts. */
export const SHARED_ALLOWANCE = 3;
export const BACKOFF_FIRST_MS = 1000;
export const BACKOFF_MAX_MS = 60 * 1000;

const nameKey = (username: string) => username.trim().normalize('NFKC').toLowerCase();

export class PasswordAttempts {
  private readonly perAddress: RateLimiter;
  private readonly perNameAndAddress: RateLimiter;
  private readonly perName: Backoff;

  constructor(limit: number) {
    this.perAddress = new RateLimiter(limit, THROTTLE_WINDOW_MS);
    this.perNameAndAddress = new RateLimiter(limit, THROTTLE_WINDOW_MS);
    this.perName = new Backoff(
      limit * SHARED_ALLOWANCE,
      THROTTLE_WINDOW_MS,
      BACKOFF_FIRST_MS,
      BACKOFF_MAX_MS,
    );
  }

  /**
   * Lets one password check through and counts it, or throws a 429 that says how long to wait (and
   * counts nothing). Call before verifying, so parallel guesses cannot all slip past the counters.
   */
  begin(username: string, clientAddress: string, message: string, now = Date.now()): void {
    const name = nameKey(username);
    const address = addressGroup(clientAddress);
    const wait = Math.max(
      this.perAddress.waitMs(`ip:${address}`, now),
      this.perNameAndAddress.waitMs(`${name}@${address}`, now),
      this.perName.waitMs(name, now),
    );
    if (wait > 0) throw new RetryLaterError(message, secondsUntil(wait));
    this.perAddress.hit(`ip:${address}`, now);
    this.perNameAndAddress.hit(`${name}@${address}`, now);
    this.perName.record(name, now);
  }

  /** The right password ends the guessing these counters guard against; a sign-in is not a guess. */
  succeeded(username: string, clientAddress: string): void {
    const name = nameKey(username);
    const address = addressGroup(clientAddress);
    this.perAddress.release(`ip:${address}`);
    this.perNameAndAddress.reset(`${name}@${address}`);
    this.perName.reset(name);
  }
}

/** New accounts per client address (an IPv6 client's /64): config.signupRateLimit an hour. */
export class SignupAllowance {
  private readonly perAddress: RateLimiter;

  constructor(limit: number) {
    this.perAddress = new RateLimiter(limit, SIGNUP_WINDOW_MS);
  }

  /** Takes a place for one sign-up, or throws a 429; the returned function gives it back if it fails. */
  reserve(clientAddress: string): () => void {
    const key = `ip:${addressGroup(clientAddress)}`;
    const wait = this.perAddress.waitMs(key);
    if (wait > 0) throw new RetryLaterError(accountMessages.tooManySignups, secondsUntil(wait));
    this.perAddress.hit(key);
    return () => this.perAddress.release(key);
  }
}

export interface Throttles {
  /** Sign-in and current-password checks (see above). */
  passwords: PasswordAttempts;
  signups: SignupAllowance;
  /** Keys `reset-ip:` / `verify-ip:` per client: the same allowance as logins. */
  mailRequests: RateLimiter;
  /** Keys `reset:` / `verify:` per lower-cased e-mail address: silently stops sending beyond it. */
  mailsPerAddress: RateLimiter;
}

export function createThrottles(config: Config): Throttles {
  return {
    passwords: new PasswordAttempts(config.loginRateLimit),
    signups: new SignupAllowance(config.signupRateLimit),
    mailRequests: new RateLimiter(config.loginRateLimit, THROTTLE_WINDOW_MS),
    mailsPerAddress: new RateLimiter(MAILS_PER_ADDRESS, THROTTLE_WINDOW_MS),
  };
}

/** The client's address for per-address limits: shared with other features through lib. */
export { clientAddress } from '../../lib/client-address';
