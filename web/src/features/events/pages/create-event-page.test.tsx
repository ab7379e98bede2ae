// @vitest-environment jsdom
/**
 * Create Event and Edit Event (docs/product/events.md "Screens", "Rules and messages"): the page's parts,
 * every validation message on its field, a create saved on the device (the member's time as a UTC
 * instant, queued, 'Event Created', back to /events), and an edit that sends only what changed.
 */
import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventMessages } from '@schema/contracts/events';
import { deviceTimeZone, instantToWallTime, wallTimeToInstant } from '@schema/contracts/events-dates';
import type { SelfUser } from '@schema/contracts/users';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import { db, type LocalEvent } from '@web/db/database';
import { CreateEventPage, EditEventPage } from './create-event-page';

const me: SelfUser = {
  id: 7,
  username: 'relic_hunter',
  email: 'r@example.com',
  avatarUrl: '',
  bio: null,
  created_at: '2024-03-05T10:00:00Z',
  isEmailVerified: true,
};
const stored: LocalEvent = {
  id: 5,
  uid: '0192f000-0000-7000-8000-000000000005',
  userId: me.id,
  username: me.username,
  title: 'Group dig on stubble',
  description: 'Bring a spade.',
  location: 'Norfolk',
  eventDate: '2099-07-05T14:30:00.000Z',
  attendeeCount: 2,
  commentCount: 0,
  created_at: '2024-03-05T10:00:00Z',
  updated_at: '2024-03-05T10:00:00Z',
};

beforeAll(async () => {
  await db.open();
});
beforeEach(async () => {
  await Promise.all([db.events.clear(), db.outbox.clear()]);
  await db.session.put({ key: 'current', user: me, checkedAt: '' });
});
afterEach(() => useToastStore.setState({ toasts: [] }));

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/events/create" element={<CreateEventPage />} />
        <Route path="/events/:id/edit" element={<EditEventPage />} />
        <Route path="/events/:id" element={<h1>Event page</h1>} />
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

describe('/events/create', () => {
  it('Back to Events, Create New Event, the Event Details card and the form with the member’s time zone', async () => {
    renderAt('/events/create');
    expect(screen.getByRole('heading', { level: 1, name: 'Create New Event' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Events' })).toHaveAttribute('href', '/events');
    expect(screen.getByText('Event Details')).toBeInTheDocument();
    expect(await screen.findByLabelText('Title')).toBeInTheDocument();
    expect(screen.getByLabelText('Description (optional)')).toBeInTheDocument();
    expect(screen.getByLabelText('Location')).toBeInTheDocument();
    expect(screen.getByLabelText('Date and time')).toHaveAttribute('type', 'datetime-local');
    expect(screen.getByText(new RegExp(`Your time \\(${deviceTimeZone()}\\)`))).toBeInTheDocument();
  });

  it('shows each rule’s message on its field, and saves nothing', async () => {
    const user = renderAt('/events/create');
    await user.click(await screen.findByRole('button', { name: 'Create Event' }));
    // The rules load with the first submit (the page renders without the events contract).
    expect(await screen.findByText(eventMessages.titleTooShort)).toBeInTheDocument();
    expect(screen.getByText(eventMessages.locationRequired)).toBeInTheDocument();
    expect(screen.getByText(eventMessages.dateRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Title'), 'x'.repeat(101));
    expect(await screen.findByText(eventMessages.titleTooLong)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Date and time'), { target: { value: '2001-01-01T10:00' } });
    expect(await screen.findByText(eventMessages.dateInFuture)).toBeInTheDocument();
    expect(await db.events.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('creates the event on the device as the UTC instant of the member’s time, queued, and returns to /events', async () => {
    const user = renderAt('/events/create');
    await user.type(await screen.findByLabelText('Title'), 'Evening finds identification');
    await user.type(screen.getByLabelText('Location'), 'Village hall, Diss');
    fireEvent.change(screen.getByLabelText('Date and time'), { target: { value: '2099-07-05T19:30' } });
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByRole('heading', { name: 'Events list' })).toBeInTheDocument();
    expect(toastText()).toEqual([eventMessages.created, eventMessages.savedOnDevice]);
    const [event] = await db.events.toArray();
    expect(event).toMatchObject({
      id: null,
      userId: me.id,
      title: 'Evening finds identification',
      location: 'Village hall, Diss',
      description: '',
      eventDate: wallTimeToInstant('2099-07-05T19:30', deviceTimeZone()),
      // The organiser attends their own event, on the device as on the server.
      attendeeCount: 1,
    });
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ entity: 'events', op: 'create', uid: event?.uid, status: 'pending' }),
    ]);
  });

  it('signed out: says a sign-in is needed instead of the form', async () => {
    await db.session.put({ key: 'current', user: null, checkedAt: '' });
    renderAt('/events/create');
    expect(await screen.findByText(eventMessages.loginToCreate)).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).toBeNull();
  });
});

describe('/events/{id}/edit', () => {
  it('the organiser edits the same form, prefilled; only what changed is queued; back to the event', async () => {
    await db.events.put(stored);
    const user = renderAt(`/events/${stored.id}/edit`);
    expect(await screen.findByLabelText('Title')).toHaveValue(stored.title);
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Event' })).toBeInTheDocument();
    expect(screen.getByLabelText('Description (optional)')).toHaveValue('Bring a spade.');
    expect(screen.getByLabelText('Date and time')).toHaveValue(
      instantToWallTime(stored.eventDate, deviceTimeZone()),
    );
    await user.clear(screen.getByLabelText('Location'));
    await user.type(screen.getByLabelText('Location'), 'Suffolk');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('heading', { name: 'Event page' })).toBeInTheDocument();
    expect(toastText()).toEqual([eventMessages.updated, undefined]);
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ entity: 'events', op: 'update', payload: { location: 'Suffolk' } }),
    ]);
    expect(await db.events.get(stored.uid)).toMatchObject({ location: 'Suffolk', title: stored.title });
  });

  it('editing requires title, location and date', async () => {
    await db.events.put(stored);
    const user = renderAt(`/events/${stored.uid}/edit`);
    await user.clear(await screen.findByLabelText('Title'));
    await user.clear(screen.getByLabelText('Location'));
    fireEvent.change(screen.getByLabelText('Date and time'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(eventMessages.titleTooShort)).toBeInTheDocument();
    expect(screen.getByText(eventMessages.locationRequired)).toBeInTheDocument();
    expect(screen.getByText(eventMessages.dateRequired)).toBeInTheDocument();
    expect(await db.outbox.count()).toBe(0);
  });

  it('another member cannot edit', async () => {
    await db.events.put({ ...stored, userId: 99 });
    renderAt(`/events/${stored.id}/edit`);
    expect(await screen.findByText(eventMessages.notOwner)).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).toBeNull();
  });

  it('a missing event is Event Not Found', async () => {
    renderAt('/events/404/edit');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: eventMessages.notFound })).toBeInTheDocument(),
    );
  });
});
