import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import {
  acceptedQuality,
  brotliOptions,
  compressJson,
  COMPRESS_MIN_BYTES,
  COMPRESS_SYNC_MAX_BYTES,
} from './compression';

describe('Accept-Encoding', () => {
  it('reads q-values, the wildcard and refusals', () => {
    expect(acceptedQuality('gzip, deflate, br', 'br')).toBe(1);
    expect(acceptedQuality('gzip;q=0.8, br;q=0.5', 'br')).toBe(0.5);
    expect(acceptedQuality('br;q=0, gzip', 'br')).toBe(0);
    expect(acceptedQuality('*;q=0.3', 'gzip')).toBe(0.3);
    expect(acceptedQuality('identity', 'gzip')).toBe(0);
    expect(acceptedQuality(undefined, 'br')).toBe(0);
  });
});

/** API answers through the whole app: JSON of 1 KB or more is compressed for clients that accept it. */
describe('API JSON compression', () => {
  let t: TestApp;
  let plain: string;
  beforeAll(async () => {
    t = await createTestApp();
    for (let i = 0; i < 12; i++) await t.member(`Compressible${i}`);
    plain = await (await t.app.request('/api/users')).text();
  });
  afterAll(() => t.close());

  it('sends a large list as it is to a client that accepts no encoding, saying it could vary', async () => {
    expect(plain.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    const res = await t.app.request('/api/users');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(JSON.parse(await res.text())).toEqual(JSON.parse(plain));
  });

  it('sends exactly the bytes the route made, untouched, to a client that accepts no encoding', async () => {
    const res = await t.app.request('/api/users', { headers: { 'Accept-Encoding': 'identity' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(plain);
  });

  it('uses the fast Brotli quality (4), not the default (11), keeping the security headers', async () => {
    const res = await t.app.request('/api/users', { headers: { 'Accept-Encoding': 'br' } });
    const bytes = Buffer.from(await res.arrayBuffer());
    const plainBytes = Buffer.from(plain);
    expect(bytes.equals(brotliCompressSync(plainBytes, brotliOptions(plainBytes.length)))).toBe(true);
    expect(bytes.equals(brotliCompressSync(plainBytes))).toBe(false);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBeTruthy();
  });

  it('prefers Brotli, with the right length and type, and the JSON intact', async () => {
    const res = await t.app.request('/api/users', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(bytes.length).toBeLessThan(plain.length);
    expect(brotliDecompressSync(bytes).toString('utf8')).toBe(plain);
  });

  it('falls back to gzip, and keeps paging headers and cookies', async () => {
    const res = await t.app.request('/api/users?limit=11', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('x-next-cursor')).toBeTruthy();
    const users: unknown = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'));
    expect(users).toHaveLength(11);
  });

  it('leaves small answers and errors under the threshold alone', async () => {
    const health = await t.app.request('/api/health', { headers: { 'Accept-Encoding': 'br' } });
    expect(health.headers.get('content-encoding')).toBeNull();
    expect(await health.json()).toEqual({ ok: true });
    const missing = await t.app.request('/api/nope', { headers: { 'Accept-Encoding': 'br' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-encoding')).toBeNull();
    expect(await missing.json()).toMatchObject({ code: 'not-found' });
  });

  it('does not get in the way of a multipart upload or its answer', async () => {
    const { client } = await t.member('Uploader');
    const form = new FormData();
    form.append('image', new Blob([Buffer.from('not an image')], { type: 'image/png' }), 'x.png');
    const res = await client.request('POST', '/api/upload-image', form, { 'Accept-Encoding': 'br' });
    // Refused for its bytes (415), with the JSON error readable: the body was read, not compressed.
    expect(res.status).toBe(415);
    expect(res.json).toMatchObject({ code: expect.any(String) });
  });
});

/** The middleware alone, on answers a route made: what it leaves as it was, and answers too large to wait for. */
describe('compressJson', () => {
  const big = { text: 'x'.repeat(COMPRESS_MIN_BYTES), items: Array.from({ length: 20_000 }, (_, i) => i) };
  let made: Response | undefined;
  const app = new Hono();
  app.use('*', compressJson());
  app.get('/small', (c) => (made = c.json({ ok: true })));
  app.get('/list', (c) => (made = c.json(big)));

  it("hands on the route's own answer, unread, to a client that takes no encoding", async () => {
    const refusing: Record<string, string>[] = [{}, { 'Accept-Encoding': 'identity, br;q=0' }];
    for (const headers of refusing) {
      const res = await app.request('/list', { headers });
      expect(res).toBe(made);
      expect(res.bodyUsed).toBe(false);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
    }
    const small = await app.request('/small', { headers: { 'Accept-Encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
  });

  it('compresses an answer over the at-once size in the background, both encodings intact', async () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESS_SYNC_MAX_BYTES);
    const br = await app.request('/list', { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(br.headers.get('content-length')).toBe(String(brBytes.length));
    expect(JSON.parse(brotliDecompressSync(brBytes).toString('utf8'))).toEqual(big);
    const gzip = await app.request('/list', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString('utf8'))).toEqual(big);
  });
});
