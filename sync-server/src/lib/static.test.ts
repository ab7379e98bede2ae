import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

/** The built PWA's serving rules, against a small fake build. */
describe('serving the web app', () => {
  let t: TestApp;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-web-'));

  const script = `console.log(${JSON.stringify('DigQuest '.repeat(200))});`;
  const html = `<!doctype html><title>DigQuest</title>${'<!-- padding -->'.repeat(40)}`;
  /** Writes a file with the Brotli and gzip copies the build makes (scripts/vite-build-plugins.ts). */
  function writeWithCopies(rel: string, text: string) {
    const file = path.join(webDir, rel);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, gzipSync(text));
  }

  beforeAll(async () => {
    // The real files from public/, as the build copies them.
    for (const file of ['robots.txt', 'favicon.ico'])
      fs.copyFileSync(path.join(import.meta.dirname, '../../../public', file), path.join(webDir, file));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.mkdirSync(path.join(webDir, '.vite'));
    writeWithCopies('index.html', html);
    writeWithCopies('sw.js', `self.addEventListener("fetch", () => {});${' '.repeat(600)}`);
    writeWithCopies('assets/index-abc123.js', script);
    fs.writeFileSync(path.join(webDir, 'assets', 'logo-abc123.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    // A source map left in the web root by mistake, and the build manifest: neither is ever served.
    fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":[]}');
    fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), '{}');
    fs.writeFileSync(path.join(os.tmpdir(), 'digquest-secret.txt'), 'secret');
    t = await createTestApp({ WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('caches hashed assets for a year and never caches index.html or the service worker', async () => {
    const asset = await t.app.request('/assets/index-abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect((await t.app.request('/')).headers.get('cache-control')).toBe('no-cache');
    expect((await t.app.request('/sw.js')).headers.get('cache-control')).toBe('no-cache');
  });

  it('answers unknown non-API paths with index.html (the SPA decides) and unknown API paths with JSON 404', async () => {
    const page = await t.app.request('/finds/42');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>DigQuest</title>');
    const api = await t.app.request('/api/nope');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'not-found', message: 'Not found' });
  });

  it('never serves files outside the build, and a malformed path is not a 500', async () => {
    const escape = await t.app.request('/..%2f..%2fdigquest-secret.txt');
    expect(await escape.text()).not.toContain('secret');
    const malformed = await t.app.request('/%E0%A4%A');
    expect(malformed.status).toBe(200);
    expect(await malformed.text()).toContain('<title>DigQuest</title>');
  });

  it('sends the security headers with a same-origin CSP on every answer', async () => {
    const res = await t.app.request('/');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  describe('pre-compressed files', () => {
    it('sends the Brotli copy to a browser that accepts it: type, length and immutable caching kept', async () => {
      const res = await t.app.request('/assets/index-abc123.js', {
        headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('content-length')).toBe(String(bytes.length));
      expect(bytes.length).toBeLessThan(script.length);
      expect(brotliDecompressSync(bytes).toString('utf8')).toBe(script);
    });

    it('sends gzip when Brotli is not accepted, and the file itself when nothing is', async () => {
      const gz = await t.app.request('/assets/index-abc123.js', {
        headers: { 'Accept-Encoding': 'br;q=0, gzip' },
      });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe(script);

      const plain = await t.app.request('/assets/index-abc123.js');
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toBe('Accept-Encoding');
      expect(plain.headers.get('content-length')).toBe(String(script.length));
      expect(await plain.text()).toBe(script);
    });

    it('compresses index.html (for app paths too) and the service worker, which stay uncached', async () => {
      for (const url of ['/', '/finds/42', '/sw.js']) {
        const res = await t.app.request(url, { headers: { 'Accept-Encoding': 'gzip, br' } });
        expect(res.headers.get('content-encoding'), url).toBe('br');
        expect(res.headers.get('cache-control'), url).toBe('no-cache');
        expect(res.headers.get('vary'), url).toBe('Accept-Encoding');
      }
      const page = await t.app.request('/finds/42', { headers: { 'Accept-Encoding': 'gzip' } });
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString('utf8')).toBe(html);
    });

    it('ignores a copy older than its file (the file was replaced after the build)', async () => {
      const file = path.join(webDir, 'sw.js');
      const replaced = `self.addEventListener("fetch", () => {}); // a new version${' '.repeat(600)}`;
      const later = new Date(Date.now() + 60_000);
      fs.writeFileSync(file, replaced);
      fs.utimesSync(file, later, later);
      try {
        const res = await t.app.request('/sw.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
        expect(res.headers.get('content-encoding')).toBeNull();
        expect(await res.text()).toBe(replaced);
      } finally {
        writeWithCopies('sw.js', `self.addEventListener("fetch", () => {});${' '.repeat(600)}`);
      }
    });

    it('sends files without copies (images) as they are, with no Vary', async () => {
      const res = await t.app.request('/assets/logo-abc123.png', { headers: { 'Accept-Encoding': 'br' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('vary')).toBeNull();
      expect(res.headers.get('content-type')).toBe('image/png');
    });
  });

  it('never serves source maps, compressed copies or the build manifest (404)', async () => {
    for (const url of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.js.br',
      '/assets/index-abc123.js.gz',
      '/.vite/manifest.json',
    ]) {
      const res = await t.app.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('version');
    }
  });

  it('serves /robots.txt (crawlers may read every page) and /favicon.ico (an ICO holding PNGs) as files', async () => {
    const robots = await t.app.request('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const rules = await robots.text();
    expect(rules).toMatch(/^User-agent: \*$/m);
    expect(rules).toMatch(/^Allow: \/$/m);
    expect(rules).not.toMatch(/^Disallow: \/\s*$/m);
    // No sitemap is published, so none is announced.
    expect(rules).not.toMatch(/^Sitemap:/m);

    const icon = await t.app.request('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    const bytes = Buffer.from(await icon.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), at least one image; the first image's data is a PNG.
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
    expect(bytes.readUInt16LE(4)).toBeGreaterThanOrEqual(1);
    const firstImage = bytes.readUInt32LE(6 + 12);
    expect(bytes.subarray(firstImage, firstImage + 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });

  it('answers a missing file with 404, not the app: any path with a file extension, or in a folder of files', async () => {
    for (const url of [
      '/wp-login.php',
      '/sitemap.xml',
      '/apple-touch-icon-precomposed.png',
      '/.well-known/assetlinks.json',
      '/finds/42/photo.jpg',
      '/icons/missing',
      '/images/gone.jpg',
      '/screenshots/narrow.webp',
      '/avatars/alice/extra',
    ]) {
      const res = await t.app.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('<title>DigQuest</title>');
    }
  });

  it("keeps the app for every app route, known or not (the app's router shows its own Page Not Found)", async () => {
    for (const url of [
      '/',
      '/finds',
      '/finds/0193a6f2-7c1e-7b2a-9f10-3c4d5e6f7a8b',
      '/forum/post/17',
      '/map?lat=51.5074&lng=-0.1278',
      '/detecting-map?lat=51.5&lng=-2.6',
      '/profile/edit',
      '/reset-password?token=abc.def',
      '/no-such-page',
    ]) {
      const res = await t.app.request(url);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toContain('<title>DigQuest</title>');
    }
  });

  it('answers a missing hashed asset with 404, not the app (an old release asking for its chunks)', async () => {
    const res = await t.app.request('/assets/page-old999.js');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<title>DigQuest</title>');
  });
});
