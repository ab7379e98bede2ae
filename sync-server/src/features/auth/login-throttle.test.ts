/**
 * Sign-in and sign-up throttles (throttle.ts): nobody can lock a member out by guessing their public
 * username, guessing is still slowed, and refused attempts are never counted.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountMessages, authMessages } from '@schema/contracts/auth';
import { createTestApp, type TestApp } from '../../test/harness';
import { requestFrom, sessionCookieOf } from './test-utils';

const MINUTE = 60 * 1000;

afterEach(() => vi.useRealTimers());

/** Moves the clock the throttles read (Date only: scrypt and the test runner keep real timers). */
function clockAt(start: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
  return (ms: number) => vi.setSystemTime(start + ms);
}

describe('login rate limiting (LOGIN_RATE_LIMIT=3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
    for (const name of ['target', 'resetter', 'victim', 'windowed']) await t.member(name, 'right-password');
  });
  afterAll(() => t.close());

  const attempt = (address: string, username: string, password: string) =>
    requestFrom(t, address, 'POST', '/api/users/login', { username, password });

  it('slows guessing one name from many addresses with a backoff; the right password gets in after the wait', async () => {
    const at = clockAt(Date.parse('2030-01-01T10:00:00Z'));
    // Three addresses' worth of attempts (3 × 3) are free, each address staying within its own limit.
    for (let i = 1; i <= 9; i += 1)
      expect((await attempt(`198.51.100.${i}`, 'target', 'wrong')).status).toBe(401);
    const slowed = await attempt('198.51.100.10', 'TARGET', 'wrong');
    expect(slowed.status).toBe(429);
    expect(slowed.json).toMatchObject({ message: authMessages.tooManyAttempts, code: 'rate-limited' });
    expect(slowed.headers.get('retry-after')).toBe('1');
    // Within the wait even the right password waits (nobody can tell the owner from a lucky guess)…
    expect((await attempt('198.51.100.11', 'target', 'right-password')).status).toBe(429);
    // …and after it, the owner is in: a backoff, not a wall.
    at(1100);
    expect((await attempt('198.51.100.11', 'target', 'right-password')).status).toBe(200);
  });

  it('doubles the wait with each further guess, up to a minute', async () => {
    const at = clockAt(Date.parse('2030-01-02T10:00:00Z'));
    await t.member('doubling', 'right-password');
    for (let i = 1; i <= 9; i += 1) await attempt(`100.64.0.${i}`, 'doubling', 'wrong');
    let now = 0;
    for (const expected of ['1', '2', '4', '8', '16', '32', '60', '60']) {
      const refused = await attempt('100.64.0.200', 'doubling', 'wrong');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(expected);
      now += Number(expected) * 1000;
      at(now);
      // One guess per wait from yet another address; the refused knock above moved nothing.
      expect((await attempt(`100.64.0.${100 + Number(expected)}`, 'doubling', 'wrong')).status).toBe(401);
    }
  });

  it('stops one address trying many names', async () => {
    for (const name of ['n1', 'n2', 'n3']) expect((await attempt('203.0.113.9', name, 'x')).status).toBe(404);
    expect((await attempt('203.0.113.9', 'n4', 'x')).status).toBe(429);
    // Another address is not affected.
    expect((await attempt('203.0.113.10', 'n4', 'x')).status).toBe(404);
  });

  it('does not count a successful sign-in against the name', async () => {
    expect((await attempt('192.0.2.1', 'resetter', 'wrong')).status).toBe(401);
    expect((await attempt('192.0.2.2', 'resetter', 'wrong')).status).toBe(401);
    expect((await attempt('192.0.2.3', 'resetter', 'right-password')).status).toBe(200);
    expect((await attempt('192.0.2.4', 'resetter', 'wrong')).status).toBe(401);
    expect((await attempt('192.0.2.5', 'resetter', 'wrong')).status).toBe(401);
    expect((await attempt('192.0.2.6', 'resetter', 'right-password')).status).toBe(200);
  });

  it('never counts refused attempts: an address already stopped cannot lock another member out', async () => {
    for (const name of ['m1', 'm2', 'm3']) expect((await attempt('198.18.0.1', name, 'x')).status).toBe(404);
    // Refused by the address limit: these must not count against 'victim'.
    for (let i = 0; i < 5; i += 1) expect((await attempt('198.18.0.1', 'victim', 'x')).status).toBe(429);
    expect((await attempt('198.18.0.2', 'victim', 'right-password')).status).toBe(200);
  });

  it('refused attempts do not extend the window: it ends 15 minutes after the first counted one', async () => {
    const at = clockAt(Date.parse('2030-01-03T10:00:00Z'));
    for (let i = 0; i < 3; i += 1) expect((await attempt('198.18.1.1', 'windowed', 'x')).status).toBe(401);
    at(10 * MINUTE);
    for (let i = 0; i < 5; i += 1) {
      const refused = await attempt('198.18.1.1', 'windowed', 'right-password');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('300');
    }
    at(15 * MINUTE + 1000);
    expect((await attempt('198.18.1.1', 'windowed', 'right-password')).status).toBe(200);
  });

  it('counts an IPv6 client by its /64, so rotating addresses inside it does not help', async () => {
    for (const host of ['1', '2', '3'])
      expect((await attempt(`2001:db8:5:6::${host}`, `v6-${host}`, 'x')).status).toBe(404);
    expect((await attempt('2001:db8:5:6:ffff::9', 'v6-4', 'x')).status).toBe(429);
    expect((await attempt('2001:db8:5:7::1', 'v6-4', 'x')).status).toBe(404);
  });

  it('ignores X-Forwarded-For from a public socket: the socket address counts', async () => {
    for (const spoof of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      const res = await requestFrom(
        t,
        '198.51.100.77',
        'POST',
        '/api/users/login',
        { username: `x-${spoof}`, password: 'x' },
        { 'x-forwarded-for': spoof },
      );
      expect(res.status).toBe(404);
    }
    const res = await requestFrom(
      t,
      '198.51.100.77',
      'POST',
      '/api/users/login',
      { username: 'x-4', password: 'x' },
      { 'x-forwarded-for': '10.0.0.4' },
    );
    expect(res.status).toBe(429);
  });
});

