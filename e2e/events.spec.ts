/**
 * Events in Chromium (issue 12; docs/product/events.md): an event created without signal shows on /events
 * marked as not synced and syncs by itself when the network returns; a member joins another member's event
 * from its page; the organiser edits and deletes their event; Share Event copies the link where the device
 * has no share sheet.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUp, uniqueName, waitForServiceWorker } from './support';

/** The form's value for a time `days` from now at 18:30, in the browser's own zone. */
function wallTime(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T18:30`;
}

interface ServerEvent {
  id: number;
  uid: string;
  title: string;
  location: string;
  attendeeCount: number;
}

/** The server's view, whatever the browser shows: the events carrying this exact title. */
async function onServer(request: APIRequestContext, title: string): Promise<ServerEvent[]> {
  const res = await request.get(`/api/events?filter=all&q=${encodeURIComponent(title)}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as ServerEvent[]).filter((e) => e.title === title);
}

const card = (page: Page, title: string) => page.getByRole('link').filter({ hasText: title });

async function createEvent(page: Page, title: string, location = 'Village hall, Diss') {
  await page.getByRole('link', { name: 'Create Event' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Event' })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description (optional)').fill('Bring a spade and a flask.');
  await page.getByLabel('Location').fill(location);
  await page.getByLabel('Date and time').fill(wallTime(7));
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Detecting Events' })).toBeVisible();
}

test('an event created offline shows on /events as not synced, then syncs when back online', async ({
  page,
  context,
  request,
}) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await signUp(page, uniqueName('organiser'));
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Detecting Events' })).toBeVisible();

  await context.setOffline(true);
  const title = `Stubble field rally ${Date.now()}`;
  await createEvent(page, title);
  await expect(page.getByText('Event Created').first()).toBeVisible();
  await expect(card(page, title).getByText('Waiting to sync')).toBeVisible();
  // The organiser attends their own event from its creation.
  await expect(card(page, title).getByText('1 attending')).toBeVisible();
  expect(await onServer(request, title)).toHaveLength(0);

  await context.setOffline(false);
  await expect(card(page, title).getByText('Waiting to sync')).toBeHidden({ timeout: 20_000 });
  await expect.poll(async () => (await onServer(request, title)).length).toBe(1);
  // The card now links by the server's id.
  const [event] = await onServer(request, title);
  await expect(card(page, title)).toHaveAttribute('href', `/events/${event?.id}`);
});

test('a member joins another member’s event from its page', async ({ page, request }) => {
  const organiser = uniqueName('host');
  const registered = await request.post('/api/users/register', {
    data: { username: organiser, email: `${organiser}@example.com`, password: 'field-walker-1' },
  });
  expect(registered.ok()).toBe(true);
  const title = `Beach dig at Walton ${Date.now()}`;
  const created = await request.post('/api/events', {
    data: {
      title,
      location: 'Walton-on-the-Naze',
      eventDate: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    },
  });
  expect(created.status()).toBe(201);
  const event = (await created.json()) as ServerEvent;

  await page.goto('/');
  const member = uniqueName('joiner');
  await signUp(page, member);
  await page.goto(`/events/${event.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Upcoming Event')).toBeVisible();
  await expect(page.getByText('Organized by')).toBeVisible();
  await expect(page.getByText(organiser, { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Join Event' }).click();
  await expect(page.getByText("You've joined this event.").first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leave' })).toBeVisible();
  // The organiser counts and is listed first.
  await expect(page.getByText('2 people')).toBeVisible();
  await expect
    .poll(async () =>
      ((await (await request.get(`/api/events/${event.id}/attendees`)).json()) as { username: string }[]).map(
        (a) => a.username,
      ),
    )
    .toEqual([organiser, member]);
  await expect(page.getByRole('list', { name: 'Attendees' }).getByText(member)).toBeVisible();
});

test('the organiser edits and deletes their event', async ({ page, request }) => {
  await page.goto('/');
  await signUp(page, uniqueName('editor'));
  await page.goto('/events');
  const title = `Finds identification evening ${Date.now()}`;
  await createEvent(page, title);
  await card(page, title).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Event' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await page.getByLabel('Location').fill('The Swan, Harleston');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Event updated successfully!').first()).toBeVisible();
  await expect(page.getByText('The Swan, Harleston')).toBeVisible();
  await expect.poll(async () => (await onServer(request, title))[0]?.location).toBe('The Swan, Harleston');

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/Are you sure you want to delete/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Event Deleted').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Detecting Events' })).toBeVisible();
  await expect(card(page, title)).toHaveCount(0);
  await expect.poll(async () => (await onServer(request, title)).length).toBe(0);
});

test('Share Event copies the link where the device has no share sheet', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  // Desktop Linux Chromium has no Web Share; make sure, whatever the build.
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  await page.goto('/');
  await signUp(page, uniqueName('sharer'));
  await page.goto('/events');
  const title = `Club AGM ${Date.now()}`;
  await createEvent(page, title);
  await card(page, title).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Share Event' }).click();
  await expect(page.getByText('Link copied').first()).toBeVisible();
  await expect(page.getByText('Event link copied to clipboard.').first()).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`^${baseURL}/events/(\\d+|[0-9a-f-]{36})$`));
});
