// @vitest-environment jsdom
/**
 * Home → Wellbeing (docs/product/home.md, docs/product/stories.md "Screens"): the benefit cards, the three
 * newest stories on the device (the three sample stories only while there are none, skeletons before the
 * first sync), Share Your Story disabled with its reason signed out and open for members, and Read more.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storyMessages } from '@schema/contracts/stories-constants';
import type { SelfUser } from '@schema/contracts/users';
import { db, type LocalStory } from '@web/db/database';
import { HomeWellbeingSection } from './home-wellbeing-section';

const member = {
  id: 7,
  username: 'fieldwalker',
  avatarUrl: '',
  bio: null,
  created_at: '',
  email: 'f@example.com',
  isEmailVerified: true,
} satisfies SelfUser;

const story = (i: number): LocalStory => ({
  id: i,
  uid: `0192f000-0000-7000-8000-00000000000${i}`,
  userId: 3,
  username: `teller${i}`,
  avatarUrl: '',
  content: `Story number ${i}: a long walk on the stubble and a quiet mind.`,
  yearsDetecting: i,
  likeCount: i,
  commentCount: 0,
  created_at: `2025-0${i}-01T10:00:00.000Z`,
});

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => false);
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  await db.open();
  await Promise.all([db.stories, db.story_likes, db.outbox].map((table) => table.clear()));
  await db.session.put({ key: 'current', user: null, checkedAt: '' });
  await db.sync_state.put({
    key: 'pull',
    cursors: {},
    viewerId: null,
    entities: '',
    lastSyncedAt: '2024-03-09T00:00:00Z',
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderSection() {
  render(
    <MemoryRouter>
      <HomeWellbeingSection />
    </MemoryRouter>,
  );
}

const section = () => screen.getByRole('region', { name: 'Wellbeing' });

describe('Home → Wellbeing', () => {
  it('with no stories: benefit cards, the three sample stories, Share Your Story disabled with its reason', async () => {
    renderSection();
    expect(within(section()).getByRole('heading', { name: 'Mental benefits' })).toBeInTheDocument();
    expect(within(section()).getByRole('heading', { name: 'Physical benefits' })).toBeInTheDocument();
    const samples = await within(section()).findByRole('list', { name: 'Example stories' });
    expect(within(samples).getAllByRole('listitem')).toHaveLength(3);
    expect(await within(section()).findByText(storyMessages.loginToShare)).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Share Your Story' })).toBeDisabled();
    expect(within(section()).getByRole('link', { name: /Read more about wellbeing/ })).toHaveAttribute(
      'href',
      '/wellbeing',
    );
  });

  it('before the first sync: skeletons instead of samples', async () => {
    await db.sync_state.put({ key: 'pull', cursors: {}, viewerId: null, entities: '', lastSyncedAt: null });
    renderSection();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(section()).queryByRole('list', { name: 'Example stories' })).toBeNull();
    expect(within(section()).queryByRole('list', { name: 'Community stories' })).toBeNull();
  });

  it('with stories: the three newest, newest first, and no samples; members may share', async () => {
    await db.stories.bulkPut([1, 2, 3, 4].map(story));
    await db.session.put({ key: 'current', user: member, checkedAt: '' });
    renderSection();
    const list = await within(section()).findByRole('list', { name: 'Community stories' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Story by teller4',
      'Story by teller3',
      'Story by teller2',
    ]);
    expect(within(section()).queryByRole('list', { name: 'Example stories' })).toBeNull();
    await waitFor(() =>
      expect(within(section()).getByRole('button', { name: 'Share Your Story' })).toBeEnabled(),
    );
    expect(within(section()).queryByText(storyMessages.loginToShare)).toBeNull();
  });
});
