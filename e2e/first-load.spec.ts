/**
 * A signed-out first visit, as a phone makes it: no console errors (no 401 from the session check, no CSP
 * report when a form loads Zod), pre-compressed scripts, and no source maps for anyone.
 */
import { expect, test } from '@playwright/test';
import { apiMember, seedFind } from './page-checks';

test('a signed-out visit logs no errors, even when a form loads its validation', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'History Unearthed' })).toBeVisible();
  // The sign-up form validates with Zod: an empty submit shows its messages without an eval (CSP) report.
  await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
  // 'Create Account' once the configuration says donations are off (as here), 'Continue' until then.
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^(Continue|Create Account)$/ })
    .click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/finds');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('scripts are sent pre-compressed and immutable; source maps are not served', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  const script = await request.get(entry!, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
  expect(script.headers()['content-encoding']).toBe('br');
  expect(script.headers()['vary']).toBe('Accept-Encoding');
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await request.get(`${entry}.map`)).status()).toBe(404);
});

/**
 * A first visit on a phone: the server writes the gallery's first look into the page, so the newest finds
 * show before the app's code and data arrive; the app then takes its place with nothing moving. The first
 * sync pull is held back here so the first look can be seen.
 */
test("a first visit to the gallery shows the server's first look, then the app's page in its place", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const seeding = await context.newPage();
  await apiMember(seeding);
  const newest = await seedFind(seeding, 91, 'Roman', 'A first look at a Roman brooch.');
  await seeding.close();
  await context.clearCookies();

  const page = await context.newPage();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // Both ways the gallery gets finds: the first pull, and a page of the REST list.
  for (const pattern of ['**/api/sync/pull**', '**/api/finds**']) {
    await page.route(pattern, async (route) => {
      await held;
      await route.continue();
    });
  }
  await page.goto('/finds');
  const preview = page.locator('#boot-preview');
  await expect(preview.getByText(newest.title)).toBeVisible();
  await expect(page.locator('#root')).toBeHidden();
  const firstLook = await preview.locator('img').first().boundingBox();
  await page.screenshot({ path: test.info().outputPath('gallery-first-look.png') });

  release();
  await expect(page.locator('#boot-shell')).toHaveCount(0);
  const card = page.getByRole('list', { name: 'Finds' }).getByRole('listitem').first();
  await expect(card.getByRole('link', { name: newest.title, exact: true })).toBeVisible();
  const photo = await card.locator('img').first().boundingBox();
  expect(firstLook).not.toBeNull();
  for (const side of ['x', 'y', 'width', 'height'] as const) {
    expect(Math.abs((photo?.[side] ?? 0) - (firstLook?.[side] ?? 0)), side).toBeLessThanOrEqual(1);
  }
  await page.screenshot({ path: test.info().outputPath('gallery-app.png') });
  await context.close();
});
