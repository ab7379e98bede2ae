/**
 * Several app servers on one database, as behind a load balancer: nothing a request relies on is kept only
 * in one server's memory. A session made on one server works on the other; every rate limit counts in the
 * database (lib/rate-limit.ts), so attempts split between the servers still reach the one limit. On
 * PostgreSQL the servers have a connection pool each; on SQLite, a connection each to the same file.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_INTENTS_PER_WINDOW } from '@schema/contracts/donation';
import { requestFrom, sessionCookieOf } from './features/auth/test-utils';
import { startTestStripeServer, type TestStripeServer } from './features/donations/test-stripe-server';
import { anotherServer, createTestApp, type TestApp } from './test/harness';

const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_local',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
  STRIPE_WEBHOOK_SECRET: 'whsec_local',
};

let stripe: TestStripeServer;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  stripe = await startTestStripeServer();
  const env = {
    LOGIN_RATE_LIMIT: '3',
    SIGNUP_RATE_LIMIT: '2',
    UPLOAD_RATE_LIMIT: '2',
    ...STRIPE_KEYS,
    ...stripe.env,
  };
  a = await createTestApp(env);
  b = await anotherServer(a, env);
});
afterAll(async () => {
  await b.close();
  await a.close();
  await stripe.close();
});

/** Server a, b, a, b… for the n-th request. */
const alternate = (n: number) => (n % 2 === 0 ? a : b);

let members = 0;
/** Signs a member up on `server`, each from an address of their own (SIGNUP_RATE_LIMIT is low here). */
async function signUp(server: TestApp, username: string, password = 'right-password') {
  const res = await requestFrom(server, `10.20.0.${++members}`, 'POST', '/api/users/register', {
    username,
    email: `${username}@example.com`,
    password,
  });
  expect(res.status).toBe(201);
  const client = server.client();
  client.cookie = (sessionCookieOf(res.headers) ?? '').split(';')[0] ?? '';
  return client;
}

async function photoForm(seed: number): Promise<FormData> {
  const bytes = await sharp({
    create: { width: 24, height: 24, channels: 3, background: { r: seed, g: 9, b: 9 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'find.jpg');
  form.append('kind', 'photo');
  return form;
}

describe('two app servers on one database', () => {
  it('a session made on one server is valid on the other, and signing out on one ends it on both', async () => {
    await signUp(b, 'roamer');
    const browser = a.client();
    const signIn = await browser.post('/api/users/login', { username: 'roamer', password: 'right-password' });
    expect(signIn.status).toBe(200);
    // The same cookie, sent to the other server.
    const onB = b.client();
    onB.cookie = browser.cookie;
    expect((await onB.get('/api/auth/user')).json).toMatchObject({ username: 'roamer' });
    expect((await onB.post('/api/users/logout')).status).toBe(200);
    const afterSignOut = await browser.get('/api/auth/user');
    expect(afterSignOut.status).toBe(401);
  });

  it('login attempts split between the servers reach one limit per address', async () => {
    for (let n = 0; n < 3; n++) {
      const res = await requestFrom(alternate(n), '198.51.100.40', 'POST', '/api/users/login', {
        username: `nobody${n}`,
        password: 'x',
      });
      expect(res.status).toBe(404);
    }
    for (const server of [a, b]) {
      const refused = await requestFrom(server, '198.51.100.40', 'POST', '/api/users/login', {
        username: 'nobody9',
        password: 'x',
      });
      expect(refused.status).toBe(429);
    }
  });

  it('the backoff on one name counts guesses made on either server', async () => {
    await signUp(a, 'guarded');
    // LOGIN_RATE_LIMIT 3 × 3 addresses' worth of free guesses, from nine addresses, on alternating servers.
    for (let n = 0; n < 9; n++) {
      const res = await requestFrom(alternate(n), `203.0.113.${n + 1}`, 'POST', '/api/users/login', {
        username: 'guarded',
        password: 'wrong',
      });
      expect(res.status).toBe(401);
    }
    const slowed = await requestFrom(b, '203.0.113.50', 'POST', '/api/users/login', {
      username: 'guarded',
      password: 'wrong',
    });
    expect(slowed.status).toBe(429);
    expect(slowed.headers.get('retry-after')).toBe('1');
  });

  it('parallel attempts on both servers never get past the limit', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        requestFrom(alternate(n), '192.0.2.77', 'POST', '/api/users/login', {
          username: `ghost${n}`,
          password: 'x',
        }),
      ),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 404)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
  });

  it('sign-ups from one address split between the servers share one allowance', async () => {
    const fromOneAddress = (server: TestApp, username: string) =>
      requestFrom(server, '198.51.100.60', 'POST', '/api/users/register', {
        username,
        email: `${username}@example.com`,
        password: 'secret-password',
      });
    expect((await fromOneAddress(a, 'split1')).status).toBe(201);
    expect((await fromOneAddress(b, 'split2')).status).toBe(201);
    expect((await fromOneAddress(a, 'split3')).status).toBe(429);
    expect((await fromOneAddress(b, 'split3')).status).toBe(429);
  });

  it('a member’s uploads on either server count towards one allowance', async () => {
    const client = await signUp(a, 'uploader');
    const onB = b.client();
    onB.cookie = client.cookie;
    expect((await client.post('/api/upload', await photoForm(1))).status).toBe(201);
    expect((await onB.post('/api/upload', await photoForm(2))).status).toBe(201);
    const refused = await client.post('/api/upload', await photoForm(3));
    expect(refused.status).toBe(429);
    expect((await onB.post('/api/upload', await photoForm(4))).status).toBe(429);
  });

  it('payment intents from one address split between the servers share one allowance', async () => {
    for (let n = 0; n < PAYMENT_INTENTS_PER_WINDOW; n++) {
      // Refused input counts as well (each attempt may cost a call to Stripe).
      const res = await requestFrom(alternate(n), '198.51.100.80', 'POST', '/api/create-payment-intent', {
        amount: 0,
      });
      expect(res.status).toBe(400);
    }
    for (const server of [a, b]) {
      const refused = await requestFrom(server, '198.51.100.80', 'POST', '/api/create-payment-intent', {
        amount: 10,
      });
      expect(refused.status).toBe(429);
    }
  });

  it('password-reset requests from one address split between the servers share one allowance', async () => {
    for (let n = 0; n < 3; n++) {
      const res = await requestFrom(alternate(n), '198.51.100.90', 'POST', '/api/users/reset-password', {
        email: `someone${n}@example.com`,
      });
      expect(res.status).toBe(200);
    }
    const refused = await requestFrom(b, '198.51.100.90', 'POST', '/api/users/reset-password', {
      email: 'someone9@example.com',
    });
    expect(refused.status).toBe(429);
  });
});
