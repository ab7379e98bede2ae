// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findMessages } from '@schema/contracts/finds';
import type { SelfUser } from '@schema/contracts/users';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import type { LocalFind } from '@web/db/database';
import { EditFindDialog } from './edit-find-dialog';
import { ShareFindDialog } from './share-find-dialog';

// Writing goes to IndexedDB through the sync layer (tested in web/src/sync); here: the form's rules.
const writes = vi.hoisted(() => ({
  createFind: vi.fn(async () => '0192f000-0000-7000-8000-000000000001'),
  updateFind: vi.fn(async () => undefined),
}));
vi.mock('../hooks/find-writes', () => writes);

const member: SelfUser = {
  id: 7,
  username: 'relic_hunter',
  email: 'r@example.com',
  avatarUrl: '',
  bio: null,
  created_at: '2024-03-05T10:00:00Z',
  isEmailVerified: true,
};
const jpeg = (bytes = 2048) => new File([new Uint8Array(bytes)], 'find.jpg', { type: 'image/jpeg' });

/** The dialog with its form, which loads on first show (lazy-find-form.tsx). */
async function renderShare() {
  render(
    <MemoryRouter>
      <ShareFindDialog user={member} open onOpenChange={() => undefined} />
      <Toaster />
    </MemoryRouter>,
  );
  await screen.findByLabelText('Title');
  return userEvent.setup({ applyAccept: false });
}

beforeEach(() => {
  writes.createFind.mockClear();
  writes.updateFind.mockClear();
});
afterEach(() => {
  cleanup();
  useToastStore.setState({ toasts: [] });
});

describe('Share Your Find (docs/product/finds.md#rules-and-messages)', () => {
  it('reports the title, location and image rules with the spec messages', async () => {
    const user = await renderShare();
    await user.click(screen.getByRole('button', { name: 'Share Find' }));
    expect(await screen.findByText(findMessages.titleTooShort)).toBeInTheDocument();
    expect(screen.getByText(findMessages.locationRequired)).toBeInTheDocument();
    expect(screen.getByText(findMessages.imageRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(writes.createFind).not.toHaveBeenCalled();
  });

  it('limits the title to 100 characters and the location to at least 2', async () => {
    const user = await renderShare();
    await user.type(screen.getByLabelText('Title'), 'x'.repeat(101));
    await user.type(screen.getByLabelText('Location'), 'N');
    await user.click(screen.getByRole('button', { name: 'Share Find' }));
    expect(await screen.findByText(findMessages.titleTooLong)).toBeInTheDocument();
    expect(screen.getByText(findMessages.locationRequired)).toBeInTheDocument();
  });

  it("refuses other image types: 'Invalid File Type' / 'Please upload a JPG or PNG image.'", async () => {
    const user = await renderShare();
    await user.upload(
      screen.getByLabelText('Photo'),
      new File(['GIF89a'], 'find.gif', { type: 'image/gif' }),
    );
    expect((await screen.findAllByText(findMessages.invalidFileType)).length).toBeGreaterThan(0);
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
      title: findMessages.invalidFileTypeTitle,
      description: findMessages.invalidFileType,
    });
  });

  it("says 'File Too Large' only when a photo over 5 MB cannot be downsized", async () => {
    const user = await renderShare();
    // jsdom cannot decode images, so downsizing fails here as it would for a corrupt photo.
    await user.upload(screen.getByLabelText('Photo'), jpeg(5 * 1024 * 1024 + 1));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
        title: findMessages.fileTooLargeTitle,
        description: findMessages.fileTooLarge,
      }),
    );
    expect(screen.getAllByText(findMessages.fileTooLarge).length).toBeGreaterThan(0);
  });

  it("saves with period Unknown by default, stays open and asks 'Add Another Find?'", async () => {
    const user = await renderShare();
    await user.type(screen.getByLabelText('Title'), '  Roman denarius ');
    await user.type(screen.getByLabelText('Location'), 'Norfolk, UK');
    await user.upload(screen.getByLabelText('Photo'), jpeg());
    await user.click(await screen.findByRole('button', { name: 'Share Find' }));

    expect(await screen.findByRole('heading', { name: 'Add Another Find?' })).toBeInTheDocument();
    expect(writes.createFind).toHaveBeenCalledWith(
      member,
      { title: 'Roman denarius', description: '', location: 'Norfolk, UK', period: 'Unknown' },
      expect.objectContaining({ mime: 'image/jpeg', resized: false }),
    );
    // Nothing has left the device yet: the notice says where the find is, not that it was uploaded.
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
      title: 'Find saved',
      description: 'Saved on this device. It will be shared with the community once it has synced.',
    });
    expect(screen.getByText('Saved on this device, waiting to sync.')).toBeInTheDocument();
    expect(screen.queryByText(/Find Uploaded Successfully/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Another Find' }));
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByRole('heading', { name: 'Share Your Find' })).toBeInTheDocument();
  });

  it('keeps the find spot as numbers and refuses half a position', async () => {
    const user = await renderShare();
    await user.type(screen.getByLabelText('Title'), 'Buckle');
    await user.type(screen.getByLabelText('Location'), 'Kent');
    await user.type(screen.getByLabelText('Latitude'), '51.2');
    await user.upload(screen.getByLabelText('Photo'), jpeg());
    await user.click(screen.getByRole('button', { name: 'Share Find' }));
    expect(await screen.findByText(findMessages.coordinatesTogether)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Longitude'), '1.05');
    await user.click(screen.getByRole('button', { name: 'Share Find' }));
    await waitFor(() =>
      expect(writes.createFind).toHaveBeenCalledWith(
        member,
        expect.objectContaining({ latitude: 51.2, longitude: 1.05 }),
        expect.anything(),
      ),
    );
  });
});

