// @vitest-environment jsdom
/**
 * Profile Settings (docs/product/social.md "Profile Settings") against the real server in process: a
 * generated avatar and a new bio saved with 'Profile updated successfully' (the stored member becomes what
 * the server answered), a non-image refused with 'Invalid file type' / 'Please select an image file', a
 * refused change toasted 'Failed to update profile', and the Blocked members list with Unblock.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { blockMessages, profileSettingsMessages } from '@schema/contracts/messages-constants';
import { storyMessages } from '@schema/contracts/stories-constants';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import { db } from '@web/db/database';
import { appFetch, createTestApp, member, type Member, type TestApp } from '@web/sync/test-utils';
import { ProfileSettingsDialog } from './profile-settings-dialog';


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
  useToastStore.setState({ toasts: [] });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

async function open() {
  const user = userEvent.setup({ applyAccept: false });
  render(
    <MemoryRouter initialEntries={['/social']}>
      <Routes>
        <Route path="/social" element={<ProfileSettingsDialog user={me.user} />} />
        <Route path="*" element={<Where />} />
      </Routes>
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

  it('years detecting and detector are saved and show on the member profile', async () => {
    const { user, dialog } = await open();
    const years = within(dialog).getByLabelText('Years detecting');
    await waitFor(() => expect(years).toBeEnabled());
    await user.type(years, '12');
    await user.type(within(dialog).getByLabelText('Detector brand'), 'XP');
    await user.type(within(dialog).getByLabelText('Detector model'), 'Deus II');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(profileSettingsMessages.updated)).toBeInTheDocument();
    const res = await appFetch(t, () => '')(`/api/users/${me.user.id}/profile`);
    expect(await res.json()).toMatchObject({ yearsDetecting: 12, detector: 'XP Deus II' });

    // Opened again, the dialog shows what is stored; a negative number is refused before sending.
    cleanup();
    const again = await open();
    const stored = within(again.dialog).getByLabelText('Years detecting');
    await waitFor(() => expect(stored).toHaveValue(12));
    expect(within(again.dialog).getByLabelText('Detector model')).toHaveValue('Deus II');
    await again.user.clear(stored);
    await again.user.type(stored, '-3');
    await again.user.click(within(again.dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(again.dialog).findByText(storyMessages.yearsTooLow)).toBeInTheDocument();
    const after = await appFetch(t, () => '')(`/api/users/${me.user.id}/profile`);
    expect(await after.json()).toMatchObject({ yearsDetecting: 12 });
  });

  it("offers Restart tour, where 'Tour skipped' says it is (the achievements page restarts it)", async () => {
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('link', { name: 'Restart tour' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/achievements?tour=restart');
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
