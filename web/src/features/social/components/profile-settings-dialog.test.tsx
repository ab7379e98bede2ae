// @vitest-environment jsdom
/**
 * Profile Settings (docs/product/social.md "Profile Settings") against the real server in process: a
 * generated avatar and a new bio saved with 'Profile updated successfully' (the stored member becomes what
 * the server answered), a non-image refused with 'Invalid file type' / 'Please select an image file', a
 * refused change toasted 'Failed to update profile', and the Blocked members list with Unblock.
 */
import 'fake-indexeddb/auto';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { blockMessages, profileSettingsMessages } from '@schema/contracts/messages-constants';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import { db } from '@web/db/database';
import { appFetch, createTestApp, member, type Member, type TestApp } from '@web/sync/test-utils';
import { ProfileSettingsDialog } from './profile-settings-dialog';

configure({ asyncUtilTimeout: 5000 });

let t: TestApp;
let me: Member;
let pest: Member;

beforeAll(async () => {
  t = await createTestApp();
  me = await member(t, 'settler');
  pest = await member(t, 'pest');
  const res = await appFetch(t, () => me.cookie)(`/api/users/${pest.user.id}/block`, { method: 'POST' });
  expect(res.status).toBe(200);
});
afterAll(() => t.close());

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => true);
  vi.stubGlobal(
    'fetch',
    appFetch(t, () => me.cookie),
  );
  await db.open();
  await db.session.put({ key: 'current', user: me.user, checkedAt: '' });
});
afterEach(() => {
  useToastStore.setState({ current: null });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function open() {
  const user = userEvent.setup({ applyAccept: false });
  render(
    <MemoryRouter>
      <ProfileSettingsDialog user={me.user} />
      <Toaster />
    </MemoryRouter>,
  );
  await user.click(screen.getByRole('button', { name: profileSettingsMessages.title }));
  return { user, dialog: await screen.findByRole('dialog', { name: profileSettingsMessages.title }) };
}

describe('Profile Settings', () => {
  it('a generated avatar and a new bio are saved by the server', async () => {
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('radio', { name: 'Generated avatar 3' }));
    await user.type(within(dialog).getByLabelText('Bio'), 'Beaches and stubble.');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(profileSettingsMessages.updated)).toBeInTheDocument();
    const stored = (await db.session.get('current'))?.user;
    expect(stored).toMatchObject({ bio: 'Beaches and stubble.', avatarUrl: '/avatars/settler-2.svg' });
    const res = await appFetch(t, () => '')(`/api/users/${me.user.id}`);
    expect(await res.json()).toMatchObject({
      bio: 'Beaches and stubble.',
      avatarUrl: '/avatars/settler-2.svg',
    });
  });

  it("a file that is not an image: 'Invalid file type' / 'Please select an image file'", async () => {
    const { user, dialog } = await open();
    const file = new File(['plain'], 'notes.txt', { type: 'text/plain' });
    await user.upload(within(dialog).getByLabelText('Upload an image'), file);
    expect(await screen.findByText(profileSettingsMessages.invalidFileType)).toBeInTheDocument();
    expect(screen.getByText(profileSettingsMessages.selectImageFile)).toBeInTheDocument();
  });

  it("a username taken by another member: 'Failed to update profile' with the server's reason", async () => {
    const { user, dialog } = await open();
    const name = within(dialog).getByLabelText('Username');
    await user.clear(name);
    await user.type(name, 'pest');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(profileSettingsMessages.failed)).toBeInTheDocument();
    expect((await db.session.get('current'))?.user?.username).toBe('settler');
  });

  it('blocked members are listed with Unblock', async () => {
    const { user, dialog } = await open();
    const list = await within(dialog).findByRole('region', { name: blockMessages.listTitle });
    expect(await within(list).findByText('pest')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: blockMessages.unblock }));
    expect(await screen.findByText(blockMessages.unblocked)).toBeInTheDocument();
    await waitFor(() => expect(within(list).getByText(blockMessages.listEmpty)).toBeInTheDocument());
  });
});
