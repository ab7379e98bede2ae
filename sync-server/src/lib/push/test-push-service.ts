/**
 * A local push service for tests (docs/testing.md): an http server on 127.0.0.1 that records every request
 * and answers 201, or the status a test chose for an endpoint. With a browser-like subscription (a real
 * P-256 key pair and auth secret), a test decrypts what the server sent as the browser would.
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { z } from 'zod';

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The browser's side: what decrypts the payload. */
  privateKey: ECDH;
}

export interface TestPushService {
  /** `127.0.0.1:port`, for PUSH_ALLOWED_HOSTS. */
  host: string;
  received: ReceivedPush[];
  /** What an endpoint path answers from now on (201 when not set). */
  answer(path: string, status: number): void;
  /** A new subscription at this service, as PushManager.subscribe() would make it. */
  subscription(): TestSubscription;
  /** The payload of a request, decrypted with the subscription's keys. */
  decrypt(push: ReceivedPush, subscription: TestSubscription): unknown;
  close(): Promise<void>;
}

let counter = 0;

export async function startTestPushService(): Promise<TestPushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = `127.0.0.1:${port}`;
  return {
    host,
    received,
    answer: (path, status) => void answers.set(path, status),
    subscription() {
      const privateKey = createECDH('prime256v1');
      privateKey.generateKeys();
      return {
        endpoint: `http://${host}/push/${++counter}-${randomBytes(6).toString('hex')}`,
        keys: {
          p256dh: privateKey.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
        privateKey,
      };
    },
    decrypt(push, subscription) {
      const plain = decrypt(push.body, {
        version: 'aes128gcm',
        privateKey: subscription.privateKey,
        authSecret: subscription.keys.auth,
      });
      return JSON.parse(plain.toString('utf8'));
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

const vapidClaims = z.object({ aud: z.string(), exp: z.number(), sub: z.string() });
export type VapidClaims = z.infer<typeof vapidClaims>;

/**
 * Reads a VAPID `Authorization: vapid t=<JWT>, k=<public key>` header (RFC 8292): the JWT's claims when its
 * ES256 signature verifies with `publicKey` (base64url, uncompressed P-256) and `k` is that key;
 * otherwise throws.
 */
export function verifyVapid(authorization: string, publicKey: string): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID header: ${authorization}`);
  const [, jwt = '', k] = match;
  if (k !== publicKey) throw new Error('the header names another key');
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the JWT signature does not verify');
  const alg: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
  if (typeof alg !== 'object' || alg === null || !('alg' in alg) || alg.alg !== 'ES256')
    throw new Error('the JWT is not ES256');
  return vapidClaims.parse(JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')));
}
