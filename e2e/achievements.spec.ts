/**
 * Achievements and the onboarding tour in Chromium (issue 15; docs/product/achievements.md): a new member
 * sees the welcome-tour banner, takes the six-step tour (a toast per step, the computed 305-point total),
 * and the compact card on home updates; a first forum post is announced once; the full view in light and
 * dark mode (screenshots under test-results/achievements); another member skips with the banner and with
 * Escape.
 */
import { expect, test, type Page } from '@playwright/test';
import { logIn, signUp, uniqueName } from './support';

const SHOTS = 'test-results/achievements';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

const card = (page: Page) => page.getByTestId('achievements-card');
const toastWith = (page: Page, text: string) => page.getByText(text).first();

test('a new member takes the tour, sees a toast per step, and the compact card and full view update', async ({
  page,
}) => {
  await page.goto('/');
  await signUp(page, uniqueName('tourist'));
  const banner = page.getByRole('region', { name: 'Welcome to DigQuest!' });
  await expect(banner).toBeVisible();
  await expect(card(page).getByText('Welcome Aboard')).toBeVisible();
  await expect(card(page).getByText('Locked · 50 points')).toBeVisible();
  await banner.screenshot({ path: `${SHOTS}/home-tour-banner.png` });
  await card(page).screenshot({ path: `${SHOTS}/home-achievements-card.png` });

  await banner.getByRole('button', { name: 'Start Tour' }).click();
  const tour = page.getByRole('dialog');
  await expect(tour.getByText('Step 1 of 6')).toBeVisible();
  await expect(tour.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(tour.getByText('17% · Reward: Welcome Aboard (+50 points)')).toBeVisible();

  const rewards = [
    'Welcome Aboard · +50',
    'Community Explorer · +30',
    'Treasure Shower · +40',
    'Explorer · +35',
    'Tech Pioneer · +50',
  ];
  for (const [i, reward] of rewards.entries()) {
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(toastWith(page, reward)).toBeVisible();
    await expect(tour.getByText(`Step ${i + 2} of 6`)).toBeVisible();
  }
  await expect(tour.getByText('the six steps are worth 305 points in all')).toBeVisible();
  await tour.getByRole('button', { name: 'Previous' }).click();
  await expect(tour.getByText('Step 5 of 6')).toBeVisible();
  await tour.getByRole('button', { name: 'Next' }).click();
  await tour.screenshot({ path: `${SHOTS}/tour-complete-step.png` });
  await tour.getByRole('button', { name: 'Complete' }).click();
  await expect(tour).toBeHidden();
  await expect(toastWith(page, 'DigQuest Explorer · +100')).toBeVisible();
  await expect(banner).toBeHidden();
  await expect(card(page).getByText('DigQuest Explorer')).toBeVisible();
  await expect(card(page).getByText('Unlocked · 100 points')).toBeVisible();

  // A first forum post is announced once, on this device, at its next read.
  const post = { title: 'First dig report', content: 'A wet field and a Victorian button.', categoryId: 1 };
  expect((await page.request.post('/api/posts', { data: post })).status()).toBe(201);
  await page.reload();
  await expect(toastWith(page, 'First Post · +25 points')).toBeVisible();
  await expect(card(page).getByText('First Post')).toBeVisible();

  await page.goto('/achievements');
  await expect(page.getByRole('heading', { level: 1, name: 'Achievements' })).toBeVisible();
  // Early Bird (a first-100 member, 500) + Welcome Aboard 50 + DigQuest Explorer 100 + First Post 25.
  await expect(page.getByTestId('total-points')).toHaveText('675');
  await expect(page.getByRole('tab', { name: 'Community' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: /Conversation Starter/ }).click();
  const detail = page.getByRole('dialog', { name: 'Conversation Starter' });
  await expect(detail.getByText('1 of 5 (20%)')).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('tab', { name: 'Social' }).click();
  await expect(page.getByText('Early Bird')).toBeVisible();
  await shot(page, 'achievements-light');

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByTestId('total-points')).toHaveText('675');
  await shot(page, 'achievements-dark');
});

test('skipping with the banner or with Escape says how to restart, and the tour can be restarted', async ({
  page,
}) => {
  await page.goto('/');
  await signUp(page, uniqueName('skipper'));
  const banner = page.getByRole('region', { name: 'Welcome to DigQuest!' });
  await banner.getByRole('button', { name: 'Skip' }).click();
  await expect(toastWith(page, 'You can always restart the tour from your profile settings.')).toBeVisible();
  await expect(toastWith(page, 'Tour skipped')).toBeVisible();
  await expect(banner).toBeHidden();

  await page.goto('/achievements?tour=restart');
  const tour = page.getByRole('dialog');
  await expect(tour.getByText('Step 1 of 6')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tour).toBeHidden();
  await expect(toastWith(page, 'Tour skipped')).toBeVisible();
  await page.goto('/');
  await expect(card(page)).toBeVisible();
  await expect(banner).toBeHidden();
});

test('the tour state crosses devices: skipped on the phone, the desktop’s banner goes at its next sync', async ({
  page,
  browser,
}) => {
  const username = uniqueName('twodevice');
  await page.goto('/');
  await signUp(page, username);
  const phoneBanner = page.getByRole('region', { name: 'Welcome to DigQuest!' });
  await expect(phoneBanner).toBeVisible();

  const desktop = await (await browser.newContext()).newPage();
  await desktop.goto('/');
  await logIn(desktop, username, 'field-walker-1');
  const desktopBanner = desktop.getByRole('region', { name: 'Welcome to DigQuest!' });
  await expect(desktopBanner).toBeVisible();

  await phoneBanner.getByRole('button', { name: 'Skip' }).click();
  await expect(phoneBanner).toBeHidden();
  // The skip is pushed by the phone's sync engine; the desktop pulls it when it syncs again (here: a reload).
  await expect
    .poll(async () => {
      await desktop.reload();
      await expect(card(desktop)).toBeVisible();
      return desktopBanner.isVisible();
    })
    .toBe(false);
  await desktop.context().close();
});
