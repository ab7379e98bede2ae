// @vitest-environment jsdom
/**
 * /wellbeing/stories/{id} (docs/product/stories.md "Screens") against the real server in process: a story
 * the device does not hold is read from the server; a missing one is 'Story Not Found'; the whole story in
 * plain text; likes and comments through the engagement module, offline and queued; the author deletes with
 * confirmation and is taken back to the hub.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storyMessages, type Story } from '@schema/contracts/stories';
import type { SelfUser } from '@schema/contracts/users';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import { db, type LocalStory } from '@web/db/database';
import { createTestApp, signedIn, type TestApp } from '@web/sync/test-utils';
import { StoryPage } from './story-page';

// Local writes and lazy dialogs take longer when the machine is busy (both engines run in parallel).

let t: TestApp;
let author: SelfUser;
let story: Story;

const asSelf = (user: { id: number; username: string }): SelfUser => ({
  id: user.id,
  username: user.username,
  email: `${user.username}@example.com`,
  avatarUrl: '',
  bio: null,
  created_at: '2024-03-05T10:00:00Z',
  isEmailVerified: true,
});
const reader = asSelf({ id: 77, username: 'reader' });

beforeAll(async () => {
  t = await createTestApp();
  const a = await signedIn(t, 'storyteller');
  author = asSelf(a.user);
  const res = await a.client.post('/api/stories', {
    content: 'A long winter, and then the first morning back on the fields.\nI cried a bit, honestly.',
    yearsDetecting: 7,
  });
  story = res.json as Story;
});
afterAll(() => t.close());

let online = true;
/** Requests a test left running: their answers are written to the device after it ends. */
const inflight = new Set<Promise<unknown>>();
beforeEach(async () => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (!online) throw new TypeError('Failed to fetch');
    const answer = Promise.resolve(t.app.request(input, init));
    inflight.add(answer);
    return answer.finally(() => inflight.delete(answer));
  });
  await db.open();
  await Promise.all(
    [db.stories, db.story_comments, db.story_likes, db.pins, db.outbox].map((table) => table.clear()),
  );
  await db.session.put({ key: 'current', user: null, checkedAt: '' });
  await db.sync_state.put({
    key: 'pull',
    cursors: {},
    viewerId: null,
    entities: '',
    lastSyncedAt: '2024-03-09T00:00:00Z',
  });
});
afterEach(async () => {
  // A read still on its way (the story, its comments) would land in the next test's device state.
  await Promise.allSettled([...inflight]);
  await new Promise((resolve) => setTimeout(resolve, 100));
  useToastStore.setState({ toasts: [] });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/wellbeing/stories/:id" element={<StoryPage />} />
        <Route path="/wellbeing" element={<h1>Hub</h1>} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const hold = () => db.stories.put({ ...story } satisfies LocalStory);

describe('/wellbeing/stories/{id}', () => {
  it('a story this device does not hold is read from the server, whole and as plain text', async () => {
    renderAt(`/wellbeing/stories/${story.id}`);
    const card = await screen.findByRole('article', { name: 'Story by storyteller' }, { timeout: 5000 });
    const text = within(card).getByText(/A long winter/);
    expect(text.textContent).toContain('\nI cried a bit');
    expect(text).not.toHaveClass('line-clamp-6');
    expect(within(card).getByText(/7 years detecting/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments (0)' })).toBeInTheDocument();
    expect(screen.getByText(storyMessages.loginToComment)).toBeInTheDocument();
    expect(await db.stories.get(story.uid)).toMatchObject({ id: story.id });
  });

  it('a missing story is Story Not Found, with the way back', async () => {
    online = false;
    renderAt('/wellbeing/stories/999999');
    expect(await screen.findByRole('heading', { name: storyMessages.notFound })).toBeInTheDocument();
    expect(
      screen.getByText(new RegExp(storyMessages.notFoundText.replace(/[.?']/g, '.'))),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Wellbeing' })).toHaveAttribute('href', '/wellbeing');
  });

  it('offline, a member likes and comments: both show at once and are queued', async () => {
    online = false;
    await hold();
    await db.session.put({ key: 'current', user: reader, checkedAt: '' });
    const user = renderAt(`/wellbeing/stories/${story.uid}`);
    // The comment box shows once the page knows who is signed in; a like pressed before that asks to sign in.
    await screen.findByRole('textbox', {}, { timeout: 5000 });
    const like = await screen.findByRole('button', { name: 'Like the story by storyteller, 0 likes' });
    await waitFor(() => expect(like).toBeEnabled());
    await user.click(like);
    expect(
      await screen.findByRole(
        'button',
        { name: 'Unlike the story by storyteller, 1 like' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox'), 'Thank you for writing this.');
    await user.click(screen.getByRole('button', { name: /Post|Comment/ }));
    expect(await screen.findByText('Thank you for writing this.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Comments (1)' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const queued = await db.outbox.toArray();
    expect(queued.map((m) => [m.entity, m.op])).toEqual([
      ['story_likes', 'create'],
      ['story_comments', 'create'],
    ]);
    expect(queued[1]?.payload).toEqual({ storyUid: story.uid, content: 'Thank you for writing this.' });
  });

  it('the author deletes the story with confirmation and is back on the hub', async () => {
    online = false;
    await hold();
    await db.session.put({ key: 'current', user: author, checkedAt: '' });
    const user = renderAt(`/wellbeing/stories/${story.id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Story' }, { timeout: 5000 });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Hub' }, { timeout: 5000 })).toBeInTheDocument();
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ title: storyMessages.deleted });
    expect(await db.stories.get(story.uid)).toBeUndefined();
    await waitFor(async () =>
      expect((await db.outbox.toArray()).map((m) => [m.entity, m.op])).toEqual([['stories', 'delete']]),
    );
  });
});
