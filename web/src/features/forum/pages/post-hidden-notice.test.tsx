// @vitest-environment jsdom
/**
 * A moderator's hiding on its author's device (docs/moderation.md "Hidden records"), against the real server
 * in process: the author's pull keeps `hiddenByModerator` on the post and comment rows, so the post page
 * and the comment show "Hidden by a moderator: <reason>" with no signal; "Ask for a review" says to try
 * again with signal when offline and puts the post in the queue when online; a restore's pull clears it.
 */
import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hiddenNotice, REVIEW_AFTER_EDIT, REVIEW_ASKED, type QueueItem } from '@schema/contracts/moderation';
import { reviewTexts } from '@web/components/moderation/review';
import { Toaster } from '@web/components/ui/toast';
import { db } from '@web/db/database';
import { PostDetailPage } from './post-detail-page';
import { createSyncEngine } from '@web/sync';
import { appFetch, createTestApp, member, type Member, type TestApp } from '@web/sync/test-utils';
import { official, type TestClient } from '../../../../../sync-server/src/sync/test-fixtures';


let t: TestApp;
let author: Member;
let other: Member;
let boss: TestClient;
let online = true;

beforeAll(async () => {
  t = await createTestApp();
  author = await member(t, 'hidden_author');
  other = await member(t, 'hidden_other');
  boss = await official(t);
  await db.open();
  await db.session.put({ key: 'current', user: author.user, checkedAt: '' });
});
afterAll(() => t.close());

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  const server = appFetch(t, () => author.cookie);
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (!online) throw new TypeError('Failed to fetch');
    return server(input, init);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const as = (who: Member) => async (path: string, body: unknown) => {
  const res = await appFetch(t, () => who.cookie)(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as { id: number; uid: string };
};
const act = async (action: string, entity: string, id: number, reason: string) =>
  expect((await boss.post('/api/moderation/actions', { action, entity, id, reason })).status).toBe(201);

/** The author's device pulls, as the app's engine does. */
async function pull() {
  const engine = createSyncEngine({ db, fetch: appFetch(t, () => author.cookie), isOnline: () => true });
  try {
    await engine.sync();
  } finally {
    engine.dispose();
  }
}

function showPost(id: number) {
  render(
    <MemoryRouter initialEntries={[`/forum/post/${id}`]}>
      <Routes>
        <Route path="/forum/post/:id" element={<PostDetailPage />} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('the hidden notice on the author’s device', () => {
  it('a hidden post shows its notice offline from the device row; asking for a review needs signal', async () => {
    const post = await as(author)('/api/posts', {
      title: 'Finds from Low Farm',
      content: 'The field by the church.',
      categoryId: 1,
      imageUrl: null,
    });
    await act('hide', 'posts', post.id, 'Names a permission');
    await pull();
    expect((await db.posts.get(post.uid))?.hiddenByModerator).toEqual({ reason: 'Names a permission' });

    online = false;
    const user = showPost(post.id);
    const notice = await screen.findByText(hiddenNotice('Names a permission'));
    const box = notice.closest('[role="status"]');
    if (!(box instanceof HTMLElement)) throw new Error('no notice box');
    expect(within(box).getByText(reviewTexts.hint)).toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: reviewTexts.button }));
    expect(await within(box).findByText(reviewTexts.offline)).toBeInTheDocument();

    online = true;
    await user.click(within(box).getByRole('button', { name: reviewTexts.button }));
    expect(await within(box).findByText(reviewTexts.asked)).toBeInTheDocument();
    const queue = (await boss.get('/api/moderation/reports?limit=100')).json as QueueItem[];
    expect(queue.find((i) => i.entity === 'posts' && i.id === post.id)?.notes[0]?.note).toBe(REVIEW_ASKED);

    // The restore re-logs the post: the next pull brings it back without the mark.
    await act('restore', 'posts', post.id, 'Edited');
    await pull();
    const row = await db.posts.get(post.uid);
    expect(row?.title).toBe('Finds from Low Farm');
    expect(row?.hiddenByModerator).toBeUndefined();
  });

  it('its author edits the hidden post with no signal; the sync sends it and asks for a review', async () => {
    const post = await as(author)('/api/posts', {
      title: 'Gate code for Low Farm',
      content: 'Code 4471, nobody checks on Sundays.',
      categoryId: 1,
      imageUrl: null,
    });
    await act('hide', 'posts', post.id, 'Gives away the site');
    await pull();

    online = false;
    const user = showPost(post.id);
    await user.click(await screen.findByRole('button', { name: 'Edit post' }));
    const form = screen.getByRole('form', { name: 'Edit post' });
    await user.clear(within(form).getByLabelText('Title'));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('alert')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Title'), 'Stubble at Low Farm');
    await user.clear(within(form).getByLabelText('Content'));
    await user.type(within(form).getByLabelText('Content'), 'Permission only: ask the farm office first.');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Stubble at Low Farm' })).toBeInTheDocument();
    expect(screen.getByText(hiddenNotice('Gives away the site'))).toBeInTheDocument();
    expect(await db.outbox.where('entity').equals('posts').count()).toBe(1);

    online = true;
    await pull();
    expect(await db.outbox.where('entity').equals('posts').count()).toBe(0);
    const queue = (await boss.get('/api/moderation/reports?limit=100')).json as QueueItem[];
    const item = queue.find((i) => i.entity === 'posts' && i.id === post.id);
    expect(item?.record).toMatchObject({ title: 'Stubble at Low Farm' });
    expect(item?.notes[0]?.note).toBe(REVIEW_AFTER_EDIT);
  });

  it('a hidden comment shows its notice to its writer under someone else’s post', async () => {
    const post = await as(other)('/api/posts', {
      title: 'Which coil for clay',
      content: 'Heavy ground here.',
      categoryId: 1,
      imageUrl: null,
    });
    const comment = await as(author)('/api/comments', { postId: post.id, content: 'Try the big coil' });
    await act('hide', 'comments', comment.id, 'Off topic');
    await pull();
    expect((await db.comments.get(comment.uid))?.hiddenByModerator).toEqual({ reason: 'Off topic' });

    online = false;
    showPost(post.id);
    const item = (await screen.findByText('Try the big coil')).closest('li');
    if (!(item instanceof HTMLElement)) throw new Error('no comment');
    expect(within(item).getByText(hiddenNotice('Off topic'))).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: reviewTexts.button })).toBeInTheDocument();
  });
});
