/**
 * The detecting map (docs/map.md): a link with ?lat=&lng= centres on a "Selected Location" marker, and after
 * one visit the map opens with no signal, drawing the shipped basemap from the service worker's precache,
 * with place search working offline. The offline screenshot is kept in the test output
 * (test-results/…/map-offline.png) and checked for the basemap's land and sea colours.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { waitForServiceWorker, watchForeignRequests } from './support';

/** The shipped style's colours (Protomaps' light flavour): land and sea. */
const LAND = [0xe2, 0xdf, 0xda];
const SEA = [0x80, 0xde, 0xea];

/** Shares of the picture's pixels within a few levels of `colour`. */
async function share(png: Buffer, colour: number[]): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let hits = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (colour.every((c, k) => Math.abs((data[i + k] ?? 0) - c) <= 6)) hits++;
  }
  return hits / (info.width * info.height);
}

/** Waits until MapLibre's canvas is up, then a moment for tiles and the labels' fade-in. */
async function mapIdle(page: Page) {
  await expect(page.locator('.maplibregl-canvas')).toBeVisible();
  await page.waitForTimeout(1500);
}

test('/map?lat=&lng= centres on a Selected Location marker and asks for no position', async ({
  page,
  context,
  baseURL,
}) => {
  const foreign = watchForeignRequests(context, baseURL!);
  await page.goto('/map?lat=51.5&lng=-0.12');
  await expect(page.getByRole('heading', { level: 1, name: 'Detecting Map' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Selected Location' })).toBeVisible();
  await mapIdle(page);
  // The URL names a point, so no automatic geolocation (whose refusal would toast).
  await page.waitForTimeout(2500);
  await expect(page.getByText('Location access denied', { exact: true })).toHaveCount(0);
  await expect(page.getByText(/Natural Earth/).first()).toBeVisible();
  expect(foreign).toEqual([]);
});

test.describe('with a position to find', () => {
  // Morecambe, on the bay's shore: land, sea and towns in one view.
  test.use({ permissions: ['geolocation'], geolocation: { latitude: 54.07, longitude: -2.86 } });

  test('after one visit the map opens offline with the basemap drawn, and place search works', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const foreign = watchForeignRequests(context, baseURL!);
    await page.goto('/map');
    await waitForServiceWorker(page);
    await mapIdle(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Detecting Map' })).toBeVisible();
    await mapIdle(page);
    // The position was allowed before, so it is read without a prompt and marked; the map opens on the last
    // view, which the first visit's flight to the position (zoom 12) left there.
    await expect(page.getByRole('img', { name: 'You are here' })).toBeVisible({ timeout: 8000 });
    await page.waitForTimeout(2500);

    const map = page.getByRole('region', { name: 'Detecting map' });
    const shot = await map.screenshot({ path: testInfo.outputPath('map-offline.png') });
    await testInfo.attach('map-offline', { body: shot, contentType: 'image/png' });
    expect(await share(shot, LAND), 'land drawn').toBeGreaterThan(0.1);
    expect(await share(shot, SEA), 'sea drawn').toBeGreaterThan(0.05);

    // The gazetteer is precached too: searching a village works with no signal.
    await page.getByRole('searchbox').fill('Ulverston');
    await page.getByRole('searchbox').press('Enter');
    await expect(page.getByRole('img', { name: 'Ulverston' })).toBeVisible();
    await page.getByRole('searchbox').fill('SD 47307 61917');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('img', { name: 'SD 47307 61917' })).toBeVisible();
    await page.getByRole('searchbox').fill('Atlantis');
    await page.getByRole('searchbox').press('Enter');
    await expect(page.getByText('Location not found', { exact: true })).toBeVisible();

    await context.setOffline(false);
    expect(foreign).toEqual([]);
  });
});

test('opening the map never asks for the position; Find My Location does, and a refusal says so', async ({
  page,
}) => {
  await page.goto('/map');
  await mapIdle(page);
  // The position was never allowed: nothing asks for it on load (a refusal would toast).
  await page.waitForTimeout(3000);
  await expect(page.getByText('Location access denied', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Find My Location' }).click();
  await expect(page.getByText('Location access denied', { exact: true })).toBeVisible({ timeout: 8000 });
});

test('the home page loads the map only when its section scrolls into view', async ({ page }) => {
  const mapScripts: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/maplibre-[^/]*\.js$/.test(r.url())) mapScripts.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Detecting Map', level: 2 })).toBeAttached();
  await page.waitForTimeout(1000);
  expect(mapScripts).toEqual([]);
  await page.getByRole('heading', { name: 'Detecting Map', level: 2 }).scrollIntoViewIfNeeded();
  await expect(
    page.getByRole('region', { name: 'Detecting map of Great Britain and Ireland' }),
  ).toBeVisible();
  expect(mapScripts).toHaveLength(1);
  // 400 px on a desktop-wide window (250 px on phones), less the frame's border.
  const box = await page
    .getByRole('region', { name: 'Detecting map of Great Britain and Ireland' })
    .boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(396);
  expect(box!.height).toBeLessThanOrEqual(400);
});
