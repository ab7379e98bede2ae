/**
 * Offline-first finds in Chromium (issue 3): a find logged without signal survives a reload, syncs by
 * itself when the network returns, and other members see it; a reload in the middle of a sync leaves
 * no duplicate; a phone-sized photo is downsized in the browser to fit 5 MB.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signUp, uniqueName, waitForServiceWorker } from './support';

async function jpeg(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 320,
      height: 240,
      channels: 3,
      background: { r: (seed * 67) % 256, g: 120, b: (seed * 29) % 256 },
    },
  })
    .jpeg()
    .toBuffer();
}

/** The server's view, whatever the browser shows: how many finds carry this exact title. */
/**
 * The find as the server lists it. Polled, not read once: "Waiting to sync" is also absent before the new
 * card is drawn (CI once read 0 here for a find with a large photo).
 */
async function serverCount(request: APIRequestContext, title: string): Promise<number> {
  const res = await request.get(`/api/finds?q=${encodeURIComponent(title)}&limit=50`);
  expect(res.ok()).toBe(true);
  const finds: { title: string }[] = await res.json();
  return finds.filter((f) => f.title === title).length;
}

async function openGallery(page: Page) {
  await page.goto('/finds');
  await expect(page.getByRole('heading', { level: 1, name: 'Treasure Finds Gallery' })).toBeVisible();
}

async function shareFind(
  page: Page,
  title: string,
  photo: { name: string; mimeType: string; buffer: Buffer },
) {
  await page.getByRole('button', { name: 'Share Your Find' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Location').fill('Thetford Forest, Norfolk');
  await dialog.getByLabel('Period (optional)').selectOption('Roman');
  await dialog.getByLabel('Photo').setInputFiles(photo);
  await expect(dialog.getByAltText('Your find, as it will be uploaded')).toBeVisible();
  await dialog.getByRole('button', { name: 'Share Find' }).click();
  await expect(dialog.getByRole('heading', { name: 'Add Another Find?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

const card = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

test('a find logged offline survives a reload, syncs when back online, and another member sees it', async ({
  page,
  context,
  browser,
  request,
}) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await signUp(page, uniqueName('field'));
  await openGallery(page);

  await context.setOffline(true);
  const title = `Roman brooch ${Date.now()}`;
  await shareFind(page, title, { name: 'brooch.jpg', mimeType: 'image/jpeg', buffer: await jpeg(1) });
  await expect(card(page, title).getByText('Waiting to sync')).toBeVisible();
  await expect(card(page, title).getByText('Thetford Forest', { exact: true })).toBeVisible();

  await page.reload();
  await expect(card(page, title)).toBeVisible();
  await expect(card(page, title).getByText('Waiting to sync')).toBeVisible();
  // The photo comes from IndexedDB while it is not uploaded: it is not the fallback image.
  await expect(card(page, title).locator('img')).toHaveAttribute('src', /^blob:/);
  expect(await serverCount(request, title)).toBe(0);

  await context.setOffline(false);
  await expect(card(page, title).getByText('Waiting to sync')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(() => serverCount(request, title), { timeout: 20_000 }).toBe(1);

  const other = await browser.newContext();
  const visitor = await other.newPage();
  await openGallery(visitor);
  await expect(card(visitor, title)).toBeVisible();
  await card(visitor, title).getByRole('link', { name: title, exact: true }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText('Thetford Forest, Norfolk')).toBeVisible();
  await expect(visitor.getByRole('img', { name: title })).toHaveAttribute('src', /^\/uploads\//);
  await other.close();
});

test('a reload in the middle of a sync leaves no duplicate', async ({ page, request }) => {
  await page.goto('/');
  await signUp(page, uniqueName('reload'));
  await openGallery(page);

  // The push reaches the server, but its answer is held back until the page has reloaded.
  let reachedServer: () => void = () => undefined;
  const pushed = new Promise<void>((resolve) => (reachedServer = resolve));
  await page.route('**/api/sync/push', async (route) => {
    const response = await route.fetch();
    reachedServer();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fulfill({ response }).catch(() => undefined);
  });

  const title = `Hammered penny ${Date.now()}`;
  await shareFind(page, title, { name: 'penny.jpg', mimeType: 'image/jpeg', buffer: await jpeg(2) });
  await pushed;
  await page.unroute('**/api/sync/push');
  await page.reload();

  await expect(card(page, title)).toBeVisible();
  await expect(card(page, title).getByText('Waiting to sync')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(() => serverCount(request, title), { timeout: 20_000 }).toBe(1);
  await page.reload();
  await expect(card(page, title)).toHaveCount(1);
});

test('a photo too big for 5 MB is downsized in the browser and the find is kept', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await signUp(page, uniqueName('camera'));
  await openGallery(page);
  // Noise does not compress: a 2,000 px PNG of it is about 12 MB, like a phone's full-size photo.
  const noise = Buffer.alloc(2000 * 2000 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const big = await sharp(noise, { raw: { width: 2000, height: 2000, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(big.byteLength).toBeGreaterThan(5 * 1024 * 1024);

  await page.getByRole('button', { name: 'Share Your Find' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Photo').setInputFiles({ name: 'camera.png', mimeType: 'image/png', buffer: big });
  await expect(dialog.getByText('Your photo was resized to fit 5 MB.')).toBeVisible({ timeout: 20_000 });
  const title = `Iron Age stater ${Date.now()}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Location').fill('Suffolk');
  await dialog.getByRole('button', { name: 'Share Find' }).click();
  await expect(dialog.getByRole('heading', { name: 'Add Another Find?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(card(page, title).getByText('Waiting to sync')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(() => serverCount(request, title), { timeout: 20_000 }).toBe(1);
});
