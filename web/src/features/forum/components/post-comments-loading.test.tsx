// @vitest-environment jsdom
/**
 * A post's comments on a first visit (docs/product/forum.md#screens): the header says "2 comments" before
 * the device holds them, so the list shows it is loading — not "No comments yet" — until the engine has
 * read the post's comments (its pin is hydrated, web/src/sync/README.md C15). Real Dexie, no mocks.
 */
import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type LocalPost } from '@web/db/database';
import { commentUnder, member } from '@web/engagement/test-utils';
import { postEngagement } from '../engagement';
import { PostComments } from './post-comments';

const post: LocalPost = {
  id: 4,
  uid: '0192f000-0000-7000-8000-000000000004',
  userId: 9,
  username: 'finder',
  categoryId: 1,
  categoryName: 'General',
  title: 'Hammered penny',
  content: 'Edward I, found on stubble.',
  imageUrl: null,
  comments: 2,
  views: 3,
  likes: 0,
  created_at: '2024-03-05T10:00:00Z',
};
const NO_COMMENTS = 'No comments yet. Be the first to comment.';

beforeEach(async () => {
  await db.open();
  await Promise.all([db.comments.clear(), db.pins.clear(), db.posts.clear()]);
  await db.posts.put(post);
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});

const renderComments = () =>
  render(
    <MemoryRouter>
      <PostComments post={post} user={member} />
    </MemoryRouter>,
  );

describe('a post page on a first visit', () => {
  it('shows loading, with the post’s count, until its comments arrive; never "No comments yet" meanwhile', async () => {
    await db.pins.put({ entity: 'posts', uid: post.uid, reason: 'opened', lastUsedAt: 1, hydrated: false });
    renderComments();
    expect(await screen.findByText('Loading comments…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeInTheDocument();
    expect(screen.queryByText(NO_COMMENTS)).not.toBeInTheDocument();

    // The engine reads the post's comments and marks its pin hydrated.
    await db.comments.bulkPut([
      commentUnder(postEngagement, post, { uid: '0192f000-0000-7000-8000-0000000000c1', content: 'First!' }),
      commentUnder(postEngagement, post, { uid: '0192f000-0000-7000-8000-0000000000c2', content: 'Lovely.' }),
    ]);
    await db.pins.update(['posts', post.uid], { hydrated: true });
    expect(await screen.findByText('Lovely.')).toBeInTheDocument();
    expect(screen.queryByText('Loading comments…')).not.toBeInTheDocument();
  });

  it('once read, an empty list is the truth: "No comments yet"', async () => {
    await db.pins.put({ entity: 'posts', uid: post.uid, reason: 'opened', lastUsedAt: 1, hydrated: true });
    renderComments();
    expect(await screen.findByText(NO_COMMENTS)).toBeInTheDocument();
  });

  it('offline, says the comments need a connection rather than loading for ever', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await db.pins.put({ entity: 'posts', uid: post.uid, reason: 'opened', lastUsedAt: 1, hydrated: false });
    renderComments();
    expect(await screen.findByText('The comments will show when you are back online.')).toBeInTheDocument();
    expect(screen.queryByText(NO_COMMENTS)).not.toBeInTheDocument();
  });
});
