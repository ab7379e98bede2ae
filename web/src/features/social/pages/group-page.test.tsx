// @vitest-environment jsdom
/**
 * /groups/:id (docs/product/social.md "Groups") against the real server in process: a private group is
 * 'Group not found' to a stranger by its id; its link (the uid) shows the invitation, through which they
 * ask to join; the creator sees the
 * request under Pending requests and approves it; the new member then sees the group and its members.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Group } from '@schema/contracts/groups';
import { groupMessages } from '@schema/contracts/groups-constants';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import { db } from '@web/db/database';
import { appFetch, createTestApp, member, type Member, type TestApp } from '@web/sync/test-utils';
import { GroupPage } from './group-page';


let t: TestApp;
let creator: Member;
let asker: Member;
let group: Group;
let cookie = '';

beforeAll(async () => {
  t = await createTestApp();
  creator = await member(t, 'keeper');
  asker = await member(t, 'asker');
  const res = await appFetch(t, () => creator.cookie)('/api/groups', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Hoard Hunters', isPrivate: true, location: 'Norfolk' }),
  });
  group = (await res.json()) as Group;
});
afterAll(() => t.close());

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => true);
  vi.stubGlobal(
    'fetch',
    appFetch(t, () => cookie),
  );
  await db.open();
});
afterEach(() => {
  cleanup();
  useToastStore.setState({ toasts: [] });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openAs(who: Member, ref: string | number) {
  cookie = who.cookie;
  await db.session.put({ key: 'current', user: who.user, checkedAt: '' });
  render(
    <MemoryRouter initialEntries={[`/groups/${ref}`]}>
      <Routes>
        <Route path="/groups/:id" element={<GroupPage />} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('/groups/:id', () => {
  it('a stranger: not found by id (no request button); by the link, the invitation: its name and Request to join', async () => {
    await openAs(asker, group.id);
    expect(await screen.findByRole('heading', { name: groupMessages.notFound })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request to join' })).toBeNull();
    cleanup();
    const user = await openAs(asker, group.uid);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hoard Hunters' })).toBeInTheDocument();
    expect(screen.getByText('Private')).toBeInTheDocument();
    expect(screen.queryByText(groupMessages.notFound)).toBeNull();
    expect(screen.queryByText(groupMessages.notFoundText)).toBeNull();
    // The invitation names the group, nothing more: not where it meets.
    expect(screen.queryByText('Norfolk')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Request to join' }));
    expect(await screen.findByRole('status')).toHaveTextContent(groupMessages.requested);
    // The request is a queued write: the app's engine sends it at once.
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    // Opened again, the link says the request is waiting rather than offering it again.
    cleanup();
    await openAs(asker, group.uid);
    expect(await screen.findByRole('status')).toHaveTextContent(groupMessages.requested);
    expect(screen.queryByRole('button', { name: 'Request to join' })).toBeNull();
  });

  it('signed out, the link shows the invitation and asks to sign in first', async () => {
    cookie = '';
    await db.session.put({ key: 'current', user: null, checkedAt: '' });
    render(
      <MemoryRouter initialEntries={[`/groups/${group.uid}`]}>
        <Routes>
          <Route path="/groups/:id" element={<GroupPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Hoard Hunters' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to ask to join.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('the creator approves the request; the new member sees the group and its members', async () => {
    const user = await openAs(creator, group.uid);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hoard Hunters' })).toBeInTheDocument();
    expect(screen.getByText('Private')).toBeInTheDocument();
    expect(screen.getByText('Norfolk')).toBeInTheDocument();
    expect(await screen.findByText(/Invite link/)).toHaveTextContent(group.uid);
    const requests = await screen.findByRole('region', { name: 'Pending requests' });
    await user.click(await within(requests).findByRole('button', { name: 'Approve asker' }));
    expect(await screen.findByText(groupMessages.approved)).toBeInTheDocument();
    expect(await within(requests).findByText(groupMessages.requestsEmpty)).toBeInTheDocument();
    expect(await screen.findByText('2 members')).toBeInTheDocument();
    cleanup();
    const asAsker = await openAs(asker, group.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hoard Hunters' })).toBeInTheDocument();
    const members = await screen.findByRole('region', { name: 'Members' });
    expect(await within(members).findByText('keeper')).toBeInTheDocument();
    expect(within(members).getByText('asker')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Leave Group' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pending requests' })).toBeNull();
    // The app's engine has pulled for the new viewer (their membership, now active) before they write.
    await waitFor(async () =>
      expect(await db.group_memberships.where('userId').equals(asker.user.id).toArray()).toEqual([
        expect.objectContaining({ status: 'active' }),
      ]),
    );
    const discussion = await screen.findByRole('region', { name: 'Discussion' });
    expect(await within(discussion).findByText(groupMessages.discussionEmpty)).toBeInTheDocument();
    await asAsker.type(
      within(discussion).getByRole('textbox', { name: 'Add to the discussion' }),
      'Sunday dig?',
    );
    await asAsker.click(within(discussion).getByRole('button', { name: 'Post' }));
    expect(await within(discussion).findByText('Sunday dig?')).toBeInTheDocument();
  });

  it('the creator hands the group to a member, asked once more; the server has the new creator', async () => {
    const user = await openAs(creator, group.uid);
    const members = await screen.findByRole('region', { name: 'Members' });
    await user.click(await within(members).findByRole('button', { name: 'Hand over the group to asker' }));
    await user.click(within(members).getByRole('button', { name: 'Make asker the creator' }));
    expect(await screen.findByText("asker is now the group's creator")).toBeInTheDocument();
    const res = await appFetch(t, () => creator.cookie)(`/api/groups/${group.uid}`);
    expect(((await res.json()) as Group).creatorId).toBe(asker.user.id);
  });
});
