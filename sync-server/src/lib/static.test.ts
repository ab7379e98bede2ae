import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

/** The built PWA's serving rules, against a small fake build. */
describe('serving the web app', () => {
  let t: TestApp;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-web-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>DigQuest</title>');
    fs.writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(os.tmpdir(), 'digquest-secret.txt'), 'secret');
    t = await createTestApp({ WEB_DIR: webDir });
  });
  afterAll(() => {
    t.close();
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
});
