/**
 * AR routes (docs/product/ar-routes.md) in Chromium with a fake camera and a fake position: 'Location
 * needed' until location is allowed, the recommendations (the three samples and a community route), the
 * camera off → on → Stop Camera, and a route followed to completion by moving the position point by
 * point; the walk and its rating reach the server through the outbox. Screenshots are kept in the test
 * output (ar-routes-camera.png, ar-routes-completed.png).
 */
import { expect, test } from '@playwright/test';
import { destination } from '../schema/contracts/ar-routes-geo';
import { BROWSER_TEST_FLAGS, CHROMIUM_PATH } from '../scripts/chromium-flags';
import { signUp, uniqueName, watchForeignRequests } from './support';

// Near Swaffham, Norfolk.
const HERE = { lat: 52.6481, lng: 0.6863 };
const START = destination(HERE, 90, 40);
const MIDDLE = destination(START, 0, 120);
const END = destination(MIDDLE, 0, 120);

test.use({
  permissions: ['geolocation', 'camera'],
  geolocation: { latitude: HERE.lat, longitude: HERE.lng },
  // A fake camera for this spec only; the rest of the config's launch options are kept.
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...BROWSER_TEST_FLAGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

test('allow location, start and stop the camera, follow a route to completion and rate it', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const foreign = watchForeignRequests(context, baseURL!);
  await page.goto('/');
  await signUp(page, uniqueName('walker'));
  // A community route starting 40 m east of the member (public, so the recommendations read it).
  const created = await page.request.post('/api/routes', {
    data: {
      name: 'Swaffham Heath Track',
      startLat: START.lat,
      startLng: START.lng,
      endLat: END.lat,
      endLng: END.lng,
      waypoints: [{ lat: MIDDLE.lat, lng: MIDDLE.lng, name: 'Barrow' }],
      estimatedDuration: 30,
      difficulty: 'easy',
      terrainType: 'Heathland',
      historicalPeriods: ['Bronze Age'],
      isPublic: true,
    },
  });
  expect(created.status()).toBe(201);
  const route = (await created.json()) as { id: number; uid: string };

  await page.goto('/ar-routes');
  await expect(page.getByRole('heading', { level: 1, name: 'AR Route Recommendations' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Location needed' })).toBeVisible();
  await page.getByRole('button', { name: 'Allow location' }).click();

  const list = page.getByRole('list', { name: 'Recommended routes' });
  for (const name of [
    'Ancient Roman Path',
    'Victorian Village Circuit',
    'Medieval Market Route',
    'Swaffham Heath Track',
  ])
    await expect(list.getByRole('heading', { name })).toBeVisible();
  // Nearest first: the community route starts 40 m away, the samples further.
  await expect(list.getByRole('heading').first()).toHaveText('Swaffham Heath Track');

  await list.getByRole('listitem').first().getByRole('button', { name: 'Follow this route' }).click();
  await expect(page.getByRole('heading', { name: 'Following: Swaffham Heath Track' })).toBeVisible();
  const guidance = page.getByRole('list', { name: 'Route guidance' });
  await expect(guidance.getByRole('listitem').first()).toContainText('1. Start');
  await expect(guidance.getByRole('listitem').first()).toContainText('E');

  // Camera: off → on (the fake device's picture plays under the overlay) → Stop Camera → off.
  await page.getByRole('button', { name: 'Start Camera' }).click();
  await expect(page.getByRole('button', { name: 'Stop Camera' })).toBeVisible();
  const overlay = page.getByTestId('ar-overlay');
  await expect(overlay).toContainText('m to Start');
  await expect
    .poll(() => page.getByLabel('Camera view').evaluate((v: HTMLVideoElement) => v.videoWidth))
    .toBeGreaterThan(0);
  expect(Number(await overlay.getAttribute('data-opacity'))).toBeCloseTo(0.96, 1);
  await page.screenshot({ path: testInfo.outputPath('ar-routes-camera.png'), fullPage: true });
  await page.getByRole('button', { name: 'Stop Camera' }).click();
  await expect(page.getByRole('button', { name: 'Start Camera' })).toBeVisible();
  await expect(overlay).toHaveCount(0);

  // Walk it: each point reached (within 20 m) moves the guidance on; the end completes the route.
  await context.setGeolocation({ latitude: START.lat, longitude: START.lng });
  await expect(guidance.locator('[aria-current="step"]')).toContainText('Barrow');
  await context.setGeolocation({ latitude: MIDDLE.lat, longitude: MIDDLE.lng });
  await expect(guidance.locator('[aria-current="step"]')).toContainText('End');
  await context.setGeolocation({ latitude: END.lat, longitude: END.lng });
  await expect(page.getByText('Rate this route:')).toBeVisible();

  await page.getByRole('group', { name: 'Rate this route' }).getByRole('button', { name: '4 stars' }).click();
  await expect(page.getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: testInfo.outputPath('ar-routes-completed.png'), fullPage: true });

  // The walk and the rating were queued on the device and pushed by the sync engine.
  await expect
    .poll(async () => (await (await page.request.get(`/api/routes/${route.uid}`)).json()) as object, {
      timeout: 20_000,
    })
    .toMatchObject({ completedCount: 1, rating: 4 });

  // Create a route from the map: start and end tapped on the picker, private by default, synced later.
  await page.getByRole('button', { name: 'Create Route' }).click();
  const picker = page.getByRole('region', { name: 'Route picker map' });
  await expect(page.locator('.maplibregl-canvas').last()).toBeVisible();
  await picker.click({ position: { x: 120, y: 140 } });
  await page.getByRole('button', { name: 'Add waypoint' }).click();
  await picker.click({ position: { x: 200, y: 120 } });
  await page.getByRole('button', { name: 'Set end' }).click();
  await picker.click({ position: { x: 300, y: 100 } });
  await expect(page.getByText(/Waypoints: 1 · End: \d/)).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Church path');
  await page.getByLabel('Estimated duration (minutes)').fill('40');
  await page.getByRole('button', { name: 'Save Route' }).click();
  await expect(page.getByText('Route saved').first()).toBeVisible();
  await expect(list.getByRole('heading', { name: 'Church path' })).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/routes')).json()) as Array<{ name: string }>).map(
          (r) => r.name,
        ),
      {
        timeout: 20_000,
      },
    )
    .toContain('Church path');

  // The creator shares it, then deletes it; the server follows through the outbox.
  const card = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Church path' }) });
  await card.getByRole('button', { name: 'Share this route' }).click();
  await expect(card.getByText(/· Public/)).toBeVisible();
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByRole('heading', { name: 'Church path' })).toHaveCount(0);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/routes')).json()) as Array<{ name: string }>).map(
          (r) => r.name,
        ),
      { timeout: 20_000 },
    )
    .not.toContain('Church path');
  expect(foreign).toEqual([]);
});

test('without location the page says so and guides nowhere', async ({ browser }) => {
  const context = await browser.newContext({ permissions: [] });
  const page = await context.newPage();
  await page.goto('/ar-routes');
  await page.getByRole('button', { name: 'Allow location' }).click();
  await expect(page.getByRole('heading', { name: 'Location needed' })).toBeVisible();
  await expect(page.getByText('Location access was refused.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recommended routes' })).toHaveCount(0);
  await context.close();
});
