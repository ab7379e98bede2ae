/**
 * Direct messages in Chromium (issue 14; docs/product/social.md "Messages"): two members in two browser
 * contexts. Alice writes to Bob from his profile; her message shows 'Sent'. Bob's header shows the unread
 * badge; opening the thread clears it. Bob, offline, replies: his message shows 'Sending…' until he is back
 * online, then 'Sent', and Alice reads it. No request leaves for another host. Screenshots are attached.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { signUp, uniqueName, waitForServiceWorker, watchForeignRequests } from './support';

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const myId = async (page: Page): Promise<number> => {
  const body: unknown = await (await page.request.get('/api/auth/user')).json();
  const id = typeof body === 'object' && body !== null && 'id' in body ? body.id : null;
  if (typeof id !== 'number') throw new Error('not signed in');
  return id;
};

const send = async (page: Page, text: string) => {
  await page.getByLabel('Write a message…').fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
};

const messageItem = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text });

test('two members exchange messages, one of them offline', async ({ page, browser, baseURL }, testInfo) => {
  const foreign = watchForeignRequests(page.context(), baseURL ?? '');
  await page.goto('/');
  const alice = uniqueName('alice');
  await signUp(page, alice);

  const bobContext = await browser.newContext();
  foreign.push(...watchForeignRequests(bobContext, baseURL ?? ''));
  const bobPage = await bobContext.newPage();
  await bobPage.goto('/');
  const bob = uniqueName('bob');
  await signUp(bobPage, bob);
  await waitForServiceWorker(bobPage);
  const bobId = await myId(bobPage);

  // Alice writes from Bob's profile.
  await page.goto(`/users/${bobId}`);
  await page.getByRole('link', { name: 'Message' }).click();
  await expect(page).toHaveURL(new RegExp(`/social\\?tab=messages&with=${bobId}$`));
  await expect(page.getByText('No messages yet. Say hello!')).toBeVisible();
  await send(page, 'Fancy a dig on Sunday at the old ford?');
  await expect(messageItem(page, 'Fancy a dig').getByTestId('delivery')).toHaveText('Sent');

  // Bob's header shows the unread badge once his device has pulled it (start-up sync after a reload).
  await bobPage.reload();
  const badge = bobPage.getByTestId('unread-badge');
  await expect(badge).toHaveText('1', { timeout: 40_000 });
  await shot(bobPage, testInfo, 'messages-unread-badge');
  await badge.click();
  const conversations = bobPage.getByRole('list', { name: 'Conversations' });
  await expect(conversations.getByText(`${alice}: Fancy a dig on Sunday at the old ford?`)).toBeVisible();
  await expect(conversations.getByLabel('1 unread')).toBeVisible();
  await shot(bobPage, testInfo, 'messages-conversations');
  await conversations.getByRole('link').first().click();
  await expect(messageItem(bobPage, 'Fancy a dig')).toBeVisible();
  await expect(badge).toBeHidden();

  // Bob replies without signal: the message waits on his device, then goes when he is back online.
  await bobContext.setOffline(true);
  await expect(
    bobPage.getByText('You’re offline: messages you write are sent when you’re back online.'),
  ).toBeVisible();
  await send(bobPage, 'Sunday suits me. Bring the flask!');
  await expect(messageItem(bobPage, 'Sunday suits me').getByTestId('delivery')).toHaveText('Sending…');
  await shot(bobPage, testInfo, 'messages-offline-sending');
  await bobContext.setOffline(false);
  await expect(messageItem(bobPage, 'Sunday suits me').getByTestId('delivery')).toHaveText('Sent', {
    timeout: 30_000,
  });

  // Alice reads the reply once her device syncs.
  await page.reload();
  await expect(messageItem(page, 'Sunday suits me')).toBeVisible({ timeout: 40_000 });
  await shot(page, testInfo, 'messages-thread-alice');
  expect(foreign).toEqual([]);
  await bobContext.close();
});
