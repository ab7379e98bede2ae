/**
 * Limits on what clients may do. Rate limits (RateLimiter, Backoff) count in the database (table
 * `rate_limits`, lib/shared-counters.ts), so several app servers on one database enforce one limit, and a
 * test app, which has a database of its own, starts clean. Refused requests are never counted: a client
 * that keeps knocking while refused neither uses up anyone's allowance nor keeps its own window open.
 *
 * ConcurrencyLimit is the exception, in memory on purpose: it bounds the work one process does at once
 * (image encodes, bodies read) to protect that process's memory and CPU, which no other server shares.
 */
import type { Store } from './db';
import { HttpError } from './errors';
import {
  changeCounter,
  clearCounter,
  counterKey,
  giveBackOne,
  readCounter,
  type Counter,
} from './shared-counters';

/**
 * A refusal that says when to come back (429 rate limited, or 503 busy); app.onError turns
 * `retryAfterSeconds` into a Retry-After header. The web app's sync engine retries both later.
 */
export class RetryLaterError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    status: 429 | 503 = 429,
  ) {
    super(status, status === 429 ? 'rate-limited' : 'busy', message);
  }
}

/**
 * At most `size` tasks at once in this process, the others waiting in arrival order; when `maxWaiting` already wait, the
 * next is refused with a 503 instead of piling up (each waiting upload would hold its socket, and soon its
 * body, in memory).
 */
export class ConcurrencyLimit {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly size: number,
    readonly maxWaiting: number,
    private readonly busyMessage: string,
  ) {}

  get busy(): number {
    return this.active;
  }

  /** Nothing running and nobody waiting. */
  get idle(): boolean {
    return this.active === 0 && this.waiting.length === 0;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) {
      if (this.waiting.length >= this.maxWaiting) throw new RetryLaterError(this.busyMessage, 5, 503);
      // The finishing task hands its slot over (active stays counted), so nobody can jump the queue.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

export const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Counts per key in windows of `windowLength` ms that begin with the first counted hit, in the shared table;
 * `name` keeps each limiter's keys apart there. Subclasses say how long a counter makes the next hit wait.
 */
abstract class SharedCounter {
  constructor(
    protected readonly store: Store,
    private readonly name: string,
    protected readonly windowLength: number,
  ) {}

  /** How long `counter` (undefined: none in a live window) makes the next hit wait; 0: no wait. */
  protected abstract wait(counter: Counter | undefined, now: number): number;

  protected id(key: string): string {
    return counterKey(this.name, key);
  }

  /** Milliseconds until the key may be hit again; 0 when it may now. Counts nothing. */
  async waitMs(key: string, now = Date.now()): Promise<number> {
    return this.wait(await readCounter(this.store, this.id(key), now), now);
  }

  /** The hits counted in the key's live window (0 when it has none). Counts nothing. */
  async count(key: string, now = Date.now()): Promise<number> {
    return (await readCounter(this.store, this.id(key), now))?.count ?? 0;
  }

  /** Counts a hit when the key need not wait and answers true; a refused hit is not counted. */
  async hit(key: string, now = Date.now()): Promise<boolean> {
    return (await this.hitCounting(key, now)) !== null;
  }

  /**
   * Like `hit`, answering the count this hit reached (1: the window's first) or null when refused: one
   * atomic step, so of parallel hits exactly one sees any given count.
   */
  async hitCounting(key: string, now = Date.now()): Promise<number | null> {
    let reached = 0;
    const counted = await changeCounter(this.store, this.id(key), now, (current) => {
      if (this.wait(current, now) > 0) return null;
      const next = current
        ? { ...current, count: current.count + 1, lastAt: now }
        : { count: 1, windowStart: now, windowEnds: now + this.windowLength, lastAt: now };
      reached = next.count;
      return next;
    });
    return counted ? reached : null;
  }

  /** Gives back counted hits (e.g. a sign-up that failed after it was let through). */
  release(key: string, now = Date.now(), amount = 1): Promise<void> {
    return giveBackOne(this.store, this.id(key), now, amount);
  }

  reset(key: string): Promise<void> {
    return clearCounter(this.store, this.id(key));
  }
}

/** A fixed window per key: `limit` counted hits, then refusals until the window that began with the first ends. */
export class RateLimiter extends SharedCounter {
  constructor(
    store: Store,
    name: string,
    private readonly limit: number,
    windowMs: number,
  ) {
    super(store, name, windowMs);
  }

  /**
   * Counts as many of `wanted` hits as the window has room for, in one atomic step, and answers how many
   * that was (0: none, nothing counted).
   */
  async hitUpTo(key: string, wanted: number, now = Date.now()): Promise<number> {
    let granted = 0;
    const counted = await changeCounter(this.store, this.id(key), now, (current) => {
      granted = Math.min(wanted, this.limit - (current?.count ?? 0));
      if (granted <= 0) return null;
      return current
        ? { ...current, count: current.count + granted, lastAt: now }
        : { count: granted, windowStart: now, windowEnds: now + this.windowLength, lastAt: now };
    });
    return counted ? granted : 0;
  }

  protected wait(counter: Counter | undefined, now: number): number {
    return counter && counter.count >= this.limit ? counter.windowEnds - now : 0;
  }
}

/**
 * Backoff instead of a wall: the first `free` hits in a window pass; after that each must wait after the
 * previous one, twice as long each time from `firstDelayMs` up to `maxDelayMs`. Refused hits move nothing.
 * Nobody is locked out for the window: whoever knocks after the wait gets through.
 */
export class Backoff extends SharedCounter {
  constructor(
    store: Store,
    name: string,
    private readonly free: number,
    windowMs: number,
    private readonly firstDelayMs: number,
    private readonly maxDelayMs: number,
  ) {
    super(store, name, windowMs);
  }

  protected wait(counter: Counter | undefined, now: number): number {
    if (!counter || counter.count < this.free) return 0;
    const delay = Math.min(this.maxDelayMs, this.firstDelayMs * 2 ** (counter.count - this.free));
    return Math.max(0, counter.lastAt + delay - now);
  }
}
