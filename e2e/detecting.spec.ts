/**
 * Detecting now in Chromium with a moving fake position (issue 29; docs/permissions.md "Detecting now"): a
 * member with a permission boundary and an excluded area walks across the field, into the excluded area,
 * back, and out over the boundary; each step the page says where they are, leaving the boundary raises the
 * danger banner, and poor GPS accuracy is told. The site checks are downloaded as CSV. All of it offline
 * once the spot is on the device.
 */
import { expect, test } from '@playwright/test';
import { signUp, uniqueName, waitForServiceWorker } from './support';

// A field west of Norwich and a small excluded corner (about 70 m × 70 m) in its south-west.
const boundary = {
  type: 'Polygon',
  coordinates: [
    [
      [-1.5, 52.6],
      [-1.49, 52.6],
      [-1.49, 52.61],
      [-1.5, 52.61],
      [-1.5, 52.6],
    ],
  ],
};
const exclusions = {
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [-1.4995, 52.6005],
        [-1.4985, 52.6005],
        [-1.4985, 52.6011],
        [-1.4995, 52.6011],
        [-1.4995, 52.6005],
      ],
    ],
  ],
};
const MIDDLE = { latitude: 52.605, longitude: -1.495 };
const EXCLUDED = { latitude: 52.6008, longitude: -1.499 };
const OUTSIDE = { latitude: 52.605, longitude: -1.488 };

test.use({ permissions: ['geolocation'], geolocation: { ...MIDDLE, accuracy: 5 } });

test('walking out of the permission boundary raises the warning, offline', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await signUp(page, uniqueName('walker'));
  const created = await page.request.post('/api/locations', {
    data: {
      name: 'Church Farm',
      latitude: MIDDLE.latitude,
      longitude: MIDDLE.longitude,
      type: 'Field',
      permissionBoundary: boundary,
      permissionExclusions: exclusions,
    },
  });
  expect(created.status()).toBe(201);
  const { uid } = (await created.json()) as { uid: string };

  // The spot reaches the device by sync, its boundary with it; the page then works with no signal. (Other
  // tests' shared spots may reach the device too: wait for this one.)
  await page.goto('/detecting');
  await expect(page.getByRole('heading', { level: 1, name: 'Detecting now' })).toBeVisible();
  await expect
    .poll(
      () =>
        page.evaluate(async (key) => {
          const open = indexedDB.open('digquest');
          const database = await new Promise<IDBDatabase>(
            (resolve) => (open.onsuccess = () => resolve(open.result)),
          );
          const spot = await new Promise<unknown>((resolve) => {
            const request = database.transaction('locations').objectStore('locations').get(key);
            request.onsuccess = () => resolve(request.result);
          });
          database.close();
          return typeof spot === 'object' && spot !== null && 'permissionBoundary' in spot
            ? (spot.permissionBoundary as { type?: string } | null)?.type
            : undefined;
        }, uid),
      { timeout: 20_000 },
    )
    .toBe('Polygon');
  await context.setOffline(true);

  await page.getByRole('button', { name: 'Start detecting' }).click();
  const permission = page.getByRole('region', { name: 'Your permission' });
  await expect(permission).toContainText('On Church Farm,');
  await expect(page.getByRole('alert')).toHaveCount(0);

  await context.setGeolocation({ ...EXCLUDED, accuracy: 5 });
  await expect(permission).toContainText('In an area excluded from your permission for Church Farm.');
  await expect(page.getByRole('alert')).toContainText(
    'You are in an area excluded from your permission for Church Farm. Do not detect here.',
  );
  await page.getByRole('button', { name: 'OK' }).click();

  await context.setGeolocation({ ...MIDDLE, accuracy: 5 });
  await expect(permission).toContainText('On Church Farm,');
  await context.setGeolocation({ ...OUTSIDE, accuracy: 5 });
  await expect(permission).toContainText('Outside your permissions');
  await expect(page.getByRole('alert')).toContainText(
    'You have left the permission boundary of Church Farm.',
  );
  await page.getByRole('button', { name: 'OK' }).click();

  await context.setGeolocation({ ...OUTSIDE, accuracy: 35 });
  await expect(page.getByRole('alert')).toContainText('GPS accuracy is ± 35 m');
  await page.screenshot({ path: test.info().outputPath('detecting-now.png'), fullPage: true });

  // The checks were logged on the device, and download as CSV.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download site checks (CSV)' }).click();
  const csv = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of csv) chunks.push(Buffer.from(chunk as Uint8Array));
  const lines = Buffer.concat(chunks).toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe('time_utc,latitude,longitude,accuracy_m,protected_status,protected_areas,permission');
  expect(lines.some((line) => line.endsWith('excluded: Church Farm'))).toBe(true);
  expect(lines.some((line) => line.endsWith('outside: Church Farm'))).toBe(true);
  await context.setOffline(false);
});