describe('Edit find (docs/product/finds.md#rules-and-messages)', () => {
  const find: LocalFind = {
    id: 3,
    uid: '0192f000-0000-7000-8000-000000000003',
    userId: member.id,
    username: member.username,
    title: 'Hammered penny',
    description: 'Edward I',
    location: 'Suffolk, UK',
    period: 'Medieval',
    imageUrl: '/uploads/a.webp',
    thumbUrl: '/uploads/a-thumb.webp',
    likes: 0,
    commentCount: 0,
    created_at: '2024-03-05T10:00:00Z',
  };

  it("needs no new photo, reads 'Updating...' while saving, and sends the edit", async () => {
    let finish: () => void = () => undefined;
    writes.updateFind.mockImplementationOnce(
      () => new Promise<undefined>((resolve) => (finish = () => resolve(undefined))),
    );
    const onClose = vi.fn();
    render(
      <MemoryRouter>
        <EditFindDialog find={find} user={member} onClose={onClose} />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Hammered halfpenny');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
    finish();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes.updateFind).toHaveBeenCalledWith(
      member,
      find,
      expect.objectContaining({ title: 'Hammered halfpenny', period: 'Medieval', latitude: null }),
      null,
    );
  });

  it("tells a non-owner 'You can only edit your own finds.' and a visitor to log in", () => {
    const { rerender } = render(
      <MemoryRouter>
        <EditFindDialog find={find} user={{ ...member, id: 99 }} onClose={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: findMessages.permissionDeniedTitle })).toBeInTheDocument();
    expect(screen.getByText(findMessages.notOwner)).toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <EditFindDialog find={find} user={null} onClose={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: findMessages.authRequiredTitle })).toBeInTheDocument();
    expect(screen.getByText(findMessages.loginToEdit)).toBeInTheDocument();
  });
});

describe('after sharing, the dialog says where the find is', () => {
  it('on the device until the server has it; uploaded once it has an id and nothing waits; refused', async () => {
    const { savedFindState } = await import('./share-find-dialog');
    expect(savedFindState(undefined, undefined)).toBe('on-device');
    expect(savedFindState({ id: null }, undefined)).toBe('on-device');
    expect(savedFindState({ id: 12 }, 'waiting')).toBe('on-device');
    expect(savedFindState({ id: 12 }, undefined)).toBe('uploaded');
    expect(savedFindState({ id: null }, 'rejected')).toBe('refused');
  });
});
