// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forumMessages, POSTS_PAGE_SIZE } from '@schema/contracts/forum';
import type { SelfUser } from '@schema/contracts/users';
import { useToastStore } from '@web/components/ui/toast';
import { db, type LocalPost } from '@web/db/database';
import { useUiStore } from '@web/lib/ui-store';
import { ForumPage } from './forum-page';

const me: SelfUser = {
  id: 7,
  username: 'relic_hunter',
  email: 'r@example.com',
  avatarUrl: '',
  bio: null,
  created_at: '2024-03-05T10:00:00Z',
  isEmailVerified: true,
};
const categories = [
  { id: 1, name: 'General Discussion', slug: 'general', description: null, icon: null, count: 2 },
  { id: 2, name: 'Finds & Identification', slug: 'finds', description: null, icon: null, count: 1 },
];
let n = 0;
const post = (extra: Partial<LocalPost>): LocalPost => {
  n += 1;
  return {
    id: n,
    uid: `0192f000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    userId: 9,
    username: 'jo.smith@example.com',
    categoryId: 1,
    categoryName: 'General Discussion',
    title: `Post ${n}`,
    content: 'Plain words here.',
    imageUrl: null,
    comments: 0,
    views: 0,
    likes: 0,
    created_at: `2024-03-0${n}T10:00:00Z`,
    ...extra,
  };
};

beforeAll(async () => {
  await db.open();
});
beforeEach(async () => {
  await Promise.all([db.posts.clear(), db.categories.clear(), db.post_likes.clear(), db.outbox.clear()]);
  await db.categories.bulkPut(categories);
  await db.sync_state.put({
    key: 'pull',
    cursors: {},
    viewerId: null,
    entities: '',
    lastSyncedAt: '2024-03-09T00:00:00Z',
  });
  await db.session.put({ key: 'current', user: null, checkedAt: '' });
  n = 0;
  await db.posts.bulkPut([
    post({
      title: 'Hammered penny on stubble',
      content: 'Edward I, cut half, found near the café.',
      views: 5,
    }),
    post({
      title: 'Best coil for wet sand',
      content: 'Which coil copes with the beach?',
      views: 40,
      userId: 7,
      username: 'relic_hunter',
    }),
    post({
      title: 'Roman brooch identified',
      content: 'x'.repeat(200),
      categoryId: 2,
      categoryName: 'Finds & Identification',
      views: 12,
    }),
  ]);
});
afterEach(cleanup);

function renderForum(path = '/forum') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/forum" element={<ForumPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const titles = async () => {
  const list = await screen.findByRole('list', { name: 'Posts' });
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);
};

describe('Forum page: New Post from a link (?new=1)', () => {
  it('signed out, asks to sign in (the sign-in dialog and why); once signed in, Create New Post opens', async () => {
    useUiStore.setState({ authDialog: null });
    useToastStore.setState({ toasts: [] });
    renderForum('/forum?new=1');
    await waitFor(() => expect(useUiStore.getState().authDialog).toBe('signIn'));
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
      title: forumMessages.authenticationRequiredTitle,
      description: forumMessages.loginToPost,
    });
    expect(screen.queryByRole('dialog', { name: 'Create New Post' })).not.toBeInTheDocument();
    await db.session.put({ key: 'current', user: me, checkedAt: '' });
    expect(await screen.findByRole('dialog', { name: 'Create New Post' })).toBeInTheDocument();
  });
});

describe('Forum page: tabs and filters (docs/product/forum.md#screens)', () => {
  it('Recent Posts lists newest first with 120-character previews and masked names; signed out, New Post is disabled and My Posts hidden', async () => {
    renderForum();
    expect(await titles()).toEqual([
      'Roman brooch identified',
      'Best coil for wet sand',
      'Hammered penny on stubble',
    ]);
    expect(screen.getByText(`${'x'.repeat(120)}...`)).toBeInTheDocument();
    expect(screen.getAllByText('jo.***@e***.com').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'New Post' })).toBeDisabled();
    expect(screen.queryByRole('tab', { name: 'My Posts' })).not.toBeInTheDocument();
  });

  it('Most Popular orders by views; My Posts (signed in) shows only the member’s posts', async () => {
    await db.session.put({ key: 'current', user: me, checkedAt: '' });
    const user = renderForum();
    await user.click(await screen.findByRole('tab', { name: 'Most Popular' }));
    await waitFor(async () =>
      expect(await titles()).toEqual([
        'Best coil for wet sand',
        'Roman brooch identified',
        'Hammered penny on stubble',
      ]),
    );
    await user.click(screen.getByRole('tab', { name: 'My Posts' }));
    await waitFor(async () => expect(await titles()).toEqual(['Best coil for wet sand']));
    expect(screen.getByRole('tab', { name: 'My Posts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'New Post' })).toBeEnabled();
  });

  it('filters by ?category= (id or slug), with the sidebar counts', async () => {
    renderForum('/forum?category=finds');
    await waitFor(async () => expect(await titles()).toEqual(['Roman brooch identified']));
    const sidebar = screen.getByRole('heading', { name: 'Categories' }).closest('div')?.parentElement;
    expect(sidebar).toHaveTextContent('General Discussion2');
    expect(screen.getByRole('link', { name: /Finds & Identification/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    cleanup();
    renderForum('/forum?category=999');
    expect(await screen.findByText('No posts in this category yet.')).toBeInTheDocument();
    expect(screen.getByText(forumMessages.categoryNotFound)).toBeInTheDocument();
  });

  it('searches title and content offline: words ANDed, last word a prefix, accents ignored', async () => {
    const user = renderForum();
    const search = await screen.findByRole('searchbox');
    await user.type(search, 'edward cafe');
    await waitFor(async () => expect(await titles()).toEqual(['Hammered penny on stubble']));
    await user.clear(search);
    await user.type(search, 'coi');
    await waitFor(async () => expect(await titles()).toEqual(['Best coil for wet sand']));
    await user.type(search, ' roman');
    expect(await screen.findByText('No posts match your search.')).toBeInTheDocument();
  });

  it('pages long lists: Show more posts adds the next page', async () => {
    await db.posts.bulkPut(Array.from({ length: POSTS_PAGE_SIZE + 2 }, () => post({})));
    const user = renderForum();
    await waitFor(async () => expect(await titles()).toHaveLength(POSTS_PAGE_SIZE));
    await user.click(screen.getByRole('button', { name: /Show more posts/ }));
    await waitFor(async () => expect(await titles()).toHaveLength(POSTS_PAGE_SIZE + 5));
  });

  it('shows the empty text when there are no posts', async () => {
    await db.posts.clear();
    renderForum();
    expect(await screen.findByText('No posts yet. Start the first discussion!')).toBeInTheDocument();
  });
});
