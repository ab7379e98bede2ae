/**
 * The map's code and data are kept for offline use only once a map is opened (docs/map.md "The map
 * offline"): a first visit to `/` installs a service worker whose precache holds no MapLibre and no basemap,
 * and a first visit to /map saves them — "Map ready offline" in the layers panel — so that /map draws with
 * no signal afterwards.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { waitForServiceWorker, watchForeignRequests } from './support';

/** The map's files: MapLibre's chunk, stylesheet and worker, and the shipped basemap and gazetteer. */
const MAP_FILE = /\/assets\/maplibre[^/]*\.(js|mjs|css)|\/basemap\//;

/** Every URL in every Cache Storage cache of the origin, by cache name. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      out[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
    }
    return out;
  });
}

/** The share of the picture's pixels within a few levels of the shipped style's land colour. */
async function landShare(png: Buffer): Promise<number> {
  const land = [0xe2, 0xdf, 0xda];
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let hits = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (land.every((c, k) => Math.abs((data[i + k] ?? 0) - c) <= 6)) hits++;
  }
  return hits / (info.width * info.height);
}

async function offlineStatus(page: Page) {
  const layers = page.getByRole('region', { name: 'Map layers' });
  if (!(await layers.isVisible())) await page.getByRole('button', { name: 'Map layers and legend' }).click();
  return layers.getByRole('status');
}

test('a first visit to / precaches the app but none of the map’s code or data', async ({ page }) => {
  const mapRequests: string[] = [];
  page.on('request', (request) => {
    if (MAP_FILE.test(new URL(request.url()).pathname)) mapRequests.push(request.url());
  });
  await page.goto('/');
  await waitForServiceWorker(page);
  const cached = await cachedUrls(page);
  const all = Object.values(cached).flat();
  // The shell is there (the entry point and the route chunks)…
  expect(all.some((url) => new URL(url).pathname === '/index.html')).toBe(true);
  expect(all.filter((url) => /\/assets\/.*\.js$/.test(url)).length).toBeGreaterThan(20);
  // …and nothing of the map, cached or downloaded.
  expect(all.filter((url) => MAP_FILE.test(new URL(url).pathname))).toEqual([]);
  expect(mapRequests).toEqual([]);
});

test('after /map is opened once it says "Map ready offline", and draws with no signal', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const foreign = watchForeignRequests(context, baseURL!);
  // A first visit straight to the map: the page is not yet controlled by the service worker.
  await page.goto('/map');
  await expect(page.locator('.maplibregl-canvas')).toBeVisible();
  await expect(await offlineStatus(page)).toHaveText('Map ready offline', { timeout: 20_000 });

  const kept = Object.values(await cachedUrls(page))
    .flat()
    .map((url) => new URL(url).pathname);
  for (const file of [
    /\/assets\/maplibre-[^/]+\.js$/,
    /\.mjs$/,
    /\/basemap\/uk\.pmtiles$/,
    /uk-places\.json$/,
  ])
    expect(
      kept.some((path) => file.test(path)),
      String(file),
    ).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Detecting Map' })).toBeAttached();
  await expect(page.locator('.maplibregl-canvas')).toBeVisible();
  await page.waitForTimeout(1500);
  const shot = await page
    .getByRole('region', { name: 'Detecting map' })
    .screenshot({ path: testInfo.outputPath('map-offline-first.png') });
  expect(await landShare(shot), 'land drawn').toBeGreaterThan(0.05);
  await expect(await offlineStatus(page)).toHaveText('Map ready offline');
  await context.setOffline(false);
  expect(foreign).toEqual([]);
});
