// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forumMessages } from '@schema/contracts/forum';
import type { SelfUser } from '@schema/contracts/users';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import { NewPostDialog } from './new-post-dialog';

// Writing goes to IndexedDB through the sync layer (tested in forum-sync.test.ts); here: the form's rules.
const writes = vi.hoisted(() => ({
  createPost: vi.fn(async (..._args: unknown[]) => '0192f000-0000-7000-8000-000000000001'),
}));
vi.mock('../hooks/forum-writes', () => writes);
const categories = [
  { id: 1, name: 'General Discussion', slug: 'general', description: null, icon: null, count: 3 },
  { id: 2, name: 'Finds & Identification', slug: 'finds', description: null, icon: null, count: 0 },
];
vi.mock('../hooks/use-forum', () => ({ useCategories: () => ({ state: 'ready', value: categories }) }));

const member: SelfUser = {
  id: 7,
  username: 'relic_hunter',
  email: 'r@example.com',
  avatarUrl: '',
  bio: null,
  created_at: '2024-03-05T10:00:00Z',
  isEmailVerified: true,
};
const onOpenChange = vi.fn();

function renderDialog() {
  render(
    <MemoryRouter>
      <NewPostDialog user={member} open onOpenChange={onOpenChange} />
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup({ applyAccept: false });
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Title'), '  Hammered penny ');
  await user.selectOptions(screen.getByLabelText('Category'), 'General Discussion');
  await user.type(screen.getByLabelText('Content'), 'Edward I, found on stubble.');
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  writes.createPost.mockClear();
  onOpenChange.mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useToastStore.setState({ toasts: [] });
});

describe('New Post (docs/product/forum.md#rules-and-messages)', () => {
  it('reports the title, content and category rules with the spec messages', async () => {
    const user = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText(forumMessages.titleTooShort)).toBeInTheDocument();
    expect(screen.getByText(forumMessages.contentTooShort)).toBeInTheDocument();
    expect(screen.getByText(forumMessages.categoryRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(writes.createPost).not.toHaveBeenCalled();
  });

  it('counts trimmed text: 5–100 characters of title, at least 10 of content', async () => {
    const user = renderDialog();
    await user.type(screen.getByLabelText('Title'), '  abcd   ');
    await user.type(screen.getByLabelText('Content'), '  123456789  ');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText(forumMessages.titleTooShort)).toBeInTheDocument();
    expect(screen.getByText(forumMessages.contentTooShort)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText(forumMessages.titleTooLong)).toBeInTheDocument();
  });

  it("refuses a non-image file: 'Invalid file type' / 'Please select an image file'", async () => {
    const user = renderDialog();
    await user.upload(
      screen.getByLabelText('Image (optional)'),
      new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
    );
    expect(
      await screen.findByText(forumMessages.invalidFileType, { selector: '[role=alert]' }),
    ).toBeInTheDocument();
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
      title: forumMessages.invalidFileTypeTitle,
      description: forumMessages.invalidFileType,
    });
  });

  it("refuses an image over 5 MB: 'File too large' / 'Please select an image smaller than 5MB'", async () => {
    const user = renderDialog();
    await user.upload(
      screen.getByLabelText('Image (optional)'),
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }),
    );
    expect(
      await screen.findByText(forumMessages.fileTooLarge, { selector: '[role=alert]' }),
    ).toBeInTheDocument();
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
      title: forumMessages.fileTooLargeTitle,
      description: forumMessages.fileTooLarge,
    });
  });

  it('creates the post with trimmed values, says it is saved on this device, then closes', async () => {
    const user = renderDialog();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    await waitFor(() =>
      expect(writes.createPost).toHaveBeenCalledWith(
        member,
        { title: 'Hammered penny', content: 'Edward I, found on stubble.', categoryId: 1 },
        null,
      ),
    );
    // Online too: the write is local, so the notice must not claim the post is already in the forum.
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
      title: 'Post saved',
      description: 'Saved on this device. It will be posted to the forum once it has synced.',
    });
    expect(screen.queryByText(forumMessages.postCreated)).not.toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('online: uploads the image first and names its URL', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ imageUrl: `/uploads/${'a'.repeat(64)}.webp` }), { status: 201 }),
    );
    const user = renderDialog();
    await fillValid(user);
    await user.upload(
      screen.getByLabelText('Image (optional)'),
      new File([new Uint8Array(64)], 'coin.jpg', { type: 'image/jpeg' }),
    );
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    await waitFor(() => expect(writes.createPost).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/upload-image');
    expect(writes.createPost.mock.calls[0]).toEqual([
      member,
      expect.anything(),
      { kind: 'uploaded', imageUrl: `/uploads/${'a'.repeat(64)}.webp` },
    ]);
  });

  it("online: a failed upload creates the post without the image and says 'Image upload failed'", async () => {
    fetchMock.mockResolvedValue(new Response('{"error":"boom"}', { status: 500 }));
    const user = renderDialog();
    await fillValid(user);
    await user.upload(
      screen.getByLabelText('Image (optional)'),
      new File([new Uint8Array(64)], 'coin.jpg', { type: 'image/jpeg' }),
    );
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    await waitFor(() => expect(writes.createPost).toHaveBeenCalled());
    expect(writes.createPost.mock.calls[0]?.[2]).toBeNull();
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
      title: forumMessages.imageUploadFailedTitle,
      description: forumMessages.imageUploadFailed,
    });
  });

  it('offline: keeps the image on the device for the sync engine (imageSha256)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const user = renderDialog();
    await fillValid(user);
    const file = new File([new Uint8Array(64)], 'coin.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Image (optional)'), file);
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    await waitFor(() => expect(writes.createPost).toHaveBeenCalled());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(writes.createPost.mock.calls[0]?.[2]).toEqual({ kind: 'local', blob: file, mime: 'image/jpeg' });
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
      title: 'Post saved',
      description: 'Saved on this device. It will be posted to the forum once it has synced.',
    });
  });
});
