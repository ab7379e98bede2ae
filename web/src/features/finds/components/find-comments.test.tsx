// @vitest-environment jsdom
/**
 * Finds through the engagement module keep the finds' own rules and texts (docs/product/finds.md): 3–1000
 * character comments, only the writer edits, the writer or the moderator deletes, the heart's notices.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIND_COMMENT_MAX, findMessages } from '@schema/contracts/finds';
import { useToastStore } from '@web/components/ui/toast';
import type { LocalFind, LocalFindComment } from '@web/db/database';
import { commentUnder, member, renderWithToaster as renderWith } from '@web/engagement/test-utils';
import { useUiStore } from '@web/lib/ui-store';
import { findEngagement } from '../engagement';
import { FindComments } from './find-comments';
import { LikeButton } from './like-button';

const writes = vi.hoisted(() => ({
  addComment: vi.fn(async () => 'c1'),
  editComment: vi.fn(async () => undefined),
  deleteComment: vi.fn(async () => undefined),
  setLiked: vi.fn(async () => undefined),
}));
vi.mock('../hooks/find-writes', () => writes);
const live = vi.hoisted((): { comments: { state: 'ready'; value: LocalFindComment[] } } => ({
  comments: { state: 'ready', value: [] },
}));
vi.mock('../hooks/use-finds', () => ({ useFindComments: () => live.comments, useOwnLike: () => false }));
vi.mock('@web/sync', () => ({
  usePendingRecords: () => new Map(),
  // The comments have been read from the server (their pin is hydrated): an empty list is the truth.
  usePinHydrated: () => true,
  useOnlineStatus: () => true,
  useInflight: () => false,
  StorageFullError: class extends Error {},
}));

const find: LocalFind = {
  id: 4,
  uid: '0192f000-0000-7000-8000-000000000004',
  userId: 9,
  username: 'finder',
  title: 'Roman denarius',
  description: 'Silver',
  location: 'Norfolk, UK',
  period: 'Roman',
  imageUrl: '/uploads/x.webp',
  thumbUrl: '/uploads/x-thumb.webp',
  likes: 2,
  commentCount: 1,
  created_at: '2024-03-05T10:00:00Z',
};
/** By default another member's comment, with an e-mail-like name. */
const comment = (extra: Partial<LocalFindComment> = {}) =>
  commentUnder(findEngagement, find, { userId: 9, username: 'jo.smith@example.com', ...extra });

beforeEach(() => {
  for (const fn of Object.values(writes)) fn.mockClear();
  live.comments = { state: 'ready', value: [] };
  useUiStore.setState({ authDialog: null });
});
afterEach(() => useToastStore.setState({ toasts: [] }));

describe('find comments (docs/product/finds.md)', () => {
  it.each([
    ['under 3 characters', ' ab ', findMessages.commentTooShort],
    ['over 1000 characters', 'x'.repeat(FIND_COMMENT_MAX + 1), findMessages.commentTooLong],
  ])('refuses a comment %s with the finds message', async (_, text, message) => {
    const user = renderWith(<FindComments find={find} user={member} />);
    await user.click(screen.getByLabelText('Add a comment'));
    await user.paste(text);
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(writes.addComment).not.toHaveBeenCalled();
  });

  it("posts the trimmed comment and says 'Comment Posted'; the empty list invites the first one", async () => {
    const user = renderWith(<FindComments find={find} user={member} />);
    expect(screen.getByText('No comments yet. Be the first to say something.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Add a comment'), '  Nice find!  ');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await waitFor(() => expect(writes.addComment).toHaveBeenCalledWith(member, find, 'Nice find!'));
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ title: 'Comment Posted' });
  });

  it('signed out: the finds prompt, which opens the sign-in dialog', async () => {
    const user = renderWith(<FindComments find={find} user={null} />);
    expect(screen.getByText(findMessages.loginToComment)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(useUiStore.getState().authDialog).toBe('signIn');
  });

  it('only the writer may edit; the official account may delete a find comment as moderator', async () => {
    live.comments = { state: 'ready', value: [comment(), comment({ uid: 'x2', userId: 7 })] };
    renderWith(<FindComments find={find} user={{ ...member, id: 1, username: 'DigQuestor' }} />);
    const [other] = screen.getAllByRole('listitem');
    if (!other) throw new Error('the other member’s comment is listed');
    expect(other).toHaveTextContent('jo.***@e***.com');
    expect(within(other).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it("the writer deletes with 'Deleted'", async () => {
    live.comments = { state: 'ready', value: [comment({ userId: 7 })] };
    const user = renderWith(<FindComments find={find} user={member} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes.deleteComment).toHaveBeenCalledWith(member, comment({ userId: 7 })));
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ title: 'Deleted' });
  });
});

describe('the like button on a find', () => {
  it("signed out: 'Authentication Required' and the sign-in dialog", async () => {
    const user = renderWith(<LikeButton find={find} user={null} liked={false} inflight={false} />);
    await user.click(screen.getByRole('button', { name: 'Like Roman denarius, 2 likes' }));
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
      title: findMessages.authRequiredTitle,
      description: findMessages.loginToLike,
    });
    expect(useUiStore.getState().authDialog).toBe('signIn');
    expect(writes.setLiked).not.toHaveBeenCalled();
  });

  it("likes with 'Find Liked!' and is disabled while the like is on its way", async () => {
    const user = renderWith(<LikeButton find={find} user={member} liked={false} inflight={false} />);
    await user.click(screen.getByRole('button', { name: 'Like Roman denarius, 2 likes' }));
    await waitFor(() => expect(writes.setLiked).toHaveBeenCalledWith(member, find, true));
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ title: 'Find Liked!' });
  });

  it('a queued like is pressed and cannot be sent twice', () => {
    renderWith(<LikeButton find={find} user={member} liked inflight />);
    const button = screen.getByRole('button', { name: 'Unlike Roman denarius, 2 likes' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toBeDisabled();
  });
});
