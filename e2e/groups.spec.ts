/**
 * Groups in Chromium (issue 14; docs/product/social.md "Groups"): two members in two browser contexts.
 * A creates a private group from the Groups tab; B cannot find it in Browse Groups, nor open it by its
 * number; B opens the invite link A shares and asks to join; A approves the request on the group's page;
 * B then sees the group and its discussion and posts in it, and A reads B's comment. Screenshots are
 * attached to the test output.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { signUp, uniqueName } from './support';

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('a private group: hidden from others, joined by request and approval, then a shared discussion', async ({
  page,
  browser,
}, testInfo) => {
  await page.goto('/social?tab=groups');
  const alice = uniqueName('alice');
  await signUp(page, alice);
  const other = await browser.newContext();
  const bobPage = await other.newPage();
  await bobPage.goto('/social?tab=groups');
  const bob = uniqueName('bob');
  await signUp(bobPage, bob);

  // A creates a private group from the Groups tab.
  await page.goto('/social?tab=groups');
  await expect(page.getByText("You haven't joined any groups yet")).toBeVisible();
  await page.getByRole('button', { name: 'Create Your First Group' }).click();
  const create = page.getByRole('dialog', { name: 'Create Group' });
  await expect(create.getByRole('button', { name: 'Create Group' })).toBeDisabled();
  const name = `Night Owls ${alice}`;
  await create.getByLabel('Group name').fill(`  ${name}  `);
  await create.getByLabel('Description').fill('Dusk digs on the permission fields.');
  await create.getByLabel('Location (optional)').fill('Wiltshire');
  await create.getByRole('checkbox').check();
  await create.getByRole('button', { name: 'Create Group' }).click();
  await expect(page.getByText('Group Created').first()).toBeVisible();
  const card = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: name });
  await expect(card.getByText('Private')).toBeVisible();
  await expect(card.getByText('1 member')).toBeVisible();
  await shot(page, testInfo, 'groups-tab-alice');
  await card.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const link = (await page.locator('code').textContent()) ?? '';
  expect(link).toMatch(/\/groups\/[0-9a-f-]{36}$/);
  const groupId = (
    await (await page.request.get(new URL(link).pathname.replace('/groups/', '/api/groups/'))).json()
  ).id as number;

  // B does not see it in Browse Groups, nor by its number.
  await bobPage.goto('/social?tab=groups');
  await bobPage.getByRole('button', { name: 'Browse Groups' }).click();
  const browse = bobPage.getByRole('dialog', { name: 'Browse Groups' });
  await browse.getByRole('searchbox', { name: 'Search groups' }).fill(alice);
  await expect(browse.getByText('No groups found')).toBeVisible();
  await browse.getByRole('button', { name: 'Close' }).click();
  await bobPage.goto(`/groups/${groupId}`);
  await expect(bobPage.getByRole('heading', { name: 'Group not found' })).toBeVisible();
  await expect(bobPage.getByRole('button', { name: 'Request to join' })).toHaveCount(0);

  // B opens the invite link and asks to join.
  await bobPage.goto(new URL(link).pathname);
  await bobPage.getByRole('button', { name: 'Request to join' }).click();
  await expect(bobPage.getByText("Request sent. The group's creator will see your request.")).toBeVisible();
  await shot(bobPage, testInfo, 'group-request-bob');

  // A approves.
  await page.reload();
  const requests = page.getByRole('region', { name: 'Pending requests' });
  await requests.getByRole('button', { name: `Approve ${bob}` }).click();
  await expect(page.getByText('Member approved').first()).toBeVisible();
  await expect(requests.getByText('No pending requests')).toBeVisible();
  await expect(page.getByText('2 members')).toBeVisible();

  // B sees the group and its discussion, and posts.
  await bobPage.goto(new URL(link).pathname);
  await expect(bobPage.getByRole('heading', { level: 1, name })).toBeVisible();
  const discussion = bobPage.getByRole('region', { name: 'Discussion' });
  await expect(discussion.getByText('No comments yet. Start the discussion!')).toBeVisible();
  await discussion.getByRole('textbox', { name: 'Add to the discussion' }).fill('Count me in for Friday.');
  await discussion.getByRole('button', { name: 'Post' }).click();
  await expect(discussion.getByText('Count me in for Friday.')).toBeVisible();
  await shot(bobPage, testInfo, 'group-discussion-bob');

  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Discussion' }).getByText('Count me in for Friday.'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Members' }).getByText(bob)).toBeVisible();
  await shot(page, testInfo, 'group-page-alice');

  // B's Groups tab now holds it, with Leave Group in its menu.
  await bobPage.goto('/social?tab=groups');
  const bobCard = bobPage.getByRole('tabpanel').getByRole('listitem').filter({ hasText: name });
  await bobCard.getByRole('button', { name: `Actions for ${name}` }).click();
  await expect(bobPage.getByRole('menuitem', { name: 'Leave Group' })).toBeVisible();
  await expect(bobPage.getByRole('menuitem', { name: 'Delete Group' })).toHaveCount(0);
  await other.close();
});
