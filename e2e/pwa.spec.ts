/** The app installs as a PWA: a valid manifest with icons, a service worker, and offline navigation. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { waitForServiceWorker, watchForeignRequests } from './support';

test('the manifest is complete and its icons are served', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: 'DigQuest', display: 'standalone', start_url: '/' });
  expect(manifest.theme_color).toMatch(/^#/);
  const sizes = manifest.icons.map(
    (i: { sizes: string; purpose?: string }) => `${i.sizes}${i.purpose === 'maskable' ? ' maskable' : ''}`,
  );
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const img = await request.get(icon.src);
    expect(img.headers()['content-type']).toBe('image/png');
  }
});

test('the manifest has what the richer install dialog shows: id, language, screenshots, shortcuts', async ({
  request,
}) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ id: '/', lang: 'en-GB' });

  // One phone and one wide screenshot, each the size it declares, small, and not the app's HTML.
  const screenshots: { src: string; sizes: string; type: string; form_factor: string; label: string }[] =
    manifest.screenshots;
  expect(screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
  for (const shot of screenshots) {
    expect(shot.label.length, shot.src).toBeGreaterThan(0);
    const res = await request.get(shot.src);
    expect(res.status(), shot.src).toBe(200);
    expect(res.headers()['content-type'], shot.src).toBe(shot.type);
    const bytes = await res.body();
    expect(bytes.length, shot.src).toBeLessThan(150 * 1024);
    const { width, height } = await sharp(bytes).metadata();
    expect(`${width}x${height}`, shot.src).toBe(shot.sizes);
    // Narrow is portrait, wide is landscape (how the install dialog picks them).
    expect(shot.form_factor === 'narrow' ? height > width : width > height, shot.src).toBe(true);
  }

  const shortcuts: { name: string; short_name: string; url: string }[] = manifest.shortcuts;
  expect(shortcuts.map(({ short_name, url }) => ({ short_name, url }))).toEqual([
    { short_name: 'Log a find', url: '/finds?share=1' },
    { short_name: 'Map', url: '/map' },
    { short_name: 'Forum', url: '/forum' },
  ]);
});

test('/robots.txt and /favicon.ico are real files; a missing file is a 404, not the app', async ({
  request,
}) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toMatch(/^User-agent: \*$/m);
  const favicon = await request.get('/favicon.ico');
  expect(favicon.headers()['content-type']).toBe('image/x-icon');
  const missing = await request.get('/wp-login.php');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).not.toContain('<!doctype html>');
});

test('hashed assets are immutable; index.html and the service worker are never cached', async ({
  request,
  page,
}) => {
  const index = await request.get('/');
  expect(index.headers()['cache-control']).toBe('no-cache');
  expect(index.headers()['content-security-policy']).toContain("default-src 'self'");
  const sw = await request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  await page.goto('/');
  const script = await page.locator('script[type="module"][src^="/assets/"]').first().getAttribute('src');
  const asset = await request.get(script!);
  expect(asset.headers()['cache-control']).toContain('immutable');
  const api404 = await request.get('/api/no-such-thing');
  expect(api404.status()).toBe(404);
  expect(await api404.json()).toMatchObject({ code: 'not-found' });
});

test('after one online visit the app opens and navigates offline', async ({ page, context, baseURL }) => {
  const foreign = watchForeignRequests(context, baseURL!);
  await page.goto('/');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.goto('/guides');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Equipment', exact: true }).first().click();
  await expect(page).toHaveURL(/\/equipment$/);
  await page.goto('/somewhere-that-does-not-exist');
  await expect(page.getByText('404 - Page Not Found')).toBeVisible();
  await context.setOffline(false);
  expect(foreign).toEqual([]);
});

test('/detecting-map redirects to /map and /login is the sign-in page', async ({ page }) => {
  await page.goto('/detecting-map');
  await expect(page).toHaveURL(/\/map$/);
  await page.goto('/login');
  await expect(page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test('a new version shows "A new version is available" and Reload switches to it', async ({ page }) => {
  // Publish a "new version" by changing the served service worker's bytes; restored afterwards.
  const swFile = path.resolve('dist/web/sw.js');
  const original = fs.readFileSync(swFile, 'utf8');
  try {
    await page.goto('/');
    await waitForServiceWorker(page);
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(firstWorker).toContain('/sw.js');

    fs.writeFileSync(swFile, `${original}\n// e2e: new version ${Date.now()}\n`);
    await page.reload(); // a navigation makes the browser check sw.js (served no-cache) for updates
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect(prompt).toBeVisible();

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { name: 'History Unearthed' })).toBeVisible();
    await expect(page.getByText('A new version is available')).toHaveCount(0);
    // The page is now controlled by the new worker, and nothing is waiting any more.
    expect(
      await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
    ).toBe(false);
  } finally {
    fs.writeFileSync(swFile, original);
  }
});
