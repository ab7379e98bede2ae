// @vitest-environment jsdom
/**
 * /users/:id (docs/product/social.md "Screens") against the real server in process: a member's
 * public profile — masked name, bio, years detecting and detector ('Not said'), stats, finds without
 * coordinates, posts — with Follow for another signed-in member, none for a visitor or the member
 * themselves; a missing member and offline say so.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { socialMessages } from '@schema/contracts/social-constants';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import { db } from '@web/db/database';
import { appFetch, createTestApp, member, type Member, type TestApp } from '@web/sync/test-utils';
import { ProfilePage } from './profile-page';


let t: TestApp;
let shown: Member;
let visitor: Member;
let cookie = '';
let online = true;

beforeAll(async () => {
  t = await createTestApp();
  shown = await member(t, 'jo.digger@example.org');
  visitor = await member(t, 'visitor');
  await t.sql(
    "INSERT INTO finds (uid, title, user_id, image_url, latitude, longitude) VALUES ('f-1', 'Saxon strap end', ?, '/x.jpg', '52.1', '0.5')",
    shown.user.id,
  );
  await t.sql(
    "INSERT INTO user_profiles (user_id, years_detecting, detector_brand, detector_model) VALUES (?, 7, 'Minelab', 'Equinox 800')",
    shown.user.id,
  );
});
afterAll(() => t.close());

beforeEach(async () => {
  cookie = '';
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  const inner = appFetch(t, () => cookie);
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (!online) throw new TypeError('Failed to fetch');
    return inner(input, init);
  });
  await db.open();
});
afterEach(() => {
  useToastStore.setState({ toasts: [] });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderAs(who: Member | null, id: number | string) {
  cookie = who?.cookie ?? '';
  await db.session.put({ key: 'current', user: who?.user ?? null, checkedAt: '' });
  render(
    <MemoryRouter initialEntries={[`/users/${id}`]}>
      <Routes>
        <Route path="/users/:id" element={<ProfilePage />} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('/users/:id', () => {
  it('a visitor: masked name, details, stats and finds without where they were found; no Follow', async () => {
    await renderAs(null, shown.user.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'jo.***@e***.org' })).toBeInTheDocument();
    expect(screen.queryByText('jo.digger@example.org')).toBeNull();
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(screen.getByText('Minelab Equinox 800')).toBeInTheDocument();
    expect(screen.getByText('Saxon strap end')).toBeInTheDocument();
    expect(screen.getByText('No forum posts yet.')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/52\.1/);
    expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
  });

  it('another member follows from the profile; the server sends the name masked, the address never', async () => {
    const user = await renderAs(visitor, shown.user.id);
    await user.click(await screen.findByRole('button', { name: 'Follow jo.***@e***.org' }));
    expect(await screen.findByText(socialMessages.updated)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Unfollow jo.***@e***.org' })).toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain('digger');
  });

  it('another member blocks and unblocks from the profile; Message opens the thread', async () => {
    const user = await renderAs(visitor, shown.user.id);
    expect(await screen.findByRole('link', { name: 'Message' })).toHaveAttribute(
      'href',
      `/social?tab=messages&with=${shown.user.id}`,
    );
    await user.click(screen.getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Member blocked')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Message' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('Member unblocked')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Message' })).toBeInTheDocument();
  });

  it('the member themselves: no Follow, Message or Block button', async () => {
    await renderAs(shown, shown.user.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'jo.***@e***.org' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Follow|Block/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Message' })).toBeNull();
  });

  it('achievements: the member sees theirs with View all and Restart tour; others see the earned badges', async () => {
    await renderAs(shown, shown.user.id);
    const own = await screen.findByRole('list', { name: 'Earned achievements' });
    // The find was there before: reading one's own list unlocks what is already due.
    expect(await within(own).findByText('First Treasure')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all achievements' })).toHaveAttribute(
      'href',
      '/achievements',
    );
    expect(screen.getByRole('link', { name: 'Restart tour' })).toHaveAttribute(
      'href',
      '/achievements?tour=restart',
    );
    cleanup();

    await renderAs(visitor, shown.user.id);
    const theirs = await screen.findByRole('list', { name: 'Earned achievements' });
    expect(await within(theirs).findByText('First Treasure')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Restart tour' })).toBeNull();
  });

  it('a missing member says so', async () => {
    await renderAs(null, 999_999);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Member not found, or the profile could not be loaded.',
    );
  });

  it('offline: the profile needs a connection', async () => {
    online = false;
    await renderAs(null, shown.user.id);
    expect(await screen.findByRole('alert')).toHaveTextContent('This profile needs a connection.');
  });
});
