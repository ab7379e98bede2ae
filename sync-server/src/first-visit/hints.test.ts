/**
 * First-visit hints (docs/architecture.md "First paint"): the finds and forum pages' HTML names their route
 * chunks and the finds pages' first photo, against a small fake build and real finds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIND_CARD_IMAGE_SIZES, FIND_DETAIL_IMAGE_SIZES } from '@schema/contracts/find-photos';
import { createTestApp, type TestApp } from '../test/harness';
import { createFind, signedIn, type TestClient } from '../sync/test-fixtures';

const html =
  '<!doctype html><html><head><title>DigQuest</title>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-r1.js"></head><body></body></html>';

/** The shape of Vite's manifest: the entry, two route entries sharing a chunk, and one the entry loads. */
const manifest = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_react-r1.js'] },
  '_react-r1.js': { file: 'assets/react-r1.js' },
  '_shared-s1.js': { file: 'assets/shared-s1.js', imports: ['_react-r1.js', '_zod-z1.js'] },
  '_zod-z1.js': { file: 'assets/zod-z1.js' },
  'src/features/finds/index.ts': {
    file: 'assets/finds-f1.js',
    isDynamicEntry: true,
    imports: ['_react-r1.js', 'index.html', '_shared-s1.js'],
  },
  'src/features/forum/index.ts': {
    file: 'assets/forum-p1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-s1.js'],
  },
};

/** The `<link>` tags of the page's head, in order. */
function links(page: string): string[] {
  return page.match(/<link [^>]*>/g) ?? [];
}
const modulePreloads = (page: string) =>
  links(page)
    .filter((l) => l.includes('rel="modulepreload"'))
    // The build's own links have no priority; the hints' are low (after the first paint's needs).
    .filter((l) => l.includes('react-r1') || l.includes('fetchpriority="low"'))
    .map((l) => /href="([^"]+)"/.exec(l)?.[1]);
const imagePreloads = (page: string) => links(page).filter((l) => l.includes('as="image"'));

