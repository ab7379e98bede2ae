/**
 * Small in-memory limits, enough for one server process; each app builds its own, so every test app
 * starts clean. Refused requests are never counted: a client that keeps knocking while refused neither
 * uses up anyone's allowance nor keeps its own window open.
 */
import { HttpError } from './errors';

/** Keys past this many are pruned of expired entries, so a flood of one-off keys cannot grow memory. */
const PRUNE_ABOVE = 10_000;

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
 * At most `size` tasks at once, the others waiting in arrival order; when `maxWaiting` already wait, the
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

/** A fixed window per key: `limit` counted hits, then refusals until the window that began with the first ends. */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until the key may be hit again; 0 when it may now. Counts nothing. */
  waitMs(key: string, now = Date.now()): number {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now || entry.count < this.limit) return 0;
    return entry.resetAt - now;
  }

  /** Counts a hit when the key is within its limit and answers true; a refused hit is not counted. */
  hit(key: string, now = Date.now()): boolean {
    if (this.waitMs(key, now) > 0) return false;
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.hits.size > PRUNE_ABOVE) this.prune(now);
    } else {
      entry.count += 1;
    }
    return true;
  }

  isLimited(key: string, now = Date.now()): boolean {
    return this.waitMs(key, now) > 0;
  }

  /** Gives back one counted hit (e.g. a sign-up that failed after it was let through). */
  release(key: string): void {
    const entry = this.hits.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

/**
 * Backoff instead of a wall: the first `free` attempts in a window pass; after that each attempt must wait
 * after the previous one, twice as long each time from `firstDelayMs` up to `maxDelayMs`. Refused attempts
 * move nothing. Nobody is locked out for the window: whoever knocks after the wait gets through.
 */
export class Backoff {
  private readonly state = new Map<string, { attempts: number; lastAt: number; resetAt: number }>();

  constructor(
    private readonly free: number,
    private readonly windowMs: number,
    private readonly firstDelayMs: number,
    private readonly maxDelayMs: number,
  ) {}

  /** Milliseconds to wait before the key's next attempt; 0 when it may try now. */
  waitMs(key: string, now = Date.now()): number {
    const entry = this.state.get(key);
    if (!entry || entry.resetAt <= now || entry.attempts < this.free) return 0;
    const delay = Math.min(this.maxDelayMs, this.firstDelayMs * 2 ** (entry.attempts - this.free));
    return Math.max(0, entry.lastAt + delay - now);
  }

  /** Records an attempt that was let through. */
  record(key: string, now = Date.now()): void {
    const entry = this.state.get(key);
    if (!entry || entry.resetAt <= now) {
      this.state.set(key, { attempts: 1, lastAt: now, resetAt: now + this.windowMs });
      if (this.state.size > PRUNE_ABOVE) this.prune(now);
      return;
    }
    entry.attempts += 1;
    entry.lastAt = now;
  }

  reset(key: string): void {
    this.state.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.state) if (entry.resetAt <= now) this.state.delete(key);
  }
}
