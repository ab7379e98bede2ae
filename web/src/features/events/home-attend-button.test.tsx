// @vitest-environment jsdom
/**
 * Attend on the home page's Upcoming Events card: a queued join like the event page's, announced with the
 * spec's 'You've joined the event!'; disabled signed out; the organiser and a member who joined are
 * Attending. Real Dexie (fake-indexeddb), no mocks.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { eventMessages } from '@schema/contracts/events-constants';
import type { SelfUser } from '@schema/contracts/users';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import { db, type LocalEvent } from '@web/db/database';
import { HomeAttendButton } from './home-attend-button';

const me: SelfUser = {
  id: 7,
  username: 'relic_hunter',
  email: 'r@example.com',
  avatarUrl: '',
  bio: null,
  created_at: '2024-03-05T10:00:00Z',
  isEmailVerified: true,
};
const soon = new Date(Date.now() + 3 * 86_400_000).toISOString();
const event: LocalEvent = {
  id: 12,
  uid: '0192f000-0000-7000-8000-0000000000e1',
  userId: 9,
  username: 'organiser',
  title: 'Stubble field rally',
  description: null,
  location: 'Suffolk',
  eventDate: soon,
  attendeeCount: 1,
  commentCount: 0,
  created_at: soon,
  updated_at: soon,
};

beforeEach(async () => {
  await db.open();
  await Promise.all([db.events.clear(), db.event_attendees.clear(), db.outbox.clear()]);
  await db.events.put(event);
  useToastStore.setState({ toasts: [] });
});

const renderButton = (shown: LocalEvent = event) =>
  render(
    <MemoryRouter>
      <HomeAttendButton event={shown} />
      <Toaster />
    </MemoryRouter>,
  );

describe('Attend on the home Upcoming Events card', () => {
  it("a member attends: 'You've joined the event!', the join is queued and counted, and it reads Attending", async () => {
    await db.session.put({ key: 'current', user: me, checkedAt: '' });
    renderButton();
    const attend = await screen.findByRole('button', { name: 'Attend Stubble field rally' });
    await waitFor(() => expect(attend).toBeEnabled());
    await userEvent.click(attend);
    expect(await screen.findByText(eventMessages.joinedHome)).toBeInTheDocument();
    expect(await screen.findByText('Attending')).toBeInTheDocument();
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ entity: 'event_attendees', op: 'create', uid: event.uid }),
    ]);
    expect((await db.events.get(event.uid))?.attendeeCount).toBe(2);
  });

  it('signed out it is disabled and says why', async () => {
    await db.session.put({ key: 'current', user: null, checkedAt: '' });
    renderButton();
    const attend = await screen.findByRole('button', { name: 'Attend Stubble field rally' });
    expect(attend).toBeDisabled();
    expect(attend).toHaveAttribute('title', eventMessages.loginToJoin);
  });

  it('the organiser already attends their own event', async () => {
    await db.session.put({ key: 'current', user: me, checkedAt: '' });
    renderButton({ ...event, userId: me.id });
    expect(await screen.findByText('Attending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Attend/ })).toBeNull();
  });
});