describe('first-visit hints in the app page', () => {
  let t: TestApp;
  let anon: TestClient;
  let older: { id: number; imageUrl: string; thumbUrl: string };
  let newest: { id: number; imageUrl: string; thumbUrl: string };
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-hints-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDir, '.vite'));
    fs.writeFileSync(path.join(webDir, 'index.html'), html);
    fs.writeFileSync(path.join(webDir, 'index.html.br'), brotliCompressSync(html));
    fs.writeFileSync(path.join(webDir, 'index.html.gz'), gzipSync(html));
    fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    t = await createTestApp({ WEB_DIR: webDir });
    anon = t.client();
    const alice = await signedIn(t, 'alice');
    older = await createFind(alice.client, { title: 'Older' }, 1);
    newest = await createFind(alice.client, { title: 'Newest' }, 2);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it("names the gallery's chunks (not the entry's) and its first card's photo as the card asks for it", async () => {
    const page = (await anon.get('/finds')).text;
    expect(modulePreloads(page)).toEqual([
      '/assets/react-r1.js',
      '/assets/finds-f1.js',
      '/assets/shared-s1.js',
      '/assets/zod-z1.js',
    ]);
    const [first] = (await anon.get('/api/finds?limit=1')).json as { id: number }[];
    expect(first?.id).toBe(newest.id);
    expect(imagePreloads(page)).toEqual([
      `<link rel="preload" as="image" href="${newest.thumbUrl}" ` +
        `imagesrcset="${newest.thumbUrl} 400w, ${newest.imageUrl} 1600w" ` +
        `imagesizes="${FIND_CARD_IMAGE_SIZES}" fetchpriority="high" />`,
    ]);
    // In the head, after what the build wrote there.
    expect(page.indexOf('finds-f1.js')).toBeLessThan(page.indexOf('</head>'));
    expect(page.indexOf('react-r1.js')).toBeLessThan(page.indexOf('finds-f1.js'));
  });

  it("names a find page's photo at display size, by id or uid; a find nobody can read gets none", async () => {
    const byId = (await anon.get(`/finds/${older.id}`)).text;
    expect(modulePreloads(byId)).toContain('/assets/finds-f1.js');
    expect(imagePreloads(byId)).toEqual([
      `<link rel="preload" as="image" href="${older.imageUrl}" ` +
        `imagesrcset="${older.thumbUrl} 400w, ${older.imageUrl} 1600w" ` +
        `imagesizes="${FIND_DETAIL_IMAGE_SIZES}" fetchpriority="high" />`,
    ]);
    const [row] = await t.sql('SELECT uid FROM finds WHERE id = ?', older.id);
    const byUid = (await anon.get(`/finds/${String(row?.uid)}`)).text;
    expect(imagePreloads(byUid)).toEqual(imagePreloads(byId));

    for (const url of ['/finds/999999', '/finds/not-an-id']) {
      const res = await anon.get(url);
      expect(res.status, url).toBe(200);
      expect(imagePreloads(res.text), url).toEqual([]);
      expect(modulePreloads(res.text), url).toContain('/assets/finds-f1.js');
    }
  });

  it("names the forum's chunks on the forum and a post's page", async () => {
    for (const url of ['/forum', '/forum/post/17']) {
      const page = (await anon.get(url)).text;
      expect(modulePreloads(page), url).toEqual([
        '/assets/react-r1.js',
        '/assets/forum-p1.js',
        '/assets/shared-s1.js',
        '/assets/zod-z1.js',
      ]);
      expect(imagePreloads(page), url).toEqual([]);
    }
  });

  it('leaves `/` and every other page as built, compressed copies included', async () => {
    for (const url of [
      '/',
      '/guides',
      '/map/spots/1/letter',
      '/finds/12/extra',
      '/forum/post',
      '/no-such-page',
    ]) {
      const res = await t.app.request(url, { headers: { 'Accept-Encoding': 'br' } });
      expect(res.headers.get('content-encoding'), url).toBe('br');
      expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString('utf8'), url).toBe(html);
    }
  });

  it('compresses a hinted page per request: length, Vary and no-cache as for the built page', async () => {
    const plain = await anon.get('/finds');
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.request('/finds', { headers: { 'Accept-Encoding': accept } });
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('content-length')).toBe(String(bytes.length));
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(decode(bytes).toString('utf8')).toBe(plain.text);
    }
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(plain.text)));
  });

  it('escapes what it writes, and never hints a photo on another host', async () => {
    const [alice] = await t.sql("SELECT id FROM users WHERE username = 'alice'");
    const odd = '/uploads/a"b<c>&d.webp';
    await t.sql(
      "INSERT INTO finds (uid, title, user_id, image_url) VALUES ('0193a6f2-7c1e-7b2a-9f10-3c4d5e6f7a01', 'Odd', ?, ?)",
      alice?.id,
      odd,
    );
    const page = (await anon.get('/finds')).text;
    expect(imagePreloads(page)).toEqual([
      `<link rel="preload" as="image" href="/uploads/a&quot;b&lt;c&gt;&amp;d.webp" fetchpriority="high" />`,
    ]);
    expect(page).not.toContain(odd);

    await t.sql(
      "INSERT INTO finds (uid, title, user_id, image_url) VALUES ('0193a6f2-7c1e-7b2a-9f10-3c4d5e6f7a02', 'Far', ?, ?)",
      alice?.id,
      'https://elsewhere.example/photo.jpg',
    );
    expect(imagePreloads((await anon.get('/finds')).text)).toEqual([]);
  });

  it('follows a new build: the manifest is read again when it changes, and without one nothing is hinted', async () => {
    const file = path.join(webDir, '.vite', 'manifest.json');
    const rebuilt = {
      ...manifest,
      'src/features/forum/index.ts': { file: 'assets/forum-p2.js', imports: ['index.html'] },
    };
    fs.writeFileSync(file, JSON.stringify(rebuilt));
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(file, later, later);
    expect(modulePreloads((await anon.get('/forum')).text)).toEqual([
      '/assets/react-r1.js',
      '/assets/forum-p2.js',
    ]);
    fs.rmSync(file);
    expect((await anon.get('/forum')).text).toBe(html);
    fs.writeFileSync(file, JSON.stringify(manifest));
  });
});
