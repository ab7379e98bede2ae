/**
 * The upload and /uploads route tests, run once per photo store engine: media.test.ts on the data directory,
 * media-s3.test.ts with S3_* pointing at a local S3-compatible server (test/s3.ts; no S3 host is contacted).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { imageStorage, sessions, users } from '@schema/db/tables';
import { createTestApp, type TestApp } from '../../test/harness';
import { startLocalS3, type LocalS3 } from '../../test/s3';
import { SESSION_COOKIE } from '../../lib/auth/session';
import { hashToken, newToken } from '../../lib/auth/tokens';
import { directoryPhotoStore, s3PhotoStore, uploadsDir, type PhotoStore } from '../../lib/photo-store';

export type PhotoEngine = 'data directory' | 's3';

export async function jpeg(width = 320, height = 240): Promise<Blob> {
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

export function form(field: string, blob: Blob, name = 'find.jpg', extra: Record<string, string> = {}) {
  const body = new FormData();
  body.append(field, blob, name);
  for (const [k, v] of Object.entries(extra)) body.append(k, v);
  return body;
}

export function describeUploadRoutes(engine: PhotoEngine) {
  let t: TestApp;
  let s3: LocalS3 | undefined;

  beforeAll(async () => {
    if (engine === 's3') s3 = await startLocalS3();
  });
  afterAll(async () => {
    await s3?.close();
  });
  beforeEach(async () => {
    t = await createTestApp(s3?.env ?? {});
  });
  afterEach(() => t.close());

  /**
   * The storage as another app server sees it, bypassing this app: its DATA_DIR/uploads, or the bucket
   * through a client of its own.
   */
  function storage(): PhotoStore {
    return s3 ? s3PhotoStore(s3.settings) : directoryPhotoStore(uploadsDir(t.config));
  }

  async function storedImage(url: string) {
    const stored = await storage().get(path.basename(url));
    if (!stored || !(stored.body instanceof Uint8Array)) throw new Error(`${url} is not stored`);
    return sharp(stored.body).metadata();
  }

  /**
   * A signed-in client made directly in the database, so these tests depend on sessions only, not on
   * the registration route.
   */
  async function signedIn(username: string) {
    const [user] = await t.db
      .insert(users)
      .values({ username, password: 'x', email: `${username}@example.com` })
      .returning();
    if (!user) throw new Error(`${username} was not created`);
    const token = newToken();
    await t.db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const client = t.client();
    client.cookie = `${SESSION_COOKIE}=${token}`;
    return { client, user };
  }

  describe(`POST /api/upload (${engine})`, () => {
    it('needs a signed-in member', async () => {
      const res = await t.client().post('/api/upload', form('file', await jpeg()));
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ message: 'Please log in', code: 'unauthenticated' });
    });

    it('stores the file as a square avatar and answers 201 { url, thumbUrl }', async () => {
      const { client, user } = await signedIn('alice');
      const res = await client.post('/api/upload', form('file', await jpeg()));
      expect(res.status).toBe(201);
      expect(res.json.url).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
      expect(res.json.thumbUrl).toBe(res.json.url.replace('.webp', '-thumb.webp'));
      const stored = await storedImage(res.json.url);
      expect([stored.width, stored.height]).toEqual([240, 240]);
      const rows = await t.db.select().from(imageStorage);
      expect(rows).toEqual([
        expect.objectContaining({ uploadedBy: user.id, originalName: 'find.jpg', mimeType: 'image/webp' }),
      ]);
    });

    it('keeps the proportions when asked for a photo', async () => {
      const { client } = await signedIn('alice');
      const res = await client.post(
        '/api/upload',
        form('file', await jpeg(320, 240), 'find.jpg', { kind: 'photo' }),
      );
      expect(res.status).toBe(201);
      const stored = await storedImage(res.json.url);
      expect([stored.width, stored.height]).toEqual([320, 240]);
    });

    it('answers 400 without a file part, with an empty file, or with a JSON body', async () => {
      const { client } = await signedIn('alice');
      for (const body of [form('other', await jpeg()), form('file', new Blob([])), { file: 'x' }]) {
        const res = await client.post('/api/upload', body);
        expect(res.status).toBe(400);
        expect(res.json.message).toBe('Please select an image file');
      }
    });

    it('answers 415 for an SVG upload, whatever its declared type', async () => {
      const { client } = await signedIn('alice');
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
      const { client } = await signedIn('alice');
      const res = await client.post('/api/upload', form('file', new Blob([new Uint8Array(6 * 1024 * 1024)])));
      expect(res.status).toBe(413);
      expect(res.json.message).toBe('Please upload an image smaller than 5MB.');
    });
  });

  describe(`POST /api/upload-image (${engine})`, () => {
    it('needs a signed-in member', async () => {
      const res = await t.client().post('/api/upload-image', form('image', await jpeg()));
      expect(res.status).toBe(401);
    });

    it('answers 201 { imageUrl } for the forum, idempotently', async () => {
      const { client } = await signedIn('bob');
      const image = await jpeg(800, 600);
      const first = await client.post('/api/upload-image', form('image', image));
      expect(first.status).toBe(201);
      expect(first.json.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
      const again = await client.post('/api/upload-image', form('image', image));
      expect(again.json.imageUrl).toBe(first.json.imageUrl);
      expect(await t.db.select().from(imageStorage)).toHaveLength(1);
    });
  });

  describe(`GET /uploads/:file (${engine})`, () => {
    it('serves stored images as immutable WebP with an ETag, and 304 on revalidation', async () => {
      const { client } = await signedIn('carol');
      const { json } = await client.post('/api/upload-image', form('image', await jpeg()));
      for (const url of [json.imageUrl as string, json.thumbUrl as string]) {
        const res = await t.app.request(url);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const etag = res.headers.get('etag');
        expect(etag).toMatch(/^"[0-9a-f]{64}(-thumb)?"$/);
        const body = Buffer.from(await res.arrayBuffer());
        expect(res.headers.get('content-length')).toBe(String(body.byteLength));
        expect((await sharp(body).metadata()).format).toBe('webp');

        const revalidated = await t.app.request(url, { headers: { 'if-none-match': etag ?? '' } });
        expect(revalidated.status).toBe(304);
      }
    });

    it('serves what the shared storage holds: stored by another server, or deleted there', async () => {
      const { client } = await signedIn('dave');
      const { json } = await client.post('/api/upload-image', form('image', await jpeg()));
      const mine = path.basename(json.imageUrl as string);
      const stored = await storage().get(mine);
      // Another server's upload: bytes this app never saw, under a name of the same form.
      const theirs = `${'b'.repeat(64)}.webp`;
      await storage().put(theirs, stored!.body as Uint8Array, 'image/webp');
      const served = await t.app.request(`/uploads/${theirs}`);
      expect(served.status).toBe(200);
      // Compared with equals(): a deep comparison of every byte is slow in vitest.
      expect(Buffer.from(await served.arrayBuffer()).equals(stored!.body as Uint8Array)).toBe(true);

      await storage().delete(theirs);
      expect((await t.app.request(`/uploads/${theirs}`)).status).toBe(404);
      const revalidated = await t.app.request(`/uploads/${theirs}`, {
        headers: { 'if-none-match': `"${'b'.repeat(64)}"` },
      });
      expect(revalidated.status).toBe(404);
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

  describe(`photo storage (${engine})`, () => {
    if (engine === 's3')
      it('keeps uploads in the bucket only: nothing is written under DATA_DIR/uploads', async () => {
        const { client } = await signedIn('erin');
        const res = await client.post(
          '/api/upload',
          form('file', await jpeg(), 'find.jpg', { kind: 'photo' }),
        );
        expect(res.status).toBe(201);
        const name = path.basename(res.json.url as string);
        expect(await storage().has(name)).toBe(true);
        expect(await storage().has(name.replace('.webp', '-thumb.webp'))).toBe(true);
        expect((await t.app.request(res.json.url as string)).status).toBe(200);
        expect(fs.existsSync(uploadsDir(t.config))).toBe(false);
      });
    else
      it('keeps uploads in DATA_DIR/uploads', async () => {
        const { client } = await signedIn('erin');
        const res = await client.post(
          '/api/upload',
          form('file', await jpeg(), 'find.jpg', { kind: 'photo' }),
        );
        const name = path.basename(res.json.url as string);
        expect(fs.readdirSync(uploadsDir(t.config)).sort()).toEqual(
          [name, name.replace('.webp', '-thumb.webp')].sort(),
        );
      });
  });
}
