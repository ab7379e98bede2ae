/**
 * The foundation's member journey in Chromium: sign up → the header shows the avatar → log out → log in →
 * edit the profile → go offline and reload: the shell and the member are still there.
 */
import { expect, test } from '@playwright/test';
import { logIn, signUp, uniqueName, userMenu, waitForServiceWorker, watchForeignRequests } from './support';

test('a member signs up, logs out, logs in, edits the profile and still sees it all offline', async ({
  page,
  context,
  baseURL,
}) => {
  const foreign = watchForeignRequests(context, baseURL!);
  const username = uniqueName('digger');
  const password = 'field-walker-1';

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'History Unearthed' })).toBeVisible();
  await waitForServiceWorker(page);

  await signUp(page, username, password);
  const menu = userMenu(page, username);
  await expect(menu).toBeVisible();
  // The avatar is generated and served by our own server.
  const avatar = page.getByRole('banner').locator(`img[src^="/avatars/"]`).first();
  await expect(avatar).toBeVisible();
  expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await menu.click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await logIn(page, username, password);
  await expect(userMenu(page, username)).toBeVisible();

  await userMenu(page, username).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Your Profile' })).toBeVisible();
  await page.getByLabel('Bio').fill('Mostly Roman grots on the Wiltshire clay.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile Updated').first()).toBeVisible();

  // The server kept the change.
  const me = await page.evaluate(async () =>
    (await fetch('/api/auth/user', { credentials: 'include' })).json(),
  );
  expect(me.bio).toBe('Mostly Roman grots on the Wiltshire clay.');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect(userMenu(page, username)).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: /Legal/ }).click();
  await expect(page.getByRole('heading', { name: /Treasure Act/ }).first()).toBeVisible();
  await context.setOffline(false);

  expect(foreign).toEqual([]);
});

test("bad sign-in input gets the product's texts and an unknown account is explained", async ({ page }) => {
  await page.goto('/login');
  const form = page.getByRole('main');
  await expect(form.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(form.getByText('Username is required')).toBeVisible();
  await expect(form.getByText('Password is required')).toBeVisible();
  await form.getByLabel('Username').fill(uniqueName('nobody'));
  await form.getByLabel('Password').fill('whatever1');
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(/Account not found\. If you previously had an account/).first()).toBeVisible();
});

test('Sign in on a page that needs an account comes back to that page', async ({ page, request }) => {
  const username = uniqueName('returner');
  const registered = await request.post('/api/users/register', {
    data: { username, email: `${username}@example.com`, password: 'field-walker-1' },
  });
  expect(registered.ok()).toBe(true);
  await page.goto('/safety');
  await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fsafety$/);
  const form = page.getByRole('main');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill('field-walker-1');
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(`Welcome, ${username}!`).first()).toBeVisible();
  await expect(page).toHaveURL(/\/safety$/);
  await expect(userMenu(page, username)).toBeVisible();
});
