// @vitest-environment jsdom
/**
 * /events (docs/product/events.md "Screens") against the real server in process: six skeletons while the
 * device has never synced, the cards (Past badge, Today / Tomorrow / a date with the time, 'N attending',
 * the description clamped), Upcoming by default with All Events and Past, the search, the three empty
 * headings and their texts, Create First Event, an event saved offline with its mark, and events beyond
 * what the device holds read from the server online.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { moveToPast } from '../../../../../sync-server/src/features/events/test-fixtures';
import type { Event } from '@schema/contracts/events';
import { deviceTimeZone, formatEventDay, formatEventTime } from '@schema/contracts/events-dates';
import type { SelfUser } from '@schema/contracts/users';
import { createTestApp, signedIn, type TestApp } from '@web/sync/test-utils';
import { forgetRemoteLists } from '@web/sync/remote-lists';
import { db, type LocalEvent } from '@web/db/database';
import { createEvent as writeEvent } from '../hooks/event-writes';
import { EMPTY_INVITE, EMPTY_SEARCHING, EventsPage } from './events-page';

let t: TestApp;
let organiser: SelfUser;
/** The server's events, as REST answers them. */
const onServer: Record<string, Event> = {};
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function serverEvent(client: ReturnType<TestApp['client']>, title: string, inMs: number, extra = {}) {
  const res = await client.post('/api/events', {
    title,
    location: 'Norfolk, UK',
    description: 'A long description. '.repeat(20),
    eventDate: new Date(Date.now() + inMs).toISOString(),
    ...extra,
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${res.text}`);
  onServer[title] = res.json as Event;
  return res.json as Event;
}

beforeAll(async () => {
  t = await createTestApp();
  const org = await signedIn(t, 'organiser');
  organiser = { ...org.user, avatarUrl: '', bio: null, created_at: '', isEmailVerified: true } as SelfUser;
  await serverEvent(org.client, 'Soonest rally', 2 * HOUR);
  await serverEvent(org.client, 'Beach dig at Walton', 3 * DAY, {
    location: 'Walton-on-the-Naze',
    description: '',
  });
  await serverEvent(org.client, 'Club evening', 10 * DAY);
  const past = await serverEvent(org.client, 'Last year’s AGM', DAY);
  await moveToPast(t, past.id, 30);
  onServer['Last year’s AGM'] = (await org.client.get(`/api/events/${past.id}`)).json as Event;
  await org.client.post(`/api/events/${onServer['Club evening']?.id}/join`);
  onServer['Club evening'] = (await org.client.get(`/api/events/${onServer['Club evening']?.id}`))
    .json as Event;
});
afterAll(() => t.close());

let online = true;
beforeEach(async () => {
  online = true;
  forgetRemoteLists();
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (!online) throw new TypeError('Failed to fetch');
    return t.app.request(input, init);
  });
  await db.open();
  await Promise.all([db.events, db.pins, db.outbox, db.event_attendees].map((table) => table.clear()));
  await db.session.put({ key: 'current', user: null, checkedAt: '' });
  await db.sync_state.put({
    key: 'pull',
    cursors: {},
    viewerId: null,
    entities: '',
    lastSyncedAt: '2024-03-09T00:00:00Z',
  });
  // The device holds every server event (the window) unless a test says otherwise.
  await db.events.bulkPut(Object.values(onServer).map((e) => ({ ...e }) satisfies LocalEvent));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  render(
    <MemoryRouter>
      <EventsPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const cardTitles = async () =>
  within(await screen.findByRole('region', { name: 'Events' }))
    .queryAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

describe('/events', () => {
  it('shows six skeleton cards while a device that never synced waits for its first pull', async () => {
    await db.events.clear();
    await db.sync_state.put({ key: 'pull', cursors: {}, viewerId: null, entities: '', lastSyncedAt: null });
    // Online, and the server has not answered yet.
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    renderPage();
    const skeletons = await screen.findByTestId('event-skeletons');
    expect(skeletons.children).toHaveLength(6);
    expect(screen.getByRole('region', { name: 'Events' })).toHaveAttribute('aria-busy', 'true');
  });

  it('Upcoming by default, soonest first, with the day, time, location, attendees and a clamped description', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Detecting Events' })).toBeInTheDocument();
    await waitFor(async () =>
      expect(await cardTitles()).toEqual(['Soonest rally', 'Beach dig at Walton', 'Club evening']),
    );
    expect(screen.getByRole('button', { name: 'Upcoming' })).toHaveAttribute('aria-pressed', 'true');
    const zone = deviceTimeZone();
    const soonest = onServer['Soonest rally'] ?? expect.fail('missing');
    const card = screen.getByRole('link', { name: /Soonest rally/ });
    expect(card).toHaveAttribute('href', `/events/${soonest.id}`);
    expect(
      within(card).getByText(
        `${formatEventDay(soonest.eventDate, zone)} at ${formatEventTime(soonest.eventDate, zone)}`,
      ),
    ).toBeInTheDocument();
    expect(formatEventDay(soonest.eventDate, zone)).toMatch(/^(Today|Tomorrow)$/);
    expect(within(card).getByText('Norfolk, UK')).toBeInTheDocument();
    // Its organiser, who attends from the event's creation.
    expect(within(card).getByText('1 attending')).toBeInTheDocument();
    expect(within(card).getByText(/A long description/)).toHaveClass('line-clamp-2');
    expect(within(card).queryByText('Past')).toBeNull();
    const club = screen.getByRole('link', { name: /Club evening/ });
    expect(within(club).getByText('1 attending')).toBeInTheDocument();
    expect(within(club).getByText(/^\d{1,2} [A-Z][a-z]{2} \d{4} at \d{2}:\d{2}$/)).toBeInTheDocument();
    // No description, no paragraph.
    expect(within(screen.getByRole('link', { name: /Beach dig/ })).queryByText(/description/)).toBeNull();
    // Signed out: no Create Event.
    expect(screen.queryByRole('link', { name: 'Create Event' })).toBeNull();
  });

  it('Past and All Events; a past event carries the Past badge', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Past' }));
    await waitFor(async () => expect(await cardTitles()).toEqual(['Last year’s AGM']));
    expect(within(screen.getByRole('link', { name: /AGM/ })).getByText('Past')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All Events' }));
    await waitFor(async () =>
      expect(await cardTitles()).toEqual([
        'Club evening',
        'Beach dig at Walton',
        'Soonest rally',
        'Last year’s AGM',
      ]),
    );
  });

  it('searches title or location ignoring case; no match says to adjust the search, without Create First Event', async () => {
    await db.session.put({ key: 'current', user: organiser, checkedAt: '' });
    const user = renderPage();
    await user.type(await screen.findByRole('searchbox'), 'WALTON');
    await waitFor(async () => expect(await cardTitles()).toEqual(['Beach dig at Walton']));
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'naze');
    await waitFor(async () => expect(await cardTitles()).toEqual(['Beach dig at Walton']));
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'zzz');
    expect(await screen.findByRole('heading', { name: 'No upcoming events' })).toBeInTheDocument();
    expect(screen.getByText(EMPTY_SEARCHING)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create First Event' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Past' }));
    expect(await screen.findByRole('heading', { name: 'No past events' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All Events' }));
    expect(await screen.findByRole('heading', { name: 'No events found' })).toBeInTheDocument();
  });

  it('with no events at all: the invitation, and Create First Event for a member only', async () => {
    await db.events.clear();
    online = false;
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No upcoming events' })).toBeInTheDocument();
    expect(screen.getByText(EMPTY_INVITE)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create First Event' })).toBeNull();
    await db.session.put({ key: 'current', user: organiser, checkedAt: '' });
    expect(await screen.findByRole('link', { name: 'Create First Event' })).toHaveAttribute(
      'href',
      '/events/create',
    );
    expect(screen.getByRole('link', { name: 'Create Event' })).toHaveAttribute('href', '/events/create');
  });

  it('offline: an event saved on the device shows at once with its not-synced mark; the list ends where the device does', async () => {
    online = false;
    const uid = await writeEvent(organiser, {
      title: 'Field walk, saved offline',
      description: '',
      location: 'Thetford',
      eventDate: new Date(Date.now() + 5 * DAY).toISOString(),
    });
    renderPage();
    const card = await screen.findByRole('link', { name: /Field walk, saved offline/ });
    expect(card).toHaveAttribute('href', `/events/${uid}`);
    expect(await within(card).findByText('Waiting to sync')).toBeInTheDocument();
    expect(await screen.findByText('More events need a connection')).toBeInTheDocument();
  });

  it('online, events the device does not hold come from the server, and are kept for offline', async () => {
    await db.events.clear();
    renderPage();
    await waitFor(async () =>
      expect(await cardTitles()).toEqual(['Soonest rally', 'Beach dig at Walton', 'Club evening']),
    );
    expect(await db.events.count()).toBe(3);
    expect((await db.pins.toArray()).every((p) => p.reason === 'seen')).toBe(true);
  });
});
