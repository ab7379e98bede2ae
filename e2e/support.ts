/** Shared helpers for the browser tests. */
import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Records every request the page makes to a host other than our own origin. The app must contact no
 * host but its own (map tiles and Stripe only when configured, which the tests do not configure).
 */
export function watchForeignRequests(context: BrowserContext, baseURL: string): string[] {
  const foreign: string[] = [];
  const own = new URL(baseURL).origin;
  context.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== own) foreign.push(url);
  });
  return foreign;
}

let counter = 0;
export function uniqueName(prefix = 'digger'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/** Waits until the service worker controls the page, so the app shell is cached for offline use. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  }
}

export async function signUp(page: Page, username: string, password = 'field-walker-1') {
  await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Join Our Community' })).toBeVisible();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Email').fill(`${username}@example.com`);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm Password').fill(password);
  // The browser tests run without Stripe: donations are off, so there is no donation step and the account
  // step's button creates the account (once the configuration has said so).
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account Created Successfully!').first()).toBeVisible();
}

export async function logIn(page: Page, username: string, password: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(`Welcome, ${username}!`).first()).toBeVisible();
}

export function userMenu(page: Page, username: string) {
  return page.getByRole('banner').getByRole('button', { name: new RegExp(username) });
}
