/**
 * Social in Chromium (issue 14; docs/product/social.md): two members in two browser contexts. Signed out,
 * /social asks to log in. Each finds the other with Find Users and follows them; each then sees the other's
 * activity (a story, a forum post) in their Activity Feed, the stat tiles count the follows, and
 * Connections lists the member followed with Unfollow. Screenshots are attached to the test output.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { signUp, uniqueName } from './support';

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const tile = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

async function follow(page: Page, username: string): Promise<void> {
  await page.getByRole('button', { name: 'Find Users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find Users' });
  await expect(dialog.getByText('Start typing to search for users')).toBeVisible();
  await dialog.getByRole('searchbox', { name: 'Search by username' }).fill('zzzz-nobody');
  await expect(dialog.getByText('No users found')).toBeVisible();
  await dialog.getByRole('searchbox', { name: 'Search by username' }).fill(username);
  await dialog.getByRole('button', { name: `Follow ${username}` }).click();
  await expect(dialog.getByRole('button', { name: `Unfollow ${username}` })).toBeVisible();
  await expect(page.getByText('Connection updated successfully').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

test('two members follow each other and see each other’s activity', async ({ page, browser }, testInfo) => {
  await page.goto('/social');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(
    page.getByText('Please log in to follow users, join groups, send messages and view stats.'),
  ).toBeVisible();
  await shot(page, testInfo, 'social-signed-out');

  const alice = uniqueName('alice');
  await signUp(page, alice);
  const other = await browser.newContext();
  const bobPage = await other.newPage();
  await bobPage.goto('/social');
  const bob = uniqueName('bob');
  await signUp(bobPage, bob);

  // Something for each to see: Bob shares a story, Alice starts a forum thread.
  const story = 'Dawn on the stubble, larks overhead, and a hammered penny at the headland.';
  expect((await bobPage.request.post('/api/stories', { data: { content: story } })).status()).toBe(201);
  const post = {
    title: 'Which coil for wet clay?',
    content: 'Looking for advice on heavy ground.',
    categoryId: 1,
    imageUrl: null,
  };
  expect((await page.request.post('/api/posts', { data: post })).status()).toBe(201);

  await page.goto('/social');
  await expect(page.getByRole('heading', { level: 1, name: 'Social Dashboard' })).toBeVisible();
  await follow(page, bob);
  await expect(tile(page, 'Following')).toHaveText('1');
  await expect(page.getByText(story)).toBeVisible();
  await shot(page, testInfo, 'social-feed-alice');

  await bobPage.goto('/social');
  await expect(tile(bobPage, 'Followers')).toHaveText('1');
  await follow(bobPage, alice);
  await expect(bobPage.getByText(post.title)).toBeVisible();
  await expect(bobPage.getByText(story)).toBeVisible();
  await shot(bobPage, testInfo, 'social-feed-bob');

  await page.getByRole('tab', { name: 'Connections' }).click();
  await expect(page.getByRole('button', { name: `Unfollow ${bob}` })).toBeVisible();
  await page.reload();
  await expect(tile(page, 'Followers')).toHaveText('1');
  await page.getByRole('tab', { name: 'Connections' }).click();
  await shot(page, testInfo, 'social-connections-alice');
  await other.close();
});

test('a follow pressed without signal holds and reaches the server once the network returns', async ({
  page,
  browser,
}) => {
  const other = await browser.newContext();
  const bobPage = await other.newPage();
  await bobPage.goto('/');
  const bob = uniqueName('bob');
  await signUp(bobPage, bob);

  await page.goto('/social');
  const carol = uniqueName('carol');
  await signUp(page, carol);
  await expect(page.getByRole('heading', { level: 1, name: 'Social Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Find Users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find Users' });
  await dialog.getByRole('searchbox', { name: 'Search by username' }).fill(bob);
  const followBob = dialog.getByRole('button', { name: `Follow ${bob}` });
  await expect(followBob).toBeVisible();

  await page.context().setOffline(true);
  await followBob.click();
  await expect(dialog.getByRole('button', { name: `Unfollow ${bob}` })).toBeVisible();
  await expect(page.getByText('Connection updated successfully').first()).toBeVisible();
  // Nothing has reached the server yet.
  await bobPage.goto('/social');
  await expect(tile(bobPage, 'Followers')).toHaveText('0');

  await page.context().setOffline(false);
  await expect
    .poll(
      async () => {
        await bobPage.reload();
        // The tile shows a placeholder until the server's count arrives: read the count, not the placeholder.
        const followers = tile(bobPage, 'Followers');
        await expect(followers).toHaveText(/^\d+$/, { timeout: 5_000 });
        return followers.textContent();
      },
      { timeout: 30_000 },
    )
    .toBe('1');
  await other.close();
});
