// @vitest-environment jsdom
/**
 * The Groups tab of /social (docs/product/social.md "Groups") against the real server in process:
 * `?tab=groups` opens it; the empty text with its two buttons; Create Group (Create disabled while the
 * name is blank) makes a card with the spec's fields; Browse Groups lists public groups only and joins one;
 * the creator's card menu deletes after the spec's confirmation; a member's card menu offers Leave Group.
 * "My groups" is read from the device: a group created offline shows at once, waiting to sync.
 */
import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Group } from '@schema/contracts/groups';
import { groupMessages } from '@schema/contracts/groups-constants';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import { db } from '@web/db/database';
import { syncNow } from '@web/sync';
import { appFetch, createTestApp, member, type Member, type TestApp } from '@web/sync/test-utils';
import { SocialPage } from '../pages/social-page';

let t: TestApp;
let creator: Member;
let joiner: Member;
let cookie = '';

const post = (who: Member, path: string, body: unknown) =>
  appFetch(t, () => who.cookie)(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  t = await createTestApp();
  creator = await member(t, 'founder');
  joiner = await member(t, 'joiner');
  await post(creator, '/api/groups', {
    name: 'Thames Mudlarks',
    description: 'Foreshore',
    location: 'London',
  });
  await post(creator, '/api/groups', { name: 'Secret Syndicate', isPrivate: true });
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
});
afterEach(() => {
  useToastStore.setState({ toasts: [] });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderAs(who: Member) {
  cookie = who.cookie;
  await db.session.put({ key: 'current', user: who.user, checkedAt: '' });
  // As signing in does in the app (its session trigger): this member's groups come with that sync, not
  // with whatever cycle an earlier test happened to leave running.
  syncNow();
  render(
    <MemoryRouter initialEntries={['/social?tab=groups']}>
      <SocialPage />
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('/social?tab=groups', () => {
  it('empty: the spec’s text and buttons; Browse lists public groups only and Join makes a card', async () => {
    const user = await renderAs(joiner);
    expect(await screen.findByRole('tab', { name: 'Groups', selected: true })).toBeInTheDocument();
    expect(await screen.findByText(groupMessages.mineEmpty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Your First Group' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Browse Groups' }));
    const dialog = await screen.findByRole('dialog', { name: 'Browse Groups' });
    expect(await within(dialog).findByText('Thames Mudlarks')).toBeInTheDocument();
    expect(within(dialog).queryByText('Secret Syndicate')).toBeNull();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search groups' }), 'zzz');
    expect(await within(dialog).findByText(groupMessages.browseEmpty)).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('searchbox', { name: 'Search groups' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Join Thames Mudlarks' }));
    expect(await screen.findByText(groupMessages.joined)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const panel = screen.getByRole('tabpanel');
    const card = (await within(panel).findByRole('link', { name: 'Thames Mudlarks' })).closest('li');
    expect(card).not.toBeNull();
    expect(within(card as HTMLElement).getByText('Foreshore')).toBeInTheDocument();
    expect(within(card as HTMLElement).getByText('London')).toBeInTheDocument();
    // The join syncs at once (online): the server's count comes with the pull.
    expect(await within(card as HTMLElement).findByText('2 members')).toBeInTheDocument();
    await user.click(
      within(card as HTMLElement).getByRole('button', { name: 'Actions for Thames Mudlarks' }),
    );
    expect(await screen.findByRole('menuitem', { name: 'View Group' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Leave Group' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete Group' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Leave Group' }));
    expect(await screen.findByText(groupMessages.left)).toBeInTheDocument();
    expect(await screen.findByText(groupMessages.mineEmpty)).toBeInTheDocument();
  });

  it('the creator: Create Group (disabled while blank), the Private badge, Delete after the confirmation', async () => {
    const user = await renderAs(creator);
    await user.click(await screen.findByRole('button', { name: 'Create Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Group' });
    const create = within(dialog).getByRole('button', { name: 'Create Group' });
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Group name'), '   ');
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Group name'), 'Night Hawks Watch');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(create);
    expect(await screen.findByText(groupMessages.created)).toBeInTheDocument();
    const card = (await screen.findByRole('link', { name: 'Night Hawks Watch' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(card).getByText('Private')).toBeInTheDocument();
    expect(within(card).getByText(groupMessages.noDescription)).toBeInTheDocument();
    expect(within(card).getByText('1 member')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Actions for Night Hawks Watch' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit Group' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Leave Group' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Delete Group' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Group' });
    expect(within(confirm).getByText(groupMessages.deleteConfirm)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(groupMessages.deleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Night Hawks Watch' })).toBeNull());
  });

  it('two presses of Create Group before the first is handled (the contract still loading) save one group', async () => {
    const user = await renderAs(creator);
    await user.click(await screen.findByRole('button', { name: 'Create Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Group' });
    await user.type(within(dialog).getByLabelText('Group name'), 'Twice Pressed');
    const form = within(dialog)
      .getByRole('button', { name: 'Create Group' })
      .closest('form') as HTMLFormElement;
    act(() => {
      form.requestSubmit();
      form.requestSubmit();
    });
    expect(await screen.findByRole('link', { name: 'Twice Pressed' })).toBeInTheDocument();
    expect(await db.groups.filter((g) => g.name === 'Twice Pressed').count()).toBe(1);
  });

  it('offline: a created group shows at once, waiting to sync, and syncs once back online', async () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const user = await renderAs(creator);
    await user.click(await screen.findByRole('button', { name: 'Create Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Group' });
    await user.type(within(dialog).getByLabelText('Group name'), 'Offline Oddities');
    await user.click(within(dialog).getByRole('button', { name: 'Create Group' }));
    const card = (await screen.findByRole('link', { name: 'Offline Oddities' })).closest('li') as HTMLElement;
    // The marker reads the outbox in a query of its own: it can land a moment after the card.
    expect(await within(card).findByText('Waiting to sync')).toBeInTheDocument();

    online = true;
    syncNow();
    await waitFor(() => expect(within(card).queryByText('Waiting to sync')).toBeNull(), { timeout: 5000 });
    const mine = (await (await appFetch(t, () => creator.cookie)('/api/social/groups')).json()) as Group[];
    expect(mine.map((g) => g.name)).toContain('Offline Oddities');
  });
});
