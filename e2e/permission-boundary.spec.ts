/**
 * Drawing a permission's boundary on the real map in Chromium (issue 29; docs/permissions.md "Drawing the
 * boundary"): the owner opens their spot, draws the land's corners with terra-draw, closes the shape on its
 * first corner and saves; the boundary reaches the server whole (owner only), is drawn on the map, and the
 * printable letter shows it.
 */
import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueName } from './support';

const FIELD = { latitude: 52.605, longitude: -1.495 };

interface ServerSpot {
  uid: string;
  name: string;
  permissionBoundary?: { type: string; coordinates: number[][][] } | null;
}

async function serverSpot(page: Page, uid: string): Promise<ServerSpot> {
  const res = await page.request.get(`/api/locations/${uid}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as ServerSpot;
}

test('the owner draws a boundary on the map, saves it, and prints the letter', async ({ page }, testInfo) => {
  await page.goto('/');
  await signUp(page, uniqueName('landholder'));
  const created = await page.request.post('/api/locations', {
    data: { name: 'Church Farm', ...FIELD, type: 'Field', landownerName: 'Mrs Hale' },
  });
  expect(created.status()).toBe(201);
  const { uid } = (await created.json()) as ServerSpot;

  await page.goto(`/map?spot=${uid}`);
  await expect(page.locator('.maplibregl-canvas')).toBeVisible();
  const info = page.locator('.maplibregl-popup');
  await expect(info.getByRole('heading', { name: 'Church Farm' })).toBeVisible({ timeout: 20_000 });
  await info.getByRole('button', { name: 'Draw boundary' }).click();
  await expect(page.getByText('tap the first corner to close it')).toBeVisible({ timeout: 20_000 });
  // terra-draw listens once its adapter has registered with the map.
  await page.waitForTimeout(500);

  const box = await page.locator('.maplibregl-canvas').boundingBox();
  if (!box) throw new Error('no map canvas');
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  const corners = [
    [cx - 80, cy - 60],
    [cx + 80, cy - 60],
    [cx + 80, cy + 60],
    [cx - 80, cy + 60],
  ] as const;
  for (const [x, y] of corners) {
    await page.mouse.move(x, y);
    await page.mouse.click(x, y);
    await page.waitForTimeout(150);
  }
  await page.mouse.move(corners[0][0], corners[0][1]);
  await page.mouse.click(corners[0][0], corners[0][1]);
  await page.screenshot({ path: testInfo.outputPath('boundary-drawn.png') });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Boundary saved').first()).toBeVisible();

  await expect
    .poll(async () => (await serverSpot(page, uid)).permissionBoundary?.coordinates[0]?.length ?? 0, {
      timeout: 20_000,
    })
    .toBe(5);
  const ring = (await serverSpot(page, uid)).permissionBoundary?.coordinates[0] ?? [];
  // The ring is closed, and the land drawn lies by the spot (the map may have panned to show its info
  // window, so the corners tapped around the map's centre need not surround the spot itself).
  expect(ring[0]).toEqual(ring[4]);
  for (const [lng = NaN, lat = NaN] of ring) {
    expect(Math.abs(lng - FIELD.longitude)).toBeLessThan(0.02);
    expect(Math.abs(lat - FIELD.latitude)).toBeLessThan(0.02);
  }
  expect(new Set(ring.slice(0, 4).map((p) => p.join(','))).size).toBe(4);
  await page.screenshot({ path: testInfo.outputPath('boundary-saved.png') });

  await page.goto(`/map/spots/${uid}/letter`);
  await expect(page.getByText('Mrs Hale').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Print/ })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: testInfo.outputPath('letter-print.png'), fullPage: true });
});
