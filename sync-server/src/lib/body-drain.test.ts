/**
 * Rejections answered before the body is read must reach a real client over a real socket (docs/api.md
 * "Status codes"): the app runs under @hono/node-server on a free port and Node's own fetch talks to it,
 * keeping its connections alive between requests as a browser does.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let server: ServerType;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const MB = 1024 * 1024;

/** A multipart body with one file part of `size` bytes (content irrelevant: it is refused first). */
function upload(field: string, size: number, type = 'image/jpeg'): FormData {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(size).fill(0x41)], { type }), 'photo.jpg');
  return body;
}

async function send(path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  return { status: res.status, json, headers: res.headers };
}

/** A normal request on the same client right after a rejection: the connection must still serve. */
async function expectClientStillWorks() {
  const health = await send('/api/health');
  expect(health.status).toBe(200);
  expect(health.json).toEqual({ ok: true });
}

async function signIn(): Promise<string> {
  const res = await fetch(`${base}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'wire', email: 'wire@example.com', password: 'secret-password' }),
  });
  expect(res.status).toBe(201);
  await res.text();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('dq_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0] ?? '';
}

describe('rejections before the body is read reach the client (real socket, Node fetch)', () => {
  let cookie = '';
  beforeAll(async () => {
    cookie = await signIn();
  });

  it('answers an anonymous 3 MB photo upload 401 with the JSON error', async () => {
    const res = await send('/api/upload', { method: 'POST', body: upload('file', 3 * MB) });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 'unauthenticated', message: 'Please log in' });
    await expectClientStillWorks();
  });

  it('answers an anonymous 3 MB forum picture and avatar upload 401 too', async () => {
    for (const [path, field] of [
      ['/api/upload-image', 'image'],
      ['/api/users/2/avatar', 'avatar'],
    ] as const) {
      const res = await send(path, { method: 'POST', body: upload(field, 3 * MB) });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: 'unauthenticated' });
      await expectClientStillWorks();
    }
  });

  it('answers an anonymous 3 MB photo sent by the sync engine (PUT /api/sync/blobs) 401', async () => {
    const res = await send(`/api/sync/blobs/${'a'.repeat(64)}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array(3 * MB),
    });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 'unauthenticated' });
    await expectClientStillWorks();
  });

  it('answers a signed-in 7 MB upload 413 with the JSON error', async () => {
    const res = await send('/api/upload', {
      method: 'POST',
      headers: { cookie },
      body: upload('file', 7 * MB),
    });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({
      code: 'payload-too-large',
      message: 'Please upload an image smaller than 5MB.',
    });
    await expectClientStillWorks();
  });

  it('answers a file that is not an image 415 with the JSON error', async () => {
    const res = await send('/api/upload', {
      method: 'POST',
      headers: { cookie },
      body: upload('file', 64 * 1024, 'text/plain'),
    });
    expect(res.status).toBe(415);
    expect(res.json).toMatchObject({ code: 'unsupported-media-type' });
    await expectClientStillWorks();
  });

  it('answers an oversized JSON write 413 with the JSON error', async () => {
    const res = await send('/api/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(2 * MB) }),
    });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: 'payload-too-large' });
    await expectClientStillWorks();
  });

  it('answers an oversized JSON write sent without a length (chunked) 413 too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(256 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 2 * MB) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await send('/api/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: 'payload-too-large' });
    await expectClientStillWorks();
  });

  it('answers a cross-site write 403 before reading its body', async () => {
    const res = await send('/api/upload', {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example' },
      body: upload('file', 3 * MB),
    });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: 'csrf-rejected' });
    await expectClientStillWorks();
  });

  it('waits for a slow client (a phone on a weak signal) to finish sending before answering', async () => {
    // 16 pieces 80 ms apart: well over the half second @hono/node-server gives its own drain.
    const piece = new Uint8Array(128 * 1024).fill(0x41);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 16) return controller.close();
        await new Promise((resolve) => setTimeout(resolve, 80));
        sent += 1;
        controller.enqueue(piece);
      },
    });
    const res = await send('/api/upload', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'multipart/form-data; boundary=x' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: 'csrf-rejected' });
    await expectClientStillWorks();
  });

  it('closes the connection after the answer when a refused body is larger than it reads away', async () => {
    const res = await send('/api/upload', { method: 'POST', body: upload('file', 40 * MB) });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: 'payload-too-large' });
    expect(res.headers.get('connection')).toBe('close');
    await expectClientStillWorks();
  });

  it('answers a write to an unknown API path 404 with its body unread', async () => {
    const res = await send('/api/no-such-thing', { method: 'POST', body: upload('file', MB / 2) });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: 'not-found' });
    await expectClientStillWorks();
  });
});
