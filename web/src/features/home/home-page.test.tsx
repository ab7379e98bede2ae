// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUserState } from '@web/db/current-user';
import type { LocalFind } from '@web/db/database';
import { useUiStore } from '@web/lib/ui-store';
import { HomePage } from './home-page';
import type { RecentFinds } from './hooks/use-recent-finds';

// The session comes from Dexie; here we only care how Home reacts to each state.
const session = vi.hoisted((): { state: CurrentUserState } => ({ state: { user: null, loading: false } }));
vi.mock('@web/db/current-user', () => ({ useCurrentUser: () => session.state }));
// Recent Treasures reads Dexie; here only how it renders each state matters.
const recent = vi.hoisted((): { state: RecentFinds } => ({ state: { state: 'ready', finds: [] } }));
vi.mock('./hooks/use-recent-finds', () => ({ useRecentFinds: () => recent.state }));

const member = {
  id: 7,
  username: 'relic_hunter',
  avatarUrl: '/avatars/relic_hunter.svg',
  bio: null,
  created_at: '2024-03-05T10:00:00Z',
  email: 'relic@example.com',
  isEmailVerified: true,
};

function renderHome() {
  render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  useUiStore.setState({ authDialog: null });
  recent.state = { state: 'ready', finds: [] };
});

const find = (n: number, extra: Partial<LocalFind> = {}): LocalFind => ({
  id: n,
  uid: `0192f000-0000-7000-8000-00000000000${n}`,
  userId: 7,
  username: 'relic_hunter',
  title: `Find number ${n}`,
  description: null,
  location: 'Norfolk, UK',
  period: 'Roman',
  imageUrl: `/uploads/${n}.webp`,
  thumbUrl: `/uploads/${n}-thumb.webp`,
  likes: 0,
  commentCount: 0,
  created_at: '2024-03-05T10:00:00Z',
  ...extra,
});
afterEach(cleanup);

describe('home page', () => {
  it('shows the hero and, signed out, a Join Our Community button that opens sign-up', async () => {
    session.state = { user: null, loading: false };
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'History Unearthed' })).toBeInTheDocument();
    expect(screen.getByText(/improving wellbeing one find at a time/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Visit Forum' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Join Our Community' }));
    expect(useUiStore.getState().authDialog).toBe('signUp');
  });

  it('signed in, offers Visit Forum and Browse Finds instead', () => {
    session.state = { user: member, loading: false };
    renderHome();
    expect(screen.getByRole('link', { name: 'Visit Forum' })).toHaveAttribute('href', '/forum');
    expect(screen.getByRole('link', { name: 'Browse Finds' })).toHaveAttribute('href', '/finds');
    expect(screen.queryByRole('button', { name: 'Join Our Community' })).not.toBeInTheDocument();
  });

  it('shows neither while the stored session is still being read', () => {
    session.state = { user: null, loading: true };
    renderHome();
    expect(screen.queryByRole('button', { name: 'Join Our Community' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Visit Forum' })).not.toBeInTheDocument();
  });

  it('renders the section headings with honest empty states, not sample data', () => {
    session.state = { user: null, loading: false };
    renderHome();
    expect(screen.getByRole('heading', { level: 2, name: 'Recent Treasures' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View All/ })).toHaveAttribute('href', '/finds');
    for (const name of ['Hot Topics', 'Popular Categories', 'Community Members', 'Upcoming Events']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
  });

  it('shows the wellbeing section the app shell hands in, before the links to the rest of the app', async () => {
    session.state = { user: null, loading: false };
    function Wellbeing() {
      return <section aria-label="Wellbeing">Wellbeing section</section>;
    }
    render(
      <MemoryRouter>
        <HomePage wellbeingSection={Wellbeing} />
      </MemoryRouter>,
    );
    const section = await screen.findByRole('region', { name: 'Wellbeing' });
    const explore = screen.getByRole('heading', { level: 2, name: 'Explore DigQuest' });
    expect(section.compareDocumentPosition(explore) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The section stands in for the old Wellbeing link card.
    expect(screen.queryByRole('link', { name: /^Wellbeing/ })).toBeNull();
  });

  describe('Recent Treasures (docs/product/home.md#screens)', () => {
    it('shows skeletons while loading', () => {
      recent.state = { state: 'loading' };
      renderHome();
      expect(screen.getByRole('region', { name: 'Recent Treasures' })).toHaveAttribute('aria-busy', 'true');
    });

    it('shows the error and empty texts', () => {
      recent.state = { state: 'error' };
      renderHome();
      expect(screen.getByText('Error loading finds. Please try again later.')).toBeInTheDocument();
      cleanup();
      recent.state = { state: 'ready', finds: [] };
      renderHome();
      expect(screen.getByText('No treasure finds available. Be the first to add one!')).toBeInTheDocument();
    });

    it('lists the finds with the first location segment, and offers members an upload button', () => {
      session.state = { user: member, loading: false };
      recent.state = {
        state: 'ready',
        finds: [find(1), find(2, { location: '' }), find(3, { id: null }), find(4)],
      };
      renderHome();
      const links = screen.getAllByRole('link', { name: /Find number/ });
      expect(links).toHaveLength(4);
      expect(links[0]).toHaveAttribute('href', '/finds/1');
      expect(links[2]).toHaveAttribute('href', `/finds/${find(3).uid}`);
      expect(screen.getAllByText('Norfolk')).toHaveLength(3);
      expect(screen.getByText('Unknown Location')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Upload your find' })).toHaveAttribute('href', '/finds');
    });
  });
});
