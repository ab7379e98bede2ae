import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { acceptedQuality, COMPRESS_MIN_BYTES } from './compression';

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
