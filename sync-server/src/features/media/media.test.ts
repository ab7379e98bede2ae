/**
 * Media routes. The upload and /uploads cases are in upload-routes.cases.ts, run here on the data directory
 * and in media-s3.test.ts on an S3 bucket; the generated avatars do not touch the photo store.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { describeUploadRoutes } from './upload-routes.cases';

describeUploadRoutes('data directory');

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('GET /avatars/:seed', () => {
  it('serves a generated SVG avatar with a week of caching and an ETag', async () => {
    const res = await t.app.request('/avatars/alice.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=604800');
    const body = await res.text();
    expect(body).toMatch(/^<svg[\s>]/);
    expect(body).not.toMatch(/<script/i);

    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    expect((await t.app.request('/avatars/alice.svg', { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );
  });

  it('is deterministic per username and differs between usernames', async () => {
    const a1 = await (await t.app.request('/avatars/alice.svg')).text();
    const a2 = await (await t.app.request('/avatars/alice')).text();
    const b = await (await t.app.request('/avatars/bob.svg')).text();
    expect(a2).toBe(a1);
    expect(b).not.toBe(a1);
  });

  it('decodes the seed and caps its length', async () => {
    const encoded = await (await t.app.request(`/avatars/${encodeURIComponent('Tom Hart')}.svg`)).text();
    const plain = await (await t.app.request('/avatars/Tom Hart.svg')).text();
    expect(encoded).toBe(plain);
    const long = await t.app.request(`/avatars/${'x'.repeat(5000)}.svg`);
    expect(long.status).toBe(200);
    const capped = await (await t.app.request(`/avatars/${'x'.repeat(100)}.svg`)).text();
    expect(await long.text()).toBe(capped);
  });
});
