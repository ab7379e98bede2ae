/**
 * Protected sites in Chromium (issue 29; docs/protected-areas.md "On the device"): a scheduled monument loaded
 * with `npm run protected:import` reaches the member's device for the spot they keep nearby; the map draws it
 * and a tap shows its name, kind and official record number; offline, Detecting now standing inside it
 * raises the danger banner.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueName, waitForServiceWorker } from './support';

// A 600 m square monument in Wiltshire, and the member's spot 1 km north of its centre.
const CENTRE = { latitude: 51.25, longitude: -1.9 };
const dLat = (m: number) => m / 111_320;
const dLng = (m: number) => m / (111_320 * Math.cos((CENTRE.latitude * Math.PI) / 180));
const corner = (east: number, north: number) => [
  CENTRE.longitude + dLng(east),
  CENTRE.latitude + dLat(north),
];
const NAME = `Long barrow on Hatch Down ${Date.now()}`;
const REFERENCE = String(1_000_000 + (Date.now() % 1_000_000));

function importMonument(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'monuments.geojson');
  const ring = [
    corner(-300, -300),
    corner(300, -300),
    corner(300, 300),
    corner(-300, 300),
    corner(-300, -300),
  ];
  const feature = {
    type: 'Feature',
    properties: { ListEntry: REFERENCE, Name: NAME, hyperlink: `https://example.org/list/${REFERENCE}` },
    geometry: { type: 'Polygon', coordinates: [ring] },
  };
  fs.writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features: [feature] }));
  execFileSync('npx', ['tsx', 'scripts/protected-import.ts', '--source', 'nhle', file], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
}

const cachedAreas = (page: Page) =>
  page.evaluate(async () => {
    const open = indexedDB.open('digquest');
    const database = await new Promise<IDBDatabase>(
      (resolve) => (open.onsuccess = () => resolve(open.result)),
    );
    const count = await new Promise<number>((resolve) => {
      const request = database.transaction('protected_areas').objectStore('protected_areas').count();
      request.onsuccess = () => resolve(request.result);
    });
    database.close();
    return count;
  });

test.use({ permissions: ['geolocation'], geolocation: { ...CENTRE, accuracy: 5 } });

test('a monument near my spot is drawn and told on the map, and Detecting now warns inside it offline', async ({
  page,
  context,
}, testInfo) => {
  importMonument(testInfo.outputDir);
  await page.goto('/');
  await waitForServiceWorker(page);
  await signUp(page, uniqueName('barrow'));
  const created = await page.request.post('/api/locations', {
    data: {
      name: 'Hatch Down',
      latitude: CENTRE.latitude + dLat(1000),
      longitude: CENTRE.longitude,
      type: 'Field',
    },
  });
  expect(created.status()).toBe(201);

  await page.goto(`/map?lat=${CENTRE.latitude}&lng=${CENTRE.longitude}`);
  await expect(page.locator('.maplibregl-canvas')).toBeVisible();
  await expect.poll(() => cachedAreas(page), { timeout: 30_000 }).toBe(1);
  await expect(page.getByText('Protected sites (scheduled monuments)').first()).toBeAttached();
  await page.waitForTimeout(1000);
  const box = await page.locator('.maplibregl-canvas').boundingBox();
  if (!box) throw new Error('no map canvas');
  // 30 px east of the centre: inside the 600 m square at the link's zoom, clear of the centre's marker.
  await page.mouse.click(box.x + box.width / 2 + 30, box.y + box.height / 2);
  const info = page.getByLabel(`Protected site: ${NAME}`);
  await expect(info.getByRole('heading', { name: NAME })).toBeVisible();
  await expect(info).toContainText('Scheduled monument');
  await expect(info.getByRole('link', { name: REFERENCE })).toHaveAttribute(
    'href',
    `https://example.org/list/${REFERENCE}`,
  );
  await page.screenshot({ path: testInfo.outputPath('protected-map.png') });

  await context.setOffline(true);
  await page.goto('/detecting');
  await page.getByRole('button', { name: 'Start detecting' }).click();
  await expect(page.getByRole('alert')).toContainText(`You are inside ${NAME}, a protected site.`);
  await expect(page.getByRole('region', { name: 'Protected sites' })).toContainText(`Inside ${NAME}.`);
  await context.setOffline(false);
});
