/**
 * Upload slots per member and the floor rate (lib/upload-admission.ts), over a real socket: the app runs
 * under @hono/node-server on a free port, bodies are trickled with node:http as a slow (or hostile) client
 * would send them (docs/testing.md "Early refusals and keep-alive").
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { jpegBytes, sha256Of, signedIn } from '../sync/test-fixtures';
import { UPLOAD_TOO_SLOW_MESSAGE } from './upload-admission';

interface Running {
  t: TestApp;
  server: ServerType;
  port: number;
}

const running: Running[] = [];
const trickles: Trickle[] = [];
afterEach(async () => {
  for (const trickle of trickles.splice(0)) trickle.stop();
  for (const { t, server } of running.splice(0)) {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  }
});

async function listening(env: Record<string, string>): Promise<Running> {
  const t = await createTestApp(env);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const run = { t, server, port: (server.address() as AddressInfo).port };
  running.push(run);
  return run;
}

interface Answer {
  status: number;
  body: string;
  connection: string | undefined;
}

interface Trickle {
  /** Settles when the server answers, whenever that is. */
  answer: Promise<Answer>;
  answered(): boolean;
  stop(): void;
}

/**
 * A PUT of a photo's bytes announced at `length` bytes and sent `bytesPerTick` every `tickMs`: `bytes` are
 * sent as they are, then filler up to `length`.
 */
function trickle(
  port: number,
  cookie: string,
  bytes: Uint8Array,
  length: number,
  pace: { bytesPerTick: number; tickMs: number },
): Trickle {
  const body = new Uint8Array(length).fill(0x41);
  body.set(bytes);
  let sent = 0;
  let done = false;
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'PUT',
    path: `/api/sync/blobs/${sha256Of(bytes)}`,
    headers: { cookie, 'content-type': 'image/jpeg', 'content-length': String(length) },
  });
  const send = () => {
    if (done || sent >= length) return;
    const chunk = body.subarray(sent, sent + pace.bytesPerTick);
    sent += chunk.byteLength;
    req.write(chunk);
    if (sent >= length) req.end();
  };
  const timer = setInterval(send, pace.tickMs);
  send();
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      done = true;
      clearInterval(timer);
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => (text += part));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }),
      );
    });
    // Writing into a socket the server closed after answering: the answer is what counts.
    req.on('error', (err) => (done ? undefined : reject(err)));
  });
  answer.catch(() => undefined);
  const handle: Trickle = {
    answer,
    answered: () => done,
    stop() {
      done = true;
      clearInterval(timer);
      req.destroy();
    },
  };
  trickles.push(handle);
  return handle;
}

async function uploadPhoto(port: number, cookie: string, seed: number) {
  const bytes = await jpegBytes(seed);
  const res = await fetch(`http://127.0.0.1:${port}/api/sync/blobs/${sha256Of(bytes)}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'image/jpeg' },
    body: new Uint8Array(bytes),
  });
  await res.text();
  return res.status;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('upload slots per member', () => {
  it("four uploads trickling from one member (50 bytes a second) do not hold back a second member's upload", async () => {
    // A floor rate that never strikes here: the slots alone must let the second member through.
    const { t, port } = await listening({ UPLOAD_SLOW_GRACE_SECONDS: '600' });
    const slow = await signedIn(t, 'trickler');
    const other = await signedIn(t, 'neighbour');
    const photo = await jpegBytes(7);
    const held = [0, 1, 2, 3].map(() =>
      trickle(port, slow.client.cookie, photo, 200_000, { bytesPerTick: 50, tickMs: 1000 }),
    );
    // Let them reach the server and take whatever slots they may.
    await pause(500);

    const status = await Promise.race([
      uploadPhoto(port, other.client.cookie, 8),
      // Without per-member slots the upload waits for a trickle to end: end them after a while, so the
      // test fails rather than hangs.
      pause(15_000).then(() => {
        for (const h of held) h.stop();
        return 'still waiting';
      }),
    ]);
    expect(status).toBe(201);
    expect(held.map((h) => h.answered())).toEqual([false, false, false, false]);
  });
});

describe('the floor rate (UPLOAD_MIN_BYTES_PER_SECOND per UPLOAD_SLOW_GRACE_SECONDS)', () => {
  it('drops a body trickling below it with a 408 that closes the connection, and frees its slot', async () => {
    const { t, port } = await listening({
      UPLOAD_MIN_BYTES_PER_SECOND: '1000',
      UPLOAD_SLOW_GRACE_SECONDS: '1',
    });
    const member = await signedIn(t, 'slowcoach');
    const photo = await jpegBytes(9);
    const uploads = [0, 1].map(() =>
      trickle(port, member.client.cookie, photo, 200_000, { bytesPerTick: 50, tickMs: 1000 }),
    );
    for (const upload of uploads) {
      const answer = await upload.answer;
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 'request-timeout',
        message: UPLOAD_TOO_SLOW_MESSAGE,
      });
      expect(answer.connection).toBe('close');
    }
    // Both of the member's slots are free again.
    expect(await uploadPhoto(port, member.client.cookie, 10)).toBe(201);
  });

  it('keeps a body that arrives above it, however long it takes in all', async () => {
    const { t, port } = await listening({
      UPLOAD_MIN_BYTES_PER_SECOND: '1000',
      UPLOAD_SLOW_GRACE_SECONDS: '1',
    });
    const member = await signedIn(t, 'steady');
    // Noise does not compress: a photo of some 30 KB.
    const photo = new Uint8Array(
      await sharp({
        create: {
          width: 300,
          height: 200,
          channels: 3,
          background: '#806040',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .jpeg()
        .toBuffer(),
    );
    // 8 KB a second, eight times the floor, in small pieces: several windows long in all.
    const steady = trickle(port, member.client.cookie, photo, photo.byteLength, {
      bytesPerTick: 2000,
      tickMs: 250,
    });
    expect(photo.byteLength).toBeGreaterThan(16_000);
    const answer = await steady.answer;
    expect(answer.status).toBe(201);
  });
});
