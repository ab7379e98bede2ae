/**
 * Every page's own code is hinted in its first visit's HTML (docs/architecture.md "First paint"): the
 * chunks the build lists for its route (`.vite/route-chunks.json`, scripts/vite-build-plugins.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

const modulePreloads = (page: string) =>
  [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" fetchpriority="low" \/>/g)].map(
    (m) => m[1],
  );

describe('route chunks in the HTML', () => {
  let t: TestApp;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-route-hints-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDir, '.vite'));
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><title>DigQuest</title></head><body><!-- first-visit-preview --></body></html>',
    );
    fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), '{}');
    fs.writeFileSync(
      path.join(webDir, '.vite', 'route-chunks.json'),
      JSON.stringify({
        '/legal': ['/assets/legal-page-a1.js', '/assets/page-header-b2.js'],
        '/events/:id': ['/assets/events-c3.js'],
        '/events/create': ['/assets/events-c3.js', '/assets/event-form-d4.js'],
        '/*': ['/assets/not-found-e5.js'],
        '/broken': ['https://elsewhere.example/x.js'],
      }),
    );
    t = await createTestApp({ WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const hintsOf = async (url: string) => modulePreloads(await (await t.app.request(url)).text());

  it("asks for a page's chunks with the entry's", async () => {
    expect(await hintsOf('/legal')).toEqual(['/assets/legal-page-a1.js', '/assets/page-header-b2.js']);
  });

  it('takes the route of fixed segments over one with a parameter, and fills the parameter', async () => {
    expect(await hintsOf('/events/create')).toEqual(['/assets/events-c3.js', '/assets/event-form-d4.js']);
    expect(await hintsOf('/events/12')).toEqual(['/assets/events-c3.js']);
  });

  it('hints nothing for an unknown page (the catch-all), a longer path, or a list that names no chunk', async () => {
    expect(await hintsOf('/no/such/page')).toEqual([]);
    expect(await hintsOf('/legal/more')).toEqual([]);
    expect(await hintsOf('/broken')).toEqual([]);
  });
});
