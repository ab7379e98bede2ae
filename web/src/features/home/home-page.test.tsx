// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUserState } from '@web/db/current-user';
import { useUiStore } from '@web/lib/ui-store';
import { HomePage } from './home-page';

// The session comes from Dexie; here we only care how Home reacts to each state.
const session = vi.hoisted((): { state: CurrentUserState } => ({ state: { user: null, loading: false } }));
vi.mock('@web/db/current-user', () => ({ useCurrentUser: () => session.state }));

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

beforeEach(() => useUiStore.setState({ authDialog: null }));
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
});
