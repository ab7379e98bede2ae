/**
 * `npm run bench:map` (after `npm run build`): the map's figures (docs/map.md).
 *   - the shipped basemap: its size on disk and as sent (Brotli / gzip), its zooms and tiles, and the
 *     gazetteer's size;
 *   - the JavaScript a map costs: MapLibre's chunk, its worker and the map's own code, gzip;
 *   - the first render of /map in Debian Chromium against the real server: time from navigation to
 *     MapLibre's `load` (style and first tiles drawn) and to its first `idle` (every visible tile drawn),
 *     on a first visit (nothing cached) and on a repeat visit (service worker precache), median of runs.
 *   - the spots (scripts/bench-map-spots.ts): first render and idle with 5,000 spots on the device, and
 *     parse time and main-thread blocking for a 5,000-placemark KML;
 *   - saving that import until the map and list settle, median of runs (scripts/bench-map-import.ts).
 * BENCH_MAP_ONLY=import measures only the last; BENCH_MAP_SPOTS=0 leaves out the spots.
 * Only one browser at a time on a shared machine: it waits while another Chromium runs.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { chromium, type BrowserContext } from '@playwright/test';
import { PMTiles } from 'pmtiles';
import { MemorySource } from '../web/src/features/map/model/memory-source';
import { createTestApp } from '../sync-server/src/test/harness';
import { importFigures } from './bench-map-import';
import { spotFigures } from './bench-map-spots';

const RUNS = Number(process.env.BENCH_MAP_RUNS ?? 5);
const ONLY_IMPORT = process.env.BENCH_MAP_ONLY === 'import';
const PORT = Number(process.env.BENCH_PORT ?? 4392);
const origin = `http://localhost:${PORT}`;
const webDir = path.resolve('dist/web');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

if (!fs.existsSync(path.join(webDir, 'basemap/uk.pmtiles'))) {
  console.error('bench:map: no dist/web/basemap/uk.pmtiles — run `npm run build` first.');
  process.exit(1);
}

async function waitForOtherBrowsers(): Promise<void> {
  for (let waited = 0; ; waited += 10) {
    let running = '';
    try {
      running = execFileSync('pgrep', ['-f', 'chromium'], { encoding: 'utf8' }).trim();
    } catch {
      return; // pgrep exits 1 when nothing matches
    }
    if (!running) return;
    if (waited % 60 === 0)
      console.log(`another Chromium is running (pids ${running.replace(/\n/g, ' ')}); waiting…`);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
  }
}

async function basemapFigures() {
  const file = fs.readFileSync(path.join(webDir, 'basemap/uk.pmtiles'));
  const bytes = new ArrayBuffer(file.length);
  new Uint8Array(bytes).set(file);
  const header = await new PMTiles(new MemorySource('bench', bytes)).getHeader();
  const places = fs.readFileSync(path.join(webDir, 'basemap/uk-places.json'));
  console.log('shipped basemap (public/basemap/uk.pmtiles):');
  console.log(
    `  ${kb(file.length)} on disk and as sent (tiles are gzip inside); zoom ${header.minZoom}–${header.maxZoom}, ` +
      `${header.numAddressedTiles} tiles, ${header.numTileContents} distinct`,
  );
  console.log(
    `  gazetteer uk-places.json: ${kb(places.length)}, as sent ${kb(brotliCompressSync(places).length)} Brotli / ` +
      `${kb(gzipSync(places, { level: 9 }).length)} gzip`,
  );
  const assets = fs.readdirSync(path.join(webDir, 'assets'));
  const gz = (pattern: RegExp) =>
    assets
      .filter((f) => pattern.test(f))
      .reduce(
        (n, f) => n + gzipSync(fs.readFileSync(path.join(webDir, 'assets', f)), { level: 9 }).length,
        0,
      );
  console.log(
    `  map JavaScript, gzip: MapLibre chunk ${kb(gz(/^maplibre-[\w-]+\.js$/))}, its worker ${kb(gz(/^maplibre-gl-worker-.*\.mjs$/))}, ` +
      `map code ${kb(gz(/^(map|map-canvas|map-loading|home-map-section)-[\w-]+\.js$/))}`,
  );
}

/** Milliseconds from navigation to MapLibre's load and first idle, read from the marks the map sets. */
async function firstRender(context: BrowserContext, url: string): Promise<{ load: number; idle: number }> {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('dq-map-idle').length > 0, null, {
    timeout: 60_000,
  });
  const marks = await page.evaluate(() => ({
    load: performance.getEntriesByName('dq-map-load')[0]?.startTime ?? NaN,
    idle: performance.getEntriesByName('dq-map-idle')[0]?.startTime ?? NaN,
  }));
  await page.close();
  return marks;
}

async function renderFigures(): Promise<void> {
  // ?lat=&lng= so no geolocation prompt or fly-to runs during the measurement.
  const url = `${origin}/map?lat=54.093409&lng=-2.89479`;
  const cold: { load: number; idle: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    cold.push(await firstRender(context, url));
    await context.close();
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const first = await context.newPage();
  await first.goto(url);
  await first.evaluate(() => navigator.serviceWorker.ready);
  await first.close();
  const warm: { load: number; idle: number }[] = [];
  for (let i = 0; i < RUNS; i++) warm.push(await firstRender(context, url));
  await context.close();
  const line = (label: string, runs: { load: number; idle: number }[]) =>
    console.log(
      `  ${label}: load ${median(runs.map((r) => r.load)).toFixed(0)} ms, all tiles drawn ${median(runs.map((r) => r.idle)).toFixed(0)} ms (median of ${runs.length})`,
    );
  console.log('first render of /map (Chromium, software WebGL, 1280×800, from navigation start):');
  line('first visit', cold);
  line('repeat visit (service worker)', warm);
}

if (!ONLY_IMPORT) await basemapFigures();
const t = await createTestApp({ PUBLIC_URL: origin });
const server = serve({ port: PORT, fetch: (req) => t.app.fetch(req) });
await waitForOtherBrowsers();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  if (!ONLY_IMPORT) await renderFigures();
  if (process.env.BENCH_MAP_SPOTS !== '0') {
    if (!ONLY_IMPORT) await spotFigures(browser, t, origin);
    await importFigures(browser, t, origin);
  }
} finally {
  await browser.close();
  server.close();
  await t.close();
}
