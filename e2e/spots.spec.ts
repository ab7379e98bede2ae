/**
 * Spots in Chromium (docs/map.md "Spots on the map", "Importing KML, KMZ, KMI and GPX"): a spot added with
 * no signal shows on the map's list as waiting and reaches the server once the network is back; a link
 * `/map?lat=51.5&lng=-0.12` centres on it with its info window a click away, where its owner deletes it;
 * a KMZ (with a picture inside) is imported through the worker, previewed, and saved as private spots.
 */
import { strToU8, zipSync } from 'fflate';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signUp, uniqueName, waitForServiceWorker } from './support';

/** SPOT_COLOURS.beach. */
const BEACH = [0x03, 0x69, 0xa1];

/** Pixels of the picture within a few levels of `colour`. */
async function pixels(png: Buffer, colour: number[]): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let hits = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (colour.every((c, k) => Math.abs((data[i + k] ?? 0) - c) <= 6)) hits++;
  }
  return hits;
}

interface ServerSpot {
  name: string;
  latitude: number;
  longitude: number;
  isShared: boolean;
}

/** The spots the signed-in member may see, from the server (the page's own cookies). */
async function serverSpots(page: Page): Promise<ServerSpot[]> {
  const res = await page.request.get('/api/locations?limit=200');
  expect(res.ok()).toBe(true);
  return (await res.json()) as ServerSpot[];
}

const spotRow = (page: Page, name: string) =>
  page
    .getByRole('region', { name: /Spots in view|Nearby spots/ })
    .getByRole('listitem')
    .filter({ hasText: name });

async function mapReady(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Detecting Map' })).toBeVisible();
  await expect(page.locator('.maplibregl-canvas')).toBeVisible();
}

test('a spot added offline shows as waiting, syncs once online, and a lat/lng link centres on it', async ({
  page,
  context,
}, testInfo) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await signUp(page, uniqueName('spotter'));
  await page.goto('/map');
  await mapReady(page);

  await context.setOffline(true);
  const name = `Thames foreshore ${Date.now()}`;
  await page.getByRole('button', { name: 'Add New Spot' }).click();
  await expect(page.getByRole('button', { name: 'Save Spot' })).toBeDisabled();
  await page.getByLabel('Type coordinates').fill('51.5, -0.12');
  await page.getByRole('button', { name: 'Use', exact: true }).click();
  await expect(page.getByText('51.50000, -0.12000')).toBeVisible();
  await expect(page.getByRole('img', { name: 'New spot position' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Type', { exact: true }).selectOption('Beach');
  await page.getByRole('button', { name: 'Save Spot' }).click();
  await expect(page.getByText('Your detecting spot has been added to the map!').first()).toBeVisible();
  await expect(spotRow(page, name).getByText('Waiting to sync')).toBeVisible({ timeout: 15_000 });
  await expect(spotRow(page, name).getByText('Private')).toBeVisible();

  await context.setOffline(false);
  await expect(spotRow(page, name).getByText('Waiting to sync')).toBeHidden({ timeout: 20_000 });
  await expect
    .poll(async () => (await serverSpots(page)).filter((s) => s.name === name))
    .toEqual([expect.objectContaining({ latitude: 51.5, longitude: -0.12, isShared: false })]);

  await page.goto('/map?lat=51.5&lng=-0.12');
  await mapReady(page);
  await expect(page.getByRole('img', { name: 'Selected Location' })).toBeVisible();
  await expect(spotRow(page, name)).toContainText('Beach · 0 m from map centre');
  // The list opens the info window too (the map is not the only way in).
  await spotRow(page, name).getByRole('button', { name, exact: true }).click();
  const info = page.locator('.maplibregl-popup');
  await expect(info.getByRole('heading', { name })).toBeVisible();
  await expect(info.getByRole('button', { name: 'Edit' })).toBeVisible();
  // The marker is drawn in the Beach colour.
  const shot = await page.getByRole('region', { name: 'Detecting map' }).screenshot({
    path: testInfo.outputPath('spot-marker.png'),
  });
  expect(await pixels(shot, BEACH), 'beach marker drawn').toBeGreaterThan(20);

  // The owner deletes it from the info window, after confirming.
  await info.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Spot' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Location deleted', { exact: true }).first()).toBeVisible();
  await expect(spotRow(page, name)).toHaveCount(0);
  await expect
    .poll(async () => (await serverSpots(page)).filter((s) => s.name === name), { timeout: 20_000 })
    .toEqual([]);
});

test('a KMZ with a picture inside is previewed and imported as private spots', async ({ page }) => {
  await page.goto('/');
  await signUp(page, uniqueName('importer'));
  await page.goto('/map');
  await mapReady(page);
  const stamp = Date.now();
  const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Permissions</name>
  <Folder><name>Norfolk</name>
    <Placemark><name>Manor Farm ${stamp}</name><description><![CDATA[Stubble<br>Park by the gate]]></description>
      <Point><coordinates>1.2345,52.6543,0</coordinates></Point></Placemark>
    <Placemark><name>Church meadow ${stamp}</name><Point><coordinates>1.25,52.66,0</coordinates></Point></Placemark>
    <Placemark><name>Track</name><LineString><coordinates>1.2,52.6 1.3,52.7</coordinates></LineString></Placemark>
  </Folder>
</Document></kml>`;
  const kmz = zipSync({ 'doc.kml': strToU8(kml), 'files/gate.jpg': new Uint8Array(5000).fill(7) });

  // Import is in the map menu.
  await page.getByRole('button', { name: 'Map menu' }).click();
  await page.getByRole('menuitem', { name: 'Import .kml/.kmi Files' }).click();
  await page.getByLabel('File').setInputFiles({
    name: 'permissions.kmz',
    mimeType: 'application/vnd.google-earth.kmz',
    buffer: Buffer.from(kmz),
  });
  const preview = page.getByRole('list', { name: 'Spots in the file' });
  await expect(preview.getByRole('checkbox')).toHaveCount(2);
  await expect(preview.getByText('Norfolk').first()).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 spots' }).click();
  await expect(page.getByText('Successfully imported 2 locations.').first()).toBeVisible();

  await expect
    .poll(async () => (await serverSpots(page)).filter((s) => s.name.endsWith(String(stamp))).length, {
      timeout: 20_000,
    })
    .toBe(2);
  expect(
    (await serverSpots(page)).filter((s) => s.name.endsWith(String(stamp))).every((s) => !s.isShared),
  ).toBe(true);

  // Spot names are in the search box.
  await page.getByRole('searchbox').fill(`Manor Farm ${stamp}`);
  await page.getByRole('searchbox').press('Enter');
  await expect(page.getByRole('img', { name: `Manor Farm ${stamp}` })).toBeVisible();
  await expect(spotRow(page, `Manor Farm ${stamp}`)).toBeVisible({ timeout: 15_000 });
});
