// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUserState } from '@web/db/current-user';
import type { LocalCategory, LocalEvent, LocalPost } from '@web/db/database';
import { CommunitySection } from './community-section';
import type { Loaded, OnlineMembers } from './hooks/use-community';

const session = vi.hoisted((): { state: CurrentUserState } => ({ state: { user: null, loading: false } }));
vi.mock('@web/db/current-user', () => ({ useCurrentUser: () => session.state }));
const data = vi.hoisted(
  (): {
    topics: Loaded<LocalPost[]>;
    categories: Loaded<LocalCategory[]>;
    online: Loaded<OnlineMembers>;
  } => ({
    topics: { state: 'loading' },
    categories: { state: 'loading' },
    online: { state: 'loading' },
  }),
);
const events = vi.hoisted((): { upcoming: Loaded<LocalEvent[]> } => ({
  upcoming: { state: 'ready', value: [] },
}));
vi.mock('./hooks/use-upcoming-events', () => ({ useUpcomingEvents: () => events.upcoming }));
vi.mock('./hooks/use-community', () => ({
  useHotTopics: () => data.topics,
  usePopularCategories: () => data.categories,
  useOnlineMembers: () => data.online,
  useMemberList: () => ({
    members: [],
    total: null,
    next: null,
    state: 'loading',
    loadMore: () => undefined,
  }),
}));

const post = (n: number): LocalPost => ({
  id: n,
  uid: `0192f000-0000-7000-8000-00000000000${n}`,
  userId: 9,
  username: 'jo.smith@example.com',
  categoryId: 1,
  categoryName: 'General',
  title: `Topic ${n}`,
  content: 'x'.repeat(200),
  imageUrl: null,
  comments: 2,
  views: 3,
  likes: 0,
  created_at: '2024-03-05T10:00:00Z',
});
const member = {
  id: 7,
  username: 'relic_hunter',
  avatarUrl: '',
  bio: null,
  created_at: '2024-03-05T10:00:00Z',
  email: 'r@example.com',
  isEmailVerified: true,
};

function renderSection() {
  render(
    <MemoryRouter>
      <CommunitySection />
    </MemoryRouter>,
  );
}
afterEach(cleanup);

describe('Home community section (docs/product/home.md#screens)', () => {
  it('signed out: New Post and Create Event are disabled; two greyed Example events show', () => {
    session.state = { user: null, loading: false };
    renderSection();
    expect(screen.getByRole('button', { name: 'New Post' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create Event' })).toBeDisabled();
    expect(within(screen.getByRole('list', { name: 'Example events' })).getAllByText('Example')).toHaveLength(
      2,
    );
  });

  it('signed in: Hot Topics lists the newest posts with masked names, and New Post opens the dialog on the forum', () => {
    session.state = { user: member, loading: false };
    data.topics = { state: 'ready', value: [post(1), post(2), post(3)] };
    data.categories = {
      state: 'ready',
      value: [{ id: 1, name: 'General', slug: 'general', description: null, icon: null, count: 12 }],
    };
    data.online = { state: 'ready', value: { members: [{ ...member, lastPostAt: null }], total: 1 } };
    renderSection();
    expect(screen.getByRole('link', { name: 'New Post' })).toHaveAttribute('href', '/forum?new=1');
    expect(screen.getByRole('link', { name: 'Create Event' })).toHaveAttribute('href', '/events/create');
    expect(screen.getByRole('link', { name: 'Topic 1' })).toHaveAttribute('href', '/forum/post/1');
    expect(screen.getAllByText(/jo\.\*\*\*@e\*\*\*\.com/)).toHaveLength(3);
    expect(screen.getByRole('link', { name: /General\s*12 posts/ })).toHaveAttribute(
      'href',
      '/forum?category=1',
    );
    expect(screen.getByText('1 online now')).toBeInTheDocument();
  });

  it('shows honest error and empty states', () => {
    data.topics = { state: 'ready', value: [] };
    data.categories = { state: 'error' };
    data.online = { state: 'error' };
    renderSection();
    expect(screen.getByText('No posts yet. Start the first discussion!')).toBeInTheDocument();
    expect(screen.getByText('Categories could not be loaded. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('Online members show when you are connected.')).toBeInTheDocument();
  });

  it('Upcoming Events: the next real events link to their pages; the Examples show only when there are none', () => {
    session.state = { user: null, loading: false };
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
      attendeeCount: 4,
      commentCount: 0,
      created_at: soon,
      updated_at: soon,
    };
    events.upcoming = {
      state: 'ready',
      value: [event, { ...event, id: null, uid: 'u2', title: 'Club night' }],
    };
    renderSection();
    const list = screen.getByRole('list', { name: 'Upcoming events' });
    expect(within(list).getByRole('link', { name: 'Stubble field rally' })).toHaveAttribute(
      'href',
      '/events/12',
    );
    expect(within(list).getByRole('link', { name: 'Club night' })).toHaveAttribute('href', '/events/u2');
    expect(within(list).getAllByText(/Suffolk · 4 attending/)).toHaveLength(2);
    expect(screen.queryByRole('list', { name: 'Example events' })).toBeNull();
    expect(screen.queryByText('Example')).toBeNull();
    cleanup();

    events.upcoming = { state: 'loading' };
    renderSection();
    expect(screen.queryByRole('list', { name: 'Example events' })).toBeNull();
    cleanup();

    events.upcoming = { state: 'ready', value: [] };
    renderSection();
    expect(screen.getByRole('list', { name: 'Example events' })).toBeInTheDocument();
  });

  it('Upcoming Events: each event offers the Attend the app shell hands in (the events feature’s)', () => {
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
      attendeeCount: 4,
      commentCount: 0,
      created_at: soon,
      updated_at: soon,
    };
    events.upcoming = { state: 'ready', value: [event, { ...event, uid: 'u2', title: 'Club night' }] };
    render(
      <MemoryRouter>
        <CommunitySection attendButton={({ event: e }) => <button type="button">Attend {e.title}</button>} />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: 'Upcoming events' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Attend Stubble field rally', 'Attend Club night']);
  });
});
