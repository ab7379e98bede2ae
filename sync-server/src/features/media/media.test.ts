import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { imageStorage, sessions, users } from '@schema/db/tables';
import { createTestApp, type TestApp } from '../../test/harness';
import { SESSION_COOKIE } from '../../lib/auth/session';
import { hashToken, newToken } from '../../lib/auth/tokens';
import { uploadsDir } from '../../lib/images';

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/**
 * A signed-in client made directly in the database, so these tests depend on sessions only, not on
 * the registration route.
 */
function signedIn(username: string) {
  const user = t.db
    .insert(users)
    .values({ username, password: 'x', email: `${username}@example.com` })
    .returning()
    .get();
  const token = newToken();
  t.db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .run();
  const client = t.client();
  client.cookie = `${SESSION_COOKIE}=${token}`;
  return { client, user };
}

async function jpeg(width = 320, height = 240): Promise<Blob> {
  const bytes = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 110, sigma: 35 },
    },
  })
    .jpeg()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
}

function form(field: string, blob: Blob, name = 'find.jpg', extra: Record<string, string> = {}) {
  const body = new FormData();
  body.append(field, blob, name);
  for (const [k, v] of Object.entries(extra)) body.append(k, v);
  return body;
}

describe('POST /api/upload', () => {
  it('needs a signed-in member', async () => {
    const res = await t.client().post('/api/upload', form('file', await jpeg()));
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ message: 'Please log in', code: 'unauthenticated' });
  });

  it('stores the file as a square avatar and answers 201 { url, thumbUrl }', async () => {
    const { client, user } = signedIn('alice');
    const res = await client.post('/api/upload', form('file', await jpeg()));
    expect(res.status).toBe(201);
    expect(res.json.url).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    expect(res.json.thumbUrl).toBe(res.json.url.replace('.webp', '-thumb.webp'));
    const stored = await sharp(
      fs.readFileSync(path.join(uploadsDir(t.config), path.basename(res.json.url))),
    ).metadata();
    expect([stored.width, stored.height]).toEqual([240, 240]);
    const rows = t.db.select().from(imageStorage).all();
    expect(rows).toEqual([
      expect.objectContaining({ uploadedBy: user.id, originalName: 'find.jpg', mimeType: 'image/webp' }),
    ]);
  });

  it('keeps the proportions when asked for a photo', async () => {
    const { client } = signedIn('alice');
    const res = await client.post(
      '/api/upload',
      form('file', await jpeg(320, 240), 'find.jpg', { kind: 'photo' }),
    );
    expect(res.status).toBe(201);
    const stored = await sharp(
      fs.readFileSync(path.join(uploadsDir(t.config), path.basename(res.json.url))),
    ).metadata();
    expect([stored.width, stored.height]).toEqual([320, 240]);
  });

  it('answers 400 without a file part, with an empty file, or with a JSON body', async () => {
    const { client } = signedIn('alice');
    for (const body of [form('other', await jpeg()), form('file', new Blob([])), { file: 'x' }]) {
      const res = await client.post('/api/upload', body);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('Please select an image file');
    }
  });

  it('answers 415 for an SVG upload, whatever its declared type', async () => {
    const { client } = signedIn('alice');
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
      type: 'image/jpeg',
    });
    const res = await client.post('/api/upload', form('file', svg, 'cat.jpg'));
    expect(res.status).toBe(415);
    expect(res.json).toMatchObject({
      message: 'Please upload a JPG or PNG image.',
      code: 'unsupported-media-type',
    });
  });

  it('answers 413 for a body over the image limit', async () => {
    const { client } = signedIn('alice');
    const res = await client.post('/api/upload', form('file', new Blob([new Uint8Array(6 * 1024 * 1024)])));
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('Please upload an image smaller than 5MB.');
  });
});

describe('POST /api/upload-image', () => {
  it('needs a signed-in member', async () => {
    const res = await t.client().post('/api/upload-image', form('image', await jpeg()));
    expect(res.status).toBe(401);
  });

  it('answers 201 { imageUrl } for the forum, idempotently', async () => {
    const { client } = signedIn('bob');
    const image = await jpeg(800, 600);
    const first = await client.post('/api/upload-image', form('image', image));
    expect(first.status).toBe(201);
    expect(first.json.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    const again = await client.post('/api/upload-image', form('image', image));
    expect(again.json.imageUrl).toBe(first.json.imageUrl);
    expect(t.db.select().from(imageStorage).all()).toHaveLength(1);
  });
});

describe('GET /uploads/:file', () => {
  it('serves stored images as immutable WebP with an ETag, and 304 on revalidation', async () => {
    const { client } = signedIn('carol');
    const { json } = await client.post('/api/upload-image', form('image', await jpeg()));
    for (const url of [json.imageUrl as string, json.thumbUrl as string]) {
      const res = await t.app.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const etag = res.headers.get('etag');
      expect(etag).toMatch(/^"[0-9a-f]{64}(-thumb)?"$/);
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('webp');

      const revalidated = await t.app.request(url, { headers: { 'if-none-match': etag ?? '' } });
      expect(revalidated.status).toBe(304);
    }
  });

  it('answers a JSON 404 for names we never produce, and for missing files', async () => {
    const missing = `/uploads/${'a'.repeat(64)}.webp`;
    for (const url of [
      '/uploads/passwd',
      '/uploads/..%2Ftest.sqlite',
      '/uploads/..%2F..%2Fpackage.json',
      `/uploads/${'A'.repeat(64)}.webp`,
      '/uploads/a/b.webp',
      missing,
    ]) {
      const res = await t.app.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'not-found' });
    }
  });
});

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
