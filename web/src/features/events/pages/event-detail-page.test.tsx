// @vitest-environment jsdom
/**
 * /events/{id} (docs/product/events.md "Screens", "States", "Permissions") against the real server in
 * process: the spinner, 'Event Not Found', an upcoming and a past event, 'Date not available', person /
 * people, 'No description provided.', the organiser card's states, Join Event (signed out: disabled with
 * its text; signed in: 'Joining...', then Leave, queued with its mark and the attendee shown), Share Event
 * falling back to the clipboard, Add to calendar, and Edit / Delete for the organiser (Delete for the
 * moderator).
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { moveToPast } from '../../../../../sync-server/src/features/events/test-fixtures';
import { eventMessages, type Event } from '@schema/contracts/events';
import { deviceTimeZone, formatEventFullDate } from '@schema/contracts/events-dates';
import type { SelfUser } from '@schema/contracts/users';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import { db, type LocalEvent } from '@web/db/database';
import { appSyncEngine } from '@web/sync';
import { createTestApp, signedIn, type TestApp } from '@web/sync/test-utils';
import { EventDetailPage } from './event-detail-page';

let t: TestApp;
let organiser: SelfUser;
let upcoming: Event;
let past: Event;
const DAY = 86_400_000;

const asSelf = (user: { id: number; username: string }): SelfUser => ({
  id: user.id,
  username: user.username,
  email: `${user.username}@example.com`,
  avatarUrl: '',
  bio: null,
  created_at: '2024-03-05T10:00:00Z',
  isEmailVerified: true,
});
const visitor = asSelf({ id: 77, username: 'visitor' });
const moderator = asSelf({ id: 1, username: 'DigQuestor' });

beforeAll(async () => {
  t = await createTestApp();
  const org = await signedIn(t, 'organiser');
  organiser = asSelf(org.user);
  const create = async (title: string, extra: Record<string, unknown>) => {
    const res = await org.client.post('/api/events', {
      title,
      location: 'Manor Farm, Diss',
      eventDate: new Date(Date.now() + 4 * DAY).toISOString(),
      ...extra,
    });
    return res.json as Event;
  };
  upcoming = await create('Group dig on stubble', { description: 'Bring a spade.' });
  past = await create('Last year’s rally', {});
  await moveToPast(t, past.id, 20);
  past = (await org.client.get(`/api/events/${past.id}`)).json as Event;
});
afterAll(() => t.close());

let online = true;
beforeEach(async () => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (!online) throw new TypeError('Failed to fetch');
    return t.app.request(input, init);
  });
  await db.open();
  await Promise.all(
    [db.events, db.pins, db.outbox, db.event_attendees, db.event_comments, db.users].map((table) =>
      table.clear(),
    ),
  );
  await db.session.put({ key: 'current', user: null, checkedAt: '' });
  await db.sync_state.put({
    key: 'pull',
    cursors: {},
    viewerId: null,
    entities: '',
    lastSyncedAt: '2024-03-09T00:00:00Z',
  });
  await db.events.bulkPut([{ ...upcoming }, { ...past }] satisfies LocalEvent[]);
});
afterEach(async () => {
  // Opening a page asks the app's engine for a sync; let it finish before the next test clears the tables.
  online = false;
  await appSyncEngine().sync();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useToastStore.setState({ toasts: [] });
});

/** The member signed in on this device, as the engine's pull state knows them (no viewer change, C11). */
async function signIn(user: SelfUser) {
  await db.session.put({ key: 'current', user, checkedAt: '' });
  await db.sync_state.put({
    key: 'pull',
    cursors: {},
    viewerId: user.id,
    entities: '',
    lastSyncedAt: '2024-03-09T00:00:00Z',
  });
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/events/:id" element={<EventDetailPage />} />
        <Route path="/events" element={<h1>Events list</h1>} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const toastText = () => {
  const current = useToastStore.getState().toasts.at(-1);
  return current ? [current.title, current.description] : null;
};

describe('/events/{id}', () => {
  it('a spinner while the event is looked up; Event Not Found with Back to Home when there is none', async () => {
    // Every request waits until the spinner has been seen, then each is answered by the server for its own
    // address: opening the page also asks the engine for a sync, so a single held answer could go to that call.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      await held;
      return t.app.request(input, init);
    });
    renderAt('/events/999999');
    expect(await screen.findByText('Loading event…')).toBeInTheDocument();
    release();
    expect(
      await screen.findByRole('heading', { level: 1, name: eventMessages.notFound }),
    ).toBeInTheDocument();
    expect(screen.getByText(eventMessages.notFoundText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('an upcoming event, signed out: badge, full date, place, people, description, organiser, Join disabled with its text', async () => {
    renderAt(`/events/${upcoming.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: upcoming.title })).toBeInTheDocument();
    expect(screen.getByText('Upcoming Event')).toBeInTheDocument();
    expect(screen.getByText(formatEventFullDate(upcoming.eventDate, deviceTimeZone()))).toBeInTheDocument();
    expect(screen.getByText(/^\w+day \d{1,2} \w+ \d{4} at \d{2}:\d{2}$/)).toBeInTheDocument();
    expect(screen.getByText('Manor Farm, Diss')).toBeInTheDocument();
    // The organiser attends their own event.
    expect(screen.getByText('1 person')).toBeInTheDocument();
    expect(screen.getByText('About This Event')).toBeInTheDocument();
    expect(screen.getByText('Bring a spade.')).toBeInTheDocument();
    // Not held on the device: the organiser comes from GET /api/users/{id}.
    const card = screen.getByText('Organized by').closest('div')?.parentElement ?? expect.fail('no card');
    expect(await within(card).findByText('organiser')).toBeInTheDocument();
    expect(within(card).getByText('Event organizer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join Event' })).toBeDisabled();
    expect(screen.getByText(eventMessages.loginToJoin)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    const attendees = await screen.findByRole('list', { name: 'Attendees' });
    expect(
      within(attendees)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['organiserOrganiser']);
  });

  it('the organiser: counted, listed first as Organiser, and offered no Join or Leave of their own event', async () => {
    await signIn(organiser);
    renderAt(`/events/${upcoming.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: upcoming.title })).toBeInTheDocument();
    expect(await screen.findByText('You are organising this event')).toBeInTheDocument();
    expect(screen.getByText('1 person')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join Event' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Leave' })).toBeNull();
    const attendees = await screen.findByRole('list', { name: 'Attendees' });
    const [first] = within(attendees).getAllByRole('listitem');
    expect(first).toHaveTextContent('organiser');
    expect(within(first ?? expect.fail('no attendee')).getByText('Organiser')).toBeInTheDocument();
  });

  it('a past event: Past Event, no Join; no description says so; an unreadable date says so', async () => {
    await db.events.put({ ...past, description: null });
    renderAt(`/events/${past.uid}`);
    expect(await screen.findByText('Past Event')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
    expect(screen.getByText('No description provided.')).toBeInTheDocument();
    await db.events.update(past.uid, { eventDate: 'not a date' });
    expect(await screen.findByText('Date not available')).toBeInTheDocument();
  });

  it('the organiser card: Loading... while asked; unavailable when it cannot be asked', async () => {
    // Requests hang while the card says Loading..., then fail as a dropped connection: a sync the page
    // started must be able to finish before the next step waits for the engine.
    let dropConnection = () => undefined as void;
    const dropped = new Promise<void>((resolve) => {
      dropConnection = resolve;
    });
    vi.stubGlobal('fetch', async () => {
      await dropped;
      throw new TypeError('Failed to fetch');
    });
    const { unmount } = render(
      <MemoryRouter initialEntries={[`/events/${upcoming.id}`]}>
        <Routes>
          <Route path="/events/:id" element={<EventDetailPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    unmount();
    online = false;
    dropConnection();
    await appSyncEngine().sync();
    await db.users.clear();
    renderAt(`/events/${upcoming.id}`);
    expect(await screen.findByText('Organizer information unavailable')).toBeInTheDocument();
    expect(screen.getByText('The list of attendees needs a connection.')).toBeInTheDocument();
  });

  it('signed in: Join Event queues the join (toast, Leave, count, the member in the attendees); Leave undoes it', async () => {
    await signIn(visitor);
    const user = renderAt(`/events/${upcoming.id}`);
    // The page's first sync may still hold the button (its pull is what it waits for): click once enabled.
    const join = await screen.findByRole('button', { name: 'Join Event' });
    await waitFor(() => expect(join).toBeEnabled());
    await user.click(join);
    await waitFor(() => expect(toastText()).toEqual([eventMessages.joinedTitle, eventMessages.joined]));
    expect(await screen.findByRole('button', { name: 'Leave' }, { timeout: 5000 })).toBeInTheDocument();
    // Counted on the device at once; a pull that lands meanwhile may hold the server's count until the
    // join reaches it.
    expect(await screen.findByText('2 people')).toBeInTheDocument();
    expect(await screen.findByText('Waiting to sync')).toBeInTheDocument();
    expect(
      await within(await screen.findByRole('list', { name: 'Attendees' })).findByText('visitor'),
    ).toBeInTheDocument();
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ entity: 'event_attendees', op: 'create', uid: upcoming.uid }),
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Leave' })).toBeEnabled(), {
      timeout: 5000,
    });
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(toastText()).toEqual([eventMessages.leftTitle, eventMessages.left]));
    expect(await screen.findByRole('button', { name: 'Join Event' })).toBeEnabled();
    expect(await screen.findByText('1 person')).toBeInTheDocument();
    expect(await db.event_attendees.get(upcoming.uid)).toBeUndefined();
  });

  it('Share Event without a share sheet copies the link: Link copied', async () => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share: undefined }));
    const user = renderAt(`/events/${upcoming.id}`);
    await user.click(await screen.findByRole('button', { name: 'Share Event' }));
    await waitFor(() =>
      expect(toastText()).toEqual([eventMessages.linkCopiedTitle, eventMessages.linkCopied]),
    );
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/events/${upcoming.id}`);
  });

  it('Add to calendar downloads the event as an .ics file', async () => {
    const made: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => (made.push(blob), 'blob:ics');
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = renderAt(`/events/${upcoming.id}`);
    await user.click(await screen.findByRole('button', { name: 'Add to calendar' }));
    expect(click).toHaveBeenCalled();
    const text = await made[0]?.text();
    expect(text).toContain(`UID:${upcoming.uid}@`);
    expect(text).toContain(`DTSTART:${upcoming.eventDate.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}`);
    expect(text).toContain('SUMMARY:Group dig on stubble');
  });

  it('the organiser gets Edit and Delete; the moderator Delete only; Delete asks first, then the event is gone', async () => {
    await signIn(moderator);
    const { unmount } = render(
      <MemoryRouter initialEntries={[`/events/${upcoming.id}`]}>
        <Routes>
          <Route path="/events/:id" element={<EventDetailPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    unmount();

    await signIn(organiser);
    const user = renderAt(`/events/${upcoming.id}`);
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/events/${upcoming.id}/edit`,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Are you sure you want to delete/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Events list' })).toBeInTheDocument();
    expect(toastText()).toEqual([eventMessages.deleted, undefined]);
    expect(await db.events.get(upcoming.uid)).toBeUndefined();
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ entity: 'events', op: 'delete' })]);
  });
});
