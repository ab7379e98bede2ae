/**
 * Stories and the wellbeing hub in Chromium (issue 13; docs/product/stories.md): the home Wellbeing section
 * and /wellbeing before there are any stories or events (the sample stories and events, marked as
 * examples), a story shared without signal that shows at once marked as not synced and reaches the hub of
 * other visitors once the network returns, and the home section and hub with real stories and events.
 * Screenshots of each state are attached to the test output.
 */
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { signUp, uniqueName, waitForServiceWorker } from './support';

interface ServerRecord {
  id: number;
  content?: string;
}

/** The official account (the moderator), signed in on `request`. */
async function asModerator(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/users/login', {
    data: { username: 'DigQuestor', password: 'e2e-official-password' },
  });
  expect(res.ok()).toBe(true);
}

/** Removes every story and event (the moderator may), so the "nothing yet" states can be seen. */
async function clearCommunity(request: APIRequestContext): Promise<void> {
  await asModerator(request);
  for (const kind of ['stories', 'events'] as const)
    for (;;) {
      const list = (await (
        await request.get(`/api/${kind}?limit=200${kind === 'events' ? '&filter=all' : ''}`)
      ).json()) as ServerRecord[];
      if (list.length === 0) break;
      for (const record of list) expect((await request.delete(`/api/${kind}/${record.id}`)).ok()).toBe(true);
    }
}

async function storiesOnServer(request: APIRequestContext, text: string): Promise<ServerRecord[]> {
  const res = await request.get('/api/stories?limit=200');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as ServerRecord[]).filter((s) => s.content?.includes(text));
}

async function shot(page: Page, testInfo: TestInfo, name: string, section?: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  if (section) await page.getByRole('region', { name: section }).screenshot({ path });
  else await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const wellbeing = (page: Page) => page.getByRole('region', { name: 'Wellbeing' });
const communityStories = (page: Page) => page.getByRole('region', { name: 'Community stories' });

test('home and hub with no stories and no events show the examples', async ({ page, request }, testInfo) => {
  await clearCommunity(request);
  await page.goto('/');
  await wellbeing(page).scrollIntoViewIfNeeded();
  await expect(
    wellbeing(page).getByRole('list', { name: 'Example stories' }).getByText('Example'),
  ).toHaveCount(3);
  await expect(wellbeing(page).getByRole('button', { name: 'Share Your Story' })).toBeDisabled();
  await expect(wellbeing(page).getByText('Please log in to share your story.')).toBeVisible();
  await shot(page, testInfo, 'home-wellbeing-empty', 'Wellbeing');

  await wellbeing(page)
    .getByRole('link', { name: /Read more about wellbeing/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wellbeing Hub' })).toBeVisible();
  await expect(communityStories(page).getByRole('list', { name: 'Example stories' })).toBeVisible();
  const examples = page.getByRole('list', { name: 'Example events' });
  for (const day of ['15 June', '10 July', '24 July']) await expect(examples.getByText(day)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Call 116 123' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register for Events' })).toHaveAttribute('href', '/events');
  await shot(page, testInfo, 'hub-empty');
});

test('a story shared offline shows at once, waiting to sync, and is on the hub for everyone after syncing', async ({
  page,
  context,
  browser,
  request,
}, testInfo) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  const author = uniqueName('teller');
  await signUp(page, author);
  await page.goto('/wellbeing');
  await expect(page.getByRole('heading', { level: 1, name: 'Wellbeing Hub' })).toBeVisible();

  await context.setOffline(true);
  const text = `Out on the stubble at first light ${Date.now()}, and my head finally went quiet.`;
  await communityStories(page).getByRole('button', { name: 'Share Your Story' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Your Story' });
  await dialog.getByLabel('Your story').fill('Too short');
  await dialog.getByRole('button', { name: 'Share Story' }).click();
  await expect(dialog.getByText('Your story must be at least 20 characters long')).toBeVisible();
  await dialog.getByLabel('Your story').fill(`${text}\nThen a hammered penny turned up.`);
  await dialog.getByLabel('Years detecting (optional)').fill('3');
  await dialog.getByRole('button', { name: 'Share Story' }).click();
  await expect(page.getByText('Story Shared').first()).toBeVisible();
  const card = communityStories(page).getByRole('article').filter({ hasText: text });
  await expect(card.getByText('Waiting to sync')).toBeVisible();
  await expect(card.getByText('3 years detecting', { exact: false })).toBeVisible();
  expect(await storiesOnServer(request, text)).toHaveLength(0);
  await shot(page, testInfo, 'hub-story-offline', 'Community stories');

  await context.setOffline(false);
  await expect(card.getByText('Waiting to sync')).toBeHidden({ timeout: 20_000 });
  await expect.poll(async () => (await storiesOnServer(request, text)).length).toBe(1);

  // Another visitor, on a device of their own, reads it on the hub.
  const visitor = await browser.newContext();
  const other = await visitor.newPage();
  await other.goto('/wellbeing');
  const seen = communityStories(other).getByRole('article').filter({ hasText: text });
  await expect(seen).toBeVisible({ timeout: 20_000 });
  await expect(seen.getByText(author)).toBeVisible();
  await expect(seen.getByText('Then a hammered penny turned up.', { exact: false })).toBeVisible();
  await visitor.close();
});

test('home and hub with stories and events', async ({ page, request }, testInfo) => {
  const name = uniqueName('host');
  const registered = await request.post('/api/users/register', {
    data: { username: name, email: `${name}@example.com`, password: 'field-walker-1' },
  });
  expect(registered.ok()).toBe(true);
  const title = `Wellbeing walk and detect ${Date.now()}`;
  const event = await request.post('/api/events', {
    data: {
      title,
      location: 'Thetford Forest',
      eventDate: new Date(Date.now() + 6 * 86_400_000).toISOString(),
    },
  });
  expect(event.status()).toBe(201);
  const text = `Shared from the host ${Date.now()}: detecting got me through a long winter.`;
  expect((await request.post('/api/stories', { data: { content: text, yearsDetecting: 8 } })).status()).toBe(
    201,
  );

  await page.goto('/');
  await wellbeing(page).scrollIntoViewIfNeeded();
  await expect(wellbeing(page).getByRole('article').filter({ hasText: text })).toBeVisible({
    timeout: 20_000,
  });
  await expect(wellbeing(page).getByRole('list', { name: 'Example stories' })).toHaveCount(0);
  await shot(page, testInfo, 'home-wellbeing-with-stories', 'Wellbeing');

  await page.goto('/wellbeing');
  await expect(communityStories(page).getByRole('article').filter({ hasText: text })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Upcoming events' }).getByRole('link', { name: title }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Example events' })).toHaveCount(0);
  await shot(page, testInfo, 'hub-with-stories-and-events');
});
