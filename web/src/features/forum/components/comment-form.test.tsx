// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forumMessages, POST_COMMENT_MAX } from '@schema/contracts/forum';
import { useToastStore } from '@web/components/ui/toast';
import type { LocalPost, LocalPostComment } from '@web/db/database';
import { commentUnder, member, renderWithToaster as renderWith } from '@web/engagement/test-utils';
import { useUiStore } from '@web/lib/ui-store';
import { postEngagement } from '../engagement';
import { CommentItem } from './comment-item';
import { LOGIN_TO_COMMENT, PostComments } from './post-comments';

const writes = vi.hoisted(() => ({
  addComment: vi.fn(async () => 'c1'),
  editComment: vi.fn(async () => undefined),
  deleteComment: vi.fn(async () => undefined),
}));
vi.mock('../hooks/forum-writes', () => writes);
const live = vi.hoisted(
  (): { comments: { state: 'ready'; value: LocalPostComment[] } | { state: 'error'; error: unknown } } => ({
    comments: { state: 'ready', value: [] },
  }),
);
vi.mock('../hooks/use-forum', () => ({ usePostComments: () => live.comments }));
vi.mock('@web/sync', () => ({
  usePendingRecords: () => new Map(),
  // The comments have been read from the server (their pin is hydrated): an empty list is the truth.
  usePinHydrated: () => true,
  useOnlineStatus: () => true,
  StorageFullError: class extends Error {},
}));

const post: LocalPost = {
  id: 4,
  uid: '0192f000-0000-7000-8000-000000000004',
  userId: 9,
  username: 'jo.smith@example.com',
  categoryId: 1,
  categoryName: 'General',
  title: 'Hammered penny',
  content: 'Edward I, found on stubble.',
  imageUrl: null,
  comments: 1,
  views: 3,
  likes: 0,
  created_at: '2024-03-05T10:00:00Z',
};
const comment = (extra: Partial<LocalPostComment> = {}) => commentUnder(postEngagement, post, extra);

beforeEach(() => {
  for (const fn of Object.values(writes)) fn.mockClear();
  live.comments = { state: 'ready', value: [] };
  useUiStore.setState({ authDialog: null });
});
afterEach(() => {
  cleanup();
  useToastStore.setState({ toasts: [] });
});

describe('post comments (docs/product/forum.md#screens, #rules-and-messages)', () => {
  it("refuses an empty or blank comment: 'Please write a comment'", async () => {
    const user = renderWith(<PostComments post={post} user={member} />);
    await user.type(screen.getByLabelText('Add a comment'), '    ');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText(forumMessages.commentRequired)).toBeInTheDocument();
    expect(writes.addComment).not.toHaveBeenCalled();
  });

  it('refuses a comment over the length limit', async () => {
    const user = renderWith(<PostComments post={post} user={member} />);
    await user.click(screen.getByLabelText('Add a comment'));
    await user.paste('x'.repeat(POST_COMMENT_MAX + 1));
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText(forumMessages.commentTooLong)).toBeInTheDocument();
  });

  it("posts the trimmed comment and says 'Comment Posted'", async () => {
    const user = renderWith(<PostComments post={post} user={member} />);
    await user.type(screen.getByLabelText('Add a comment'), '  Nice find!  ');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await waitFor(() => expect(writes.addComment).toHaveBeenCalledWith(member, post, 'Nice find!'));
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ title: forumMessages.commentPosted });
    expect(screen.getByLabelText('Add a comment')).toHaveValue('');
  });

  it('signed out: a prompt to log in that opens the sign-in dialog', async () => {
    const user = renderWith(<PostComments post={post} user={null} />);
    expect(screen.getByText(LOGIN_TO_COMMENT)).toBeInTheDocument();
    expect(screen.queryByLabelText('Add a comment')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(useUiStore.getState().authDialog).toBe('signIn');
  });

  it("shows 'Failed to load comments. Please try again later.' when they cannot be read", () => {
    live.comments = { state: 'error', error: new Error('IndexedDB refused') };
    renderWith(<PostComments post={post} user={member} />);
    expect(screen.getByRole('alert')).toHaveTextContent(forumMessages.commentsLoadFailed);
  });
});

describe('a comment: Edit and Delete for its owner', () => {
  it('edits: Save disabled while empty, Cancel restores the text, Save stores it', async () => {
    const user = renderWith(
      <ul>
        <CommentItem comment={comment()} user={member} pending={undefined} />
      </ul>,
    );
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const field = screen.getByLabelText('Edit comment');
    await user.clear(field);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(field, '   ');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Lovely coin')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Edit comment'));
    await user.type(screen.getByLabelText('Edit comment'), ' Lovely coin, Edward I ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(writes.editComment).toHaveBeenCalledWith(member, comment(), 'Lovely coin, Edward I'),
    );
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ title: forumMessages.commentUpdated });
  });

  it("deletes with 'Deleted'", async () => {
    const user = renderWith(
      <ul>
        <CommentItem comment={comment()} user={member} pending={undefined} />
      </ul>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes.deleteComment).toHaveBeenCalled());
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ title: forumMessages.commentDeleted });
  });

  it('offers nothing to other members; the official account may delete (moderator) but not edit; names are masked', () => {
    renderWith(
      <ul>
        <CommentItem
          comment={comment({ userId: 9, username: 'jo.smith@example.com' })}
          user={member}
          pending={undefined}
        />
        <CommentItem
          comment={comment({ uid: 'x2', userId: 9, username: 'questor' })}
          user={{ ...member, id: 1, username: 'DigQuestor' }}
          pending={undefined}
        />
      </ul>,
    );
    const [other, moderated] = screen.getAllByRole('listitem');
    expect(other).toHaveTextContent('jo.***@e***.com');
    expect(other).not.toHaveTextContent('Edit');
    expect(other).not.toHaveTextContent('Delete');
    expect(moderated).toHaveTextContent('Delete');
    expect(moderated).not.toHaveTextContent('Edit');
    // 'Top Poster' comes from GET /api/badges, never from a name containing 'quest'.
    expect(moderated).not.toHaveTextContent('Top Poster');
  });
});