describe('the owner is never locked out from another address (default LOGIN_RATE_LIMIT=10)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '' });
    await t.member('owner', 'right-password');
  });
  afterAll(() => t.close());

  it('ten wrong attempts from address A do not stop the owner from address B', async () => {
    const attempt = (address: string, password: string) =>
      requestFrom(t, address, 'POST', '/api/users/login', { username: 'owner', password });
    for (let i = 0; i < 10; i += 1) expect((await attempt('198.51.100.1', 'wrong')).status).toBe(401);
    expect((await attempt('198.51.100.1', 'wrong')).status).toBe(429);
    expect((await attempt('198.51.100.1', 'right-password')).status).toBe(429);
    expect((await attempt('203.0.113.1', 'right-password')).status).toBe(200);
  });
});

describe('an attack from 12 addresses polling 20 times a second (default LOGIN_RATE_LIMIT=10)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '' });
    await t.member('besieged', 'right-password');
  });
  afterAll(() => t.close());

  const ATTACKERS = 12;
  const POLL_MS = 50;
  /** Simulated time the attack runs before the owner tries: long past the free attempts, into the backoff. */
  const ATTACK_BEFORE_OWNER_MS = 20 * 1000;
  const OWNER_TRIES_EVERY_MS = 5 * 1000;
  const OWNER = '203.0.113.200';

  it('lets the owner in, from an address with no recent failures, within a minute; guessing stays slow', async () => {
    const at = clockAt(Date.parse('2030-02-01T10:00:00Z'));
    const guesses = { counted: 0, refused: 0 };
    /** One round of polls: each attacker knocks once, a few milliseconds apart, in the same order. */
    const poll = async (tick: number) => {
      for (let i = 0; i < ATTACKERS; i += 1) {
        at(tick + i * 4);
        const res = await requestFrom(t, `198.51.100.${20 + i}`, 'POST', '/api/users/login', {
          username: 'besieged',
          password: `guess-${tick}-${i}`,
        });
        if (res.status === 401) guesses.counted += 1;
        else if (res.status === 429) guesses.refused += 1;
        else throw new Error(`unexpected answer to a guess: ${res.status}`);
      }
    };
    const attemptAsOwner = async (tick: number, body: Record<string, unknown>) => {
      // Between two attackers' knocks of the same round.
      at(tick + 25);
      return requestFrom(t, OWNER, 'POST', '/api/users/login', body);
    };

    let tick = 0;
    for (; tick < ATTACK_BEFORE_OWNER_MS; tick += POLL_MS) await poll(tick);
    expect(guesses.refused).toBeGreaterThan(guesses.counted);

    let signedInAt: number | null = null;
    let session = '';
    let ownerId = 0;
    for (; tick <= ATTACK_BEFORE_OWNER_MS + 60 * 1000 && signedInAt === null; tick += POLL_MS) {
      await poll(tick);
      if ((tick - ATTACK_BEFORE_OWNER_MS) % OWNER_TRIES_EVERY_MS !== 0) continue;
      const res = await attemptAsOwner(tick, { username: 'besieged', password: 'right-password' });
      if (res.status === 200) {
        signedInAt = tick;
        session = (sessionCookieOf(res.headers) ?? '').split(';')[0] ?? '';
        ownerId = Number(res.json.id);
      } else expect(res.status).toBe(429);
    }
    expect(signedInAt).not.toBeNull();

    // Still under attack, the current password asked before changing it is let through as well.
    for (let i = 0; i < 20; i += 1, tick += POLL_MS) await poll(tick);
    at(tick + 25);
    const change = await requestFrom(
      t,
      OWNER,
      'PATCH',
      `/api/users/${ownerId}`,
      { password: 'new-right-password', currentPassword: 'right-password' },
      { cookie: session },
    );
    expect(change.status).toBe(200);

    // Guessing stays slow: the free attempts of the two lanes, then one guess per backoff wait.
    expect(guesses.counted).toBeLessThanOrEqual(ATTACKERS + 30 + 8);
    // About 6,000 requests through the app in process: 11 s on an idle machine, over the suite's 20 s default
    // under a loaded CI run. The clock is simulated, so the time allowed here changes no result.
  }, 90_000);
});

