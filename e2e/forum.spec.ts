/**
 * The forum in Chromium (issue 4): a post written without signal shows at once, marked waiting, and syncs
 * when the network returns; a second member (another browser profile) sees it, promotes it and comments;
 * the author deletes it and it is gone for both.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUp, uniqueName, waitForServiceWorker } from './support';

const card = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

async function openForum(page: Page) {
  await page.goto('/forum');
  await expect(page.getByRole('heading', { level: 1, name: 'Community Forum' })).toBeVisible();
  // The categories arrive with the first pull; the New Post form needs them.
  await expect(page.getByRole('link', { name: /General Discussion/ })).toBeVisible({ timeout: 20_000 });
}

async function serverPost(
  request: APIRequestContext,
  title: string,
): Promise<{ id: number; likes: number; comments: number } | undefined> {
  const res = await request.get(`/api/posts?q=${encodeURIComponent(title)}`);
  expect(res.ok()).toBe(true);
  const posts: { id: number; title: string; likes: number; comments: number }[] = await res.json();
  return posts.find((p) => p.title === title);
}

test('a post written offline syncs; another member promotes it and comments; the author deletes it for both', async ({
  page,
  context,
  browser,
  request,
}) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await signUp(page, uniqueName('author'));
  await openForum(page);

  await context.setOffline(true);
  const title = `Hammered penny ${Date.now()}`;
  await page.getByRole('button', { name: 'New Post' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Category').selectOption('Finds Identification');
  await dialog.getByLabel('Content').fill('Edward I, cut half, on stubble this morning. Any thoughts?');
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, title).getByText('Waiting to sync')).toBeVisible();
  expect(await serverPost(request, title)).toBeUndefined();

  await context.setOffline(false);
  await expect(card(page, title).getByText('Waiting to sync')).toHaveCount(0, { timeout: 20_000 });
  expect(await serverPost(request, title)).toBeDefined();

  const other = await browser.newContext();
  const reader = await other.newPage();
  await reader.goto('/');
  await signUp(reader, uniqueName('reader'));
  await openForum(reader);
  await expect(card(reader, title)).toBeVisible({ timeout: 20_000 });
  await card(reader, title).getByRole('link', { name: title }).click();
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await reader.getByRole('button', { name: /^Promote,/ }).click();
  await expect(reader.getByText('Post Promoted!').first()).toBeVisible();
  await expect(reader.getByRole('button', { name: /^Promoted,/ })).toHaveAttribute('aria-pressed', 'true');
  await reader.getByLabel('Add a comment').fill('Looks like a Class 10 penny to me.');
  await reader.getByRole('button', { name: 'Post Comment' }).click();
  await expect(reader.getByText('Looks like a Class 10 penny to me.')).toBeVisible();
  await expect.poll(async () => (await serverPost(request, title))?.comments, { timeout: 20_000 }).toBe(1);
  expect((await serverPost(request, title))?.likes).toBe(1);

  // The author's next sync brings the comment and the counters.
  await page.reload();
  await card(page, title).getByRole('link', { name: title }).click();
  await expect(page.getByText('Looks like a Class 10 penny to me.')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Delete Post' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Post Deleted').first()).toBeVisible();
  await expect(page).toHaveURL(/\/forum$/);
  await expect(card(page, title)).toHaveCount(0);
  await expect.poll(async () => serverPost(request, title), { timeout: 20_000 }).toBeUndefined();

  await reader.goto('/forum');
  await expect(reader.getByRole('heading', { level: 1, name: 'Community Forum' })).toBeVisible();
  await expect(card(reader, title)).toHaveCount(0, { timeout: 20_000 });
  await other.close();
});
