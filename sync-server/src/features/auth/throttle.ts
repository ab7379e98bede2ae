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
 *   to a minute after the previous one.
 *
 * The name's backoff is kept in two lanes. Whoever knocks first after a wait gets through, so an attacker
 * polling from a few addresses many times a second would take every turn of a single lane and keep the
 * owner out for as long as the attack lasts. So an attempt from an address with no failure on this name in
 * its window (its first) waits only in the *new addresses* lane, and every later one in the *guessing
 * addresses* lane. An attacker's address lands in the new lane once per window and then guesses in the
 * other, so a handful of addresses cannot fill the new lane: the owner, from an address with no recent
 * failures, gets in at once, while guessing from many addresses is as slow as before in each lane.
 * The right password clears the address's failures on the name and gives its attempt back (a sign-in is
 * not a guess); it does not wipe the guesses of others, which would hand an attacker a fresh allowance.
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

type Lane = 'new' | 'guessing';

/** The lane of an attempt, by the count its address reached on the name (1: no failure before it). */
const laneOf = (countFromAddress: number): Lane => (countFromAddress <= 1 ? 'new' : 'guessing');

/** A password check let through: report its success on it. */
export interface PasswordAttempt {
  succeeded(): Promise<void>;
}

export class PasswordAttempts {
  private readonly perAddress: RateLimiter;
  private readonly perNameAndAddress: RateLimiter;
  private readonly perName: Record<Lane, Backoff>;

  constructor(store: Store, limit: number) {
    this.perAddress = new RateLimiter(store, 'login-address', limit, THROTTLE_WINDOW_MS);
    this.perNameAndAddress = new RateLimiter(store, 'login-name-address', limit, THROTTLE_WINDOW_MS);
    const lane = (name: string) =>
      new Backoff(
        store,
        name,
        limit * SHARED_ALLOWANCE,
        THROTTLE_WINDOW_MS,
        BACKOFF_FIRST_MS,
        BACKOFF_MAX_MS,
      );
    this.perName = { new: lane('login-name-new'), guessing: lane('login-name') };
  }

  /**
   * Lets one password check through and counts it, or throws a 429 that says how long to wait (and
   * counts nothing). Call before verifying, so parallel guesses cannot all slip past the counters: each
   * gate counts atomically, and when a later gate refuses (another request, maybe on another server, took
   * its last place meanwhile) the earlier ones are given back and the gates are read again. The lane is
   * the one the address's own count decides as it is taken, so parallel first attempts from one address
   * cannot all enter the new lane.
   */
  async begin(
    username: string,
    clientAddress: string,
    message: string,
    now = Date.now(),
  ): Promise<PasswordAttempt> {
    const name = nameKey(username);
    const address = `ip:${addressGroup(clientAddress)}`;
    const nameAtAddress = `${name}@${addressGroup(clientAddress)}`;
    for (let round = 0; round < MAX_BEGIN_ROUNDS; round++) {
      const expectedLane = laneOf((await this.perNameAndAddress.count(nameAtAddress, now)) + 1);
      const wait = Math.max(
        await this.perAddress.waitMs(address, now),
        await this.perNameAndAddress.waitMs(nameAtAddress, now),
        await this.perName[expectedLane].waitMs(name, now),
      );
      if (wait > 0) throw new RetryLaterError(message, secondsUntil(wait));
      if (!(await this.perAddress.hit(address, now))) continue;
      const fromAddress = await this.perNameAndAddress.hitCounting(nameAtAddress, now);
      if (fromAddress === null) {
        await this.perAddress.release(address, now);
        continue;
      }
      const lane = laneOf(fromAddress);
      if (await this.perName[lane].hit(name, now))
        return { succeeded: () => this.succeeded(name, clientAddress, lane) };
      await this.perAddress.release(address, now);
      await this.perNameAndAddress.release(nameAtAddress, now);
    }
    throw new RetryLaterError(message, 1, 503);
  }

  /** The right password ends this address's guessing; a sign-in is not a guess. */
  private async succeeded(name: string, clientAddress: string, lane: Lane): Promise<void> {
    const address = addressGroup(clientAddress);
    await this.perAddress.release(`ip:${address}`);
    await this.perNameAndAddress.reset(`${name}@${address}`);
    await this.perName[lane].release(name);
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
