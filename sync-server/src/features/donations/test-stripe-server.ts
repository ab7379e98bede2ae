/**
 * A tiny Stripe-compatible HTTP server for tests: the real `stripe` SDK is pointed at it (host, port,
 * protocol), so no test ever contacts Stripe. It answers POST /v1/payment_intents like Stripe does (form
 * body in, JSON intent out, same intent for a replayed Idempotency-Key), records every request for
 * assertions, and can be told to fail.
 */
import { randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body, keys as sent (`metadata[email]` …). */
  form: Record<string, string>;
}

export interface StripeFailure {
  status: number;
  type?: string;
  code?: string;
  message: string;
}

export interface TestPaymentIntent {
  id: string;
  object: 'payment_intent';
  client_secret: string;
  amount: number;
  currency: string;
  status: 'requires_payment_method';
  metadata: Record<string, string>;
  description: string | null;
  livemode: false;
}

export interface TestStripeServer {
  requests: RecordedRequest[];
  /** The env vars that point the app's Stripe SDK here. */
  env: Record<string, string>;
  /** The next `times` intent creations fail with this Stripe error. */
  failNext(failure: StripeFailure, times?: number): void;
  reset(): void;
  close(): Promise<void>;
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Request-Id': `req_${randomBytes(6).toString('hex')}`,
    ...headers,
  });
  res.end(JSON.stringify(body));
}

function metadataOf(form: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

export async function startTestStripeServer(): Promise<TestStripeServer> {
  const requests: RecordedRequest[] = [];
  const byIdempotencyKey = new Map<string, TestPaymentIntent>();
  let failures: { failure: StripeFailure; remaining: number } | null = null;
  let counter = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const path = req.url ?? '/';
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, form });

      if (req.method !== 'POST' || path !== '/v1/payment_intents') {
        return send(res, 404, {
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${req.method}: ${path})`,
          },
        });
      }
      if (failures && failures.remaining > 0) {
        const { failure } = failures;
        failures.remaining -= 1;
        // Stripe tells its SDKs not to retry a decline; without this the SDK's retries would hide the failure.
        return send(
          res,
          failure.status,
          { error: { type: failure.type ?? 'card_error', code: failure.code, message: failure.message } },
          { 'Stripe-Should-Retry': 'false' },
        );
      }
      const key = req.headers['idempotency-key'];
      const replayed = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      if (replayed) return send(res, 200, replayed, { 'Idempotent-Replayed': 'true' });

      counter += 1;
      const id = `pi_test_${counter}_${randomBytes(4).toString('hex')}`;
      const intent: TestPaymentIntent = {
        id,
        object: 'payment_intent',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        amount: Number(form['amount']),
        currency: form['currency'] ?? 'usd',
        status: 'requires_payment_method',
        metadata: metadataOf(form),
        description: form['description'] ?? null,
        livemode: false,
      };
      if (typeof key === 'string') byIdempotencyKey.set(key, intent);
      return send(res, 200, intent);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('test Stripe server has no TCP address');
  const { port } = address;

  return {
    requests,
    env: { STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(port), STRIPE_API_PROTOCOL: 'http' },
    failNext(failure, times = 1) {
      failures = { failure, remaining: times };
    },
    reset() {
      requests.length = 0;
      failures = null;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