describe('sign-ups per address (SIGNUP_RATE_LIMIT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNUP_RATE_LIMIT: '2' });
  });
  afterAll(() => t.close());

  const signUp = (address: string, username: string) =>
    requestFrom(t, address, 'POST', '/api/users/register', {
      username,
      email: `${username}@example.com`,
      password: 'secret-password',
    });

  it('lets one address create SIGNUP_RATE_LIMIT accounts an hour, counting only accounts created', async () => {
    expect((await signUp('198.51.100.5', 'first')).status).toBe(201);
    // A refused sign-up (the name is taken) does not use the allowance.
    expect((await signUp('198.51.100.5', 'first')).status).toBe(409);
    expect((await signUp('198.51.100.5', 'second')).status).toBe(201);
    const refused = await signUp('198.51.100.5', 'third');
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ message: accountMessages.tooManySignups, code: 'rate-limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await signUp('203.0.113.5', 'third')).status).toBe(201);
  });

  it('defaults to 5 an hour', async () => {
    const defaults = await createTestApp({ SIGNUP_RATE_LIMIT: '' });
    try {
      for (let i = 1; i <= 5; i += 1) {
        const res = await requestFrom(defaults, '198.51.100.9', 'POST', '/api/users/register', {
          username: `member${i}`,
          email: `member${i}@example.com`,
          password: 'secret-password',
        });
        expect(res.status).toBe(201);
      }
      const sixth = await requestFrom(defaults, '198.51.100.9', 'POST', '/api/users/register', {
        username: 'member6',
        email: 'member6@example.com',
        password: 'secret-password',
      });
      expect(sixth.status).toBe(429);
    } finally {
      await defaults.close();
    }
  });
});
