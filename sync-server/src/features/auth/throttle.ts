/**
 * Brute-force, lock-out and flood protection for the account routes. The counters live in the database
 * (lib/rate-limit.ts), so every app server on it counts the same attempts.
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
import type { Store } from '../../lib/db';
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

/**
 * Rounds of `begin` before giving up with a 503: a round is lost only when another request took a gate's
 * last place between our reading and our counting.
 */
const MAX_BEGIN_ROUNDS = 10;

export class PasswordAttempts {
  private readonly perAddress: RateLimiter;
  private readonly perNameAndAddress: RateLimiter;
  private readonly perName: Backoff;

  constructor(store: Store, limit: number) {
    this.perAddress = new RateLimiter(store, 'login-address', limit, THROTTLE_WINDOW_MS);
    this.perNameAndAddress = new RateLimiter(store, 'login-name-address', limit, THROTTLE_WINDOW_MS);
    this.perName = new Backoff(
      store,
      'login-name',
      limit * SHARED_ALLOWANCE,
      THROTTLE_WINDOW_MS,
      BACKOFF_FIRST_MS,
      BACKOFF_MAX_MS,
    );
  }

  /**
   * Lets one password check through and counts it, or throws a 429 that says how long to wait (and
   * counts nothing). Call before verifying, so parallel guesses cannot all slip past the counters: each
   * gate counts atomically, and when a later gate refuses (another request, maybe on another server, took
   * its last place meanwhile) the earlier ones are given back and the gates are read again.
   */
  async begin(username: string, clientAddress: string, message: string, now = Date.now()): Promise<void> {
    const name = nameKey(username);
    const address = `ip:${addressGroup(clientAddress)}`;
    const nameAtAddress = `${name}@${addressGroup(clientAddress)}`;
    for (let round = 0; round < MAX_BEGIN_ROUNDS; round++) {
      const wait = Math.max(
        await this.perAddress.waitMs(address, now),
        await this.perNameAndAddress.waitMs(nameAtAddress, now),
        await this.perName.waitMs(name, now),
      );
      if (wait > 0) throw new RetryLaterError(message, secondsUntil(wait));
      if (!(await this.perAddress.hit(address, now))) continue;
      if (!(await this.perNameAndAddress.hit(nameAtAddress, now))) {
        await this.perAddress.release(address, now);
        continue;
      }
      if (await this.perName.hit(name, now)) return;
      await this.perAddress.release(address, now);
      await this.perNameAndAddress.release(nameAtAddress, now);
    }
    throw new RetryLaterError(message, 1, 503);
  }

  /** The right password ends the guessing these counters guard against; a sign-in is not a guess. */
  async succeeded(username: string, clientAddress: string): Promise<void> {
    const name = nameKey(username);
    const address = addressGroup(clientAddress);
    await this.perAddress.release(`ip:${address}`);
    await this.perNameAndAddress.reset(`${name}@${address}`);
    await this.perName.reset(name);
  }
}

/** New accounts per client address (an IPv6 client's /64): config.signupRateLimit an hour. */
export class SignupAllowance {
  private readonly perAddress: RateLimiter;

  constructor(store: Store, limit: number) {
    this.perAddress = new RateLimiter(store, 'signup-address', limit, SIGNUP_WINDOW_MS);
  }

  /** Takes a place for one sign-up, or throws a 429; the returned function gives it back if it fails. */
  async reserve(clientAddress: string): Promise<() => Promise<void>> {
    const key = `ip:${addressGroup(clientAddress)}`;
    if (!(await this.perAddress.hit(key)))
      throw new RetryLaterError(
        accountMessages.tooManySignups,
        secondsUntil(await this.perAddress.waitMs(key)),
      );
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

export function createThrottles(store: Store, config: Config): Throttles {
  return {
    passwords: new PasswordAttempts(store, config.loginRateLimit),
    signups: new SignupAllowance(store, config.signupRateLimit),
    mailRequests: new RateLimiter(store, 'mail-requests', config.loginRateLimit, THROTTLE_WINDOW_MS),
    mailsPerAddress: new RateLimiter(store, 'mails-per-address', MAILS_PER_ADDRESS, THROTTLE_WINDOW_MS),
  };
}

/** The client's address for per-address limits: shared with other features through lib. */
export { clientAddress } from '../../lib/client-address';
