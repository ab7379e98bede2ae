// @vitest-environment jsdom
/**
 * /social (docs/product/social.md "Screens") against the real server in process: signed out,
 * 'Authentication Required' and why; signed in, the stat tiles counted by the server, the Activity Feed
 * of the people followed, Connections with Unfollow and the product's empty texts, and Find Users
 * (prompt, 'No users found', Follow).
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { socialMessages } from '@schema/contracts/social-constants';
import { TOP_POSTER_MIN_POSTS } from '@schema/contracts/users-display';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import { db } from '@web/db/database';
import { appFetch, createTestApp, member, type Member, type TestApp } from '@web/sync/test-utils';
import { SocialPage } from './social-page';


let t: TestApp;
let reader: Member;
let writer: Member;
let loner: Member;
let cookie = '';

beforeAll(async () => {
  t = await createTestApp();
  reader = await member(t, 'reader');
  writer = await member(t, 'storywriter');
  loner = await member(t, 'loner');
  const asWriter = appFetch(t, () => writer.cookie);
  await asWriter('/api/stories', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ content: 'Dawn on the stubble and a hammered penny.' }),
  });
  // Five forum posts make the writer one of the month's top posters: 'Top Poster' next to their name.
  for (let i = 0; i < TOP_POSTER_MIN_POSTS; i++)
    await asWriter('/api/posts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title: `Stubble report ${i}`,
        content: 'A hammered penny at dawn.',
        categoryId: 1,
      }),
    });
  const asReader = appFetch(t, () => reader.cookie);
  await asReader('/api/social/follow', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ targetUserId: writer.user.id, action: 'follow' }),
  });
});
afterAll(() => t.close());

beforeEach(async () => {
  cookie = '';
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => true);
  vi.stubGlobal(
    'fetch',
    appFetch(t, () => cookie),
  );
  await db.open();
  await db.session.put({ key: 'current', user: null, checkedAt: '' });
});
afterEach(() => {
  useToastStore.setState({ toasts: [] });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderAs(who: Member | null) {
  cookie = who?.cookie ?? '';
  await db.session.put({ key: 'current', user: who?.user ?? null, checkedAt: '' });
  render(
    <MemoryRouter>
      <SocialPage />
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('/social', () => {
  it("signed out: 'Authentication Required' and why", async () => {
    await renderAs(null);
    expect(
      await screen.findByRole('heading', { name: socialMessages.authRequiredTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(socialMessages.authRequired)).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('a follower: stat tiles, the followed member’s story in the feed, and Connections with Unfollow', async () => {
    const user = await renderAs(reader);
    expect(await screen.findByRole('heading', { level: 1, name: 'Social Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(tile('Following')).toHaveTextContent('1'));
    expect(tile('Followers')).toHaveTextContent('0');
    expect(tile('Posts')).toHaveTextContent('0');
    expect(tile('Finds')).toHaveTextContent('0');
    expect(await screen.findByText('Dawn on the stubble and a hammered penny.')).toBeInTheDocument();
    expect(screen.getByText('shared a story')).toBeInTheDocument();
    // Member lists carry the badges (GET /api/badges): the writer posted most this month.
    const entry = screen.getByText('shared a story').closest('li');
    expect(await within(entry ?? document.body).findByText('Top Poster')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Connections' }));
    const unfollow = await screen.findByRole('button', { name: 'Unfollow storywriter' });
    expect(screen.getByText('No followers yet')).toBeInTheDocument();
    await user.click(unfollow);
    expect(await screen.findByText(socialMessages.updated)).toBeInTheDocument();
    expect(await screen.findByText(socialMessages.connectionsEmpty)).toBeInTheDocument();
    await waitFor(() => expect(tile('Following')).toHaveTextContent('0'));
  });

  it('a member following nobody: the empty feed text; Find Users: prompt, no match, then Follow', async () => {
    const user = await renderAs(loner);
    expect(await screen.findByText(socialMessages.feedEmpty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Find Users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Find Users' });
    expect(within(dialog).getByText(socialMessages.searchPrompt)).toBeInTheDocument();
    const search = within(dialog).getByRole('searchbox', { name: 'Search by username' });
    await user.type(search, 'zzzz');
    expect(await within(dialog).findByText(socialMessages.searchEmpty)).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'o');
    // The searcher is left out: 'loner' matches 'o' but is not listed.
    expect(await within(dialog).findByRole('button', { name: 'Follow storywriter' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Follow loner' })).toBeNull();
    await user.clear(search);
    await user.type(search, 'DigQuestor');
    expect(await within(dialog).findByText('Founder')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'o');
    await user.click(await within(dialog).findByRole('button', { name: 'Follow storywriter' }));
    expect(await within(dialog).findByRole('button', { name: 'Unfollow storywriter' })).toBeInTheDocument();
    expect(await screen.findByText(socialMessages.updated)).toBeInTheDocument();
  });
});
