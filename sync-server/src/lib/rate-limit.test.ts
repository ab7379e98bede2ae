/**
 * The rate limits' counters in the database (lib/rate-limit.ts, lib/shared-counters.ts), on the engine under
 * test: fixed windows, backoff, refused hits never counted, expired rows pruned, no raw key stored, and
 * limiters on two connections to one database enforcing one limit under contention.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '@schema/db/tables';
import { anotherServer, createTestApp, type TestApp } from '../test/harness';
import { Backoff, RateLimiter } from './rate-limit';

const MINUTE = 60 * 1000;
const T0 = Date.parse('2031-05-01T09:00:00Z');

let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  other = await anotherServer(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('RateLimiter', () => {
  it('allows `limit` hits per window from the first; refusals are not counted and do not extend it', async () => {
    const limiter = new RateLimiter(t.db, 'test-window', 2, 10 * MINUTE);
    expect(await limiter.hit('k', T0)).toBe(true);
    expect(await limiter.hit('k', T0 + MINUTE)).toBe(true);
    expect(await limiter.hit('k', T0 + 2 * MINUTE)).toBe(false);
    expect(await limiter.waitMs('k', T0 + 2 * MINUTE)).toBe(8 * MINUTE);
    expect(await limiter.hit('k', T0 + 9 * MINUTE)).toBe(false);
    expect(await limiter.waitMs('k', T0 + 9 * MINUTE)).toBe(MINUTE);
    // The window began with the first hit: over at T0 + 10 min, a new one begins.
    expect(await limiter.hit('k', T0 + 10 * MINUTE)).toBe(true);
    expect(await limiter.waitMs('k', T0 + 10 * MINUTE)).toBe(0);
    // Other keys and other limiters count apart.
    expect(await limiter.hit('other', T0 + 2 * MINUTE)).toBe(true);
    expect(await new RateLimiter(t.db, 'test-window-2', 2, 10 * MINUTE).hit('k', T0 + 2 * MINUTE)).toBe(true);
  });

  it('gives back a hit (release) and forgets a key (reset)', async () => {
    const limiter = new RateLimiter(t.db, 'test-release', 1, 10 * MINUTE);
    expect(await limiter.hit('k', T0)).toBe(true);
    expect(await limiter.hit('k', T0)).toBe(false);
    await limiter.release('k', T0);
    expect(await limiter.hit('k', T0)).toBe(true);
    await limiter.reset('k');
    expect(await limiter.waitMs('k', T0)).toBe(0);
    expect(await limiter.hit('k', T0)).toBe(true);
  });

  it('stores a digest of the key under the limiter’s name, never the address, name or e-mail itself', async () => {
    await new RateLimiter(t.db, 'test-privacy', 5, MINUTE).hit('reset:someone@example.com', T0);
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    const mine = keys.filter((k) => k.startsWith('test-privacy:'));
    expect(mine).toHaveLength(1);
    expect(keys.join(' ')).not.toContain('someone');
  });

  it('prunes rows whose window has ended when a new counter starts', async () => {
    const later = T0 + 365 * 24 * 60 * MINUTE;
    const limiter = new RateLimiter(t.db, 'test-prune', 5, MINUTE);
    await limiter.hit('old', T0);
    await limiter.hit('new', later);
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys.filter((k) => k.startsWith('test-prune:'))).toHaveLength(1);
  });

  it('limiters of two servers on one database never let more than `limit` through together', async () => {
    const here = new RateLimiter(t.db, 'test-contended', 5, 10 * MINUTE);
    const there = new RateLimiter(other.db, 'test-contended', 5, 10 * MINUTE);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, n) => (n % 2 ? here : there).hit('k', T0 + n)),
    );
    expect(answers.filter(Boolean)).toHaveLength(5);
    expect(await here.waitMs('k', T0 + 30)).toBeGreaterThan(0);
  });
});

describe('Backoff', () => {
  it('lets `free` attempts pass, then doubles the wait after each up to the most', async () => {
    const backoff = new Backoff(t.db, 'test-backoff', 2, 60 * MINUTE, 1000, 4000);
    let now = T0;
    expect(await backoff.hit('k', now)).toBe(true);
    expect(await backoff.hit('k', now)).toBe(true);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const wait = await backoff.waitMs('k', now);
      waits.push(wait);
      expect(await backoff.hit('k', now)).toBe(false);
      now += wait;
      expect(await backoff.hit('k', now)).toBe(true);
    }
    expect(waits).toEqual([1000, 2000, 4000, 4000]);
    await backoff.reset('k');
    expect(await backoff.waitMs('k', now)).toBe(0);
  });
});
