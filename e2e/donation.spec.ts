/**
 * Donations at sign-up in Chromium. The e2e server runs without Stripe keys (playwright.config.ts), so the
 * dialog has no donation step; the 503 path is driven by pretending the configuration allows donations. Stripe
 * is never contacted, and its code is never even downloaded by the page.
 */
import { expect, test, type Page } from '@playwright/test';
import { uniqueName, watchForeignRequests } from './support';

// Requests are intercepted below; a service worker could answer some of them out of the route's sight.
test.use({ serviceWorkers: 'block' });

/** Scripts the page loaded that belong to the payment step or Stripe's loader. */
function watchStripeCode(page: Page): string[] {
  const loaded: string[] = [];
  page.on('request', (request) => {
    if (/sign-up-payment-step|\/pure-|stripe/i.test(request.url())) loaded.push(request.url());
  });
  return loaded;
}

async function fillAccount(page: Page, username: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Join Our Community' })).toBeVisible();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Email').fill(`${username}@example.com`);
  await dialog.getByLabel('Password', { exact: true }).fill('field-walker-1');
  await dialog.getByLabel('Confirm Password').fill('field-walker-1');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('heading', { name: 'Support Our Community' })).toBeVisible();
  return dialog;
}

test('without Stripe keys the server says so: no key, donations off, and a 503 for intents', async ({
  request,
}) => {
  const config = await request.get('/api/config');
  expect(await config.json()).toEqual({
    stripePublishableKey: null,
    donationCurrency: 'usd',
    donationsEnabled: false,
  });
  const intent = await request.post('/api/create-payment-intent', {
    data: { amount: 10, email: 'a@example.com', name: 'a' },
  });
  expect(intent.status()).toBe(503);
  expect(await intent.json()).toMatchObject({
    message: 'Donations are not available right now.',
    code: 'unavailable',
  });
  // No Stripe host is allowed by the CSP when Stripe is not configured.
  expect(config.headers()['content-security-policy']).not.toContain('stripe.com');
});

test('donations off: no donation step, the account step creates the account; no Stripe code', async ({
  page,
  context,
  baseURL,
}) => {
  const foreign = watchForeignRequests(context, baseURL!);
  const stripeCode = watchStripeCode(page);
  const username = uniqueName('skipper');
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Email').fill(`${username}@example.com`);
  await dialog.getByLabel('Password', { exact: true }).fill('field-walker-1');
  await dialog.getByLabel('Confirm Password').fill('field-walker-1');
  await expect(dialog.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Account Created Successfully!').first()).toBeVisible();
  await expect(page.getByText("You're signed in. Welcome to DigQuest!").first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Support Our Community' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: new RegExp(username) })).toBeVisible();
  expect(stripeCode).toEqual([]);
  expect(foreign).toEqual([]);
});

test('503: the dialog shows the server message and falls back to Skip only', async ({
  page,
  context,
  baseURL,
}) => {
  const foreign = watchForeignRequests(context, baseURL!);
  const stripeCode = watchStripeCode(page);
  // As if the configuration offered donations while the server cannot take them (keys removed since).
  await page.route('**/api/config', (route) =>
    route.fulfill({
      json: { stripePublishableKey: 'pk_test_e2e', donationCurrency: 'usd', donationsEnabled: true },
    }),
  );
  await page.goto('/');
  const dialog = await fillAccount(page, uniqueName('giver'));

  await expect(dialog.getByRole('radio', { name: '$5' })).toBeChecked();
  await dialog.getByRole('radio', { name: '$10' }).check();
  const intent = page.waitForResponse('**/api/create-payment-intent');
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
  expect((await intent).status()).toBe(503);

  await expect(dialog.getByRole('alert')).toHaveText('Donations are not available right now.');
  await expect(dialog.getByRole('heading', { name: 'Support Our Community' })).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account Created Successfully!').first()).toBeVisible();
  expect(stripeCode).toEqual([]);
  expect(foreign).toEqual([]);
});
