// @vitest-environment jsdom
/**
 * /wellbeing (docs/product/stories.md "Screens") against the real server in process: skeletons before the
 * first sync; with nothing yet, the sample stories and the three sample events; with stories, the cards
 * newest first (author, years, date, plain text with its line breaks, likes and comments) and their
 * continuation from the server; Share Your Story disabled with its reason signed out, and for a member the
 * dialog's messages, 'Story Shared' and the story at once, waiting to sync; editing and deleting one's own;
 * upcoming events from the device; Register for Events; the help lines.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '@schema/contracts/events';
import { storyMessages, type Story } from '@schema/contracts/stories';
import type { SelfUser } from '@schema/contracts/users';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import { db, type LocalEvent, type LocalStory } from '@web/db/database';
import { forgetRemoteLists } from '@web/sync/remote-lists';
import { createTestApp, signedIn, type TestApp } from '@web/sync/test-utils';
import { WellbeingPage } from './wellbeing-page';

// Local writes and lazy dialogs take longer when the machine is busy (both engines run in parallel).

let t: TestApp;
let author: SelfUser;
const stories: Story[] = [];
let event: Event;

beforeAll(async () => {
  t = await createTestApp();
  const a = await signedIn(t, 'storyteller');
  author = {
    id: a.user.id,
    username: a.user.username,
    email: `${a.user.username}@example.com`,
    avatarUrl: '',
    bio: null,
    created_at: '',
    isEmailVerified: true,
  } satisfies SelfUser;
  const texts = [
    'The oldest story: my first rally, rain all day and still grinning.',
    'Middle story with <b>markup</b> and https://example.com/click-me\nSecond line stays a line.',
    'The newest story: dawn on the stubble, larks, and a quiet head for once.',
  ];
  for (const [i, content] of texts.entries()) {
    const res = await a.client.post('/api/stories', { content, yearsDetecting: i === 1 ? null : i + 1 });
    stories.unshift(res.json as Story);
  }
  const created = await a.client.post('/api/events', {
    title: 'Wellbeing walk and detect',
    location: 'Thetford Forest',
    eventDate: new Date(Date.now() + 5 * 86_400_000).toISOString(),
  });
  event = created.json as Event;
});
afterAll(() => t.close());

let online = true;
beforeEach(async () => {
  online = true;
  forgetRemoteLists();
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (!online) throw new TypeError('Failed to fetch');
    return t.app.request(input, init);
  });
  await db.open();
  await Promise.all(
    [db.stories, db.story_likes, db.events, db.pins, db.outbox].map((table) => table.clear()),
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
afterEach(() => {
  useToastStore.setState({ toasts: [] });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const holdAll = () => db.stories.bulkPut(stories.map((s) => ({ ...s }) satisfies LocalStory));

function renderPage() {
  render(
    <MemoryRouter>
      <WellbeingPage />
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const storiesRegion = () => screen.getByRole('region', { name: 'Community stories' });
const cards = () => within(storiesRegion()).queryAllByRole('article');

describe('/wellbeing', () => {
  it('benefits, getting started, help lines and Register for Events, warmly worded', async () => {
    online = false;
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Wellbeing Hub' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mental benefits' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Physical benefits' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Getting started' })).toBeInTheDocument();
    const help = screen.getByRole('region', { name: 'If you are finding things hard' });
    expect(within(help).getByRole('link', { name: 'Call 116 123' })).toHaveAttribute('href', 'tel:116123');
    expect(within(help).getByRole('link', { name: 'Text SHOUT to 85258' })).toBeInTheDocument();
    expect(within(help).getByText('Mind')).toBeInTheDocument();
    expect(within(help).getByText('Samaritans')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register for Events' })).toHaveAttribute('href', '/events');
  });

  it('before the first sync: skeletons, not "no stories"', async () => {
    await db.sync_state.put({ key: 'pull', cursors: {}, viewerId: null, entities: '', lastSyncedAt: null });
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    renderPage();
    await waitFor(() => expect(storiesRegion().querySelector('[aria-hidden="true"]')).not.toBeNull());
    expect(within(storiesRegion()).queryByText(/No stories yet/)).toBeNull();
  });

  it('with no stories and no events: the sample stories and the three sample events, marked as examples', async () => {
    online = false;
    renderPage();
    const samples = await screen.findByRole('list', { name: 'Example stories' });
    expect(within(samples).getAllByText('Example')).toHaveLength(3);
    expect(screen.getByText(/No stories yet/)).toBeInTheDocument();
    const events = await screen.findByRole('list', { name: 'Example events' });
    expect(within(events).getByText(/15 June/)).toBeInTheDocument();
    expect(within(events).getByText(/10 July/)).toBeInTheDocument();
    expect(within(events).getByText(/24 July/)).toBeInTheDocument();
  });

  it('stories newest first, with author, years, date, counts and safe plain text; real events replace the samples', async () => {
    online = false;
    await holdAll();
    await db.events.put({ ...event } satisfies LocalEvent);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(cards()[0]).toHaveTextContent('The newest story');
    expect(cards()[2]).toHaveTextContent('The oldest story');
    const newest = cards()[0] ?? expect.fail('no card');
    expect(within(newest).getByText(author.username)).toBeInTheDocument();
    expect(within(newest).getByText(/3 years detecting/)).toBeInTheDocument();
    expect(within(newest).getByRole('link', { name: 'Comments (0)' })).toHaveAttribute(
      'href',
      `/wellbeing/stories/${stories[0]?.id}#comments`,
    );
    expect(
      within(newest).getByRole('button', { name: 'Like the story by storyteller, 0 likes' }),
    ).toBeInTheDocument();
    // Short stories show whole: nothing to read on for.
    expect(within(newest).queryByRole('link', { name: 'Read the whole story' })).toBeNull();
    const middle = cards()[1] ?? expect.fail('no card');
    const text = within(middle).getByText(/Middle story/);
    // Markup stays text, a web address is not a link, and the line break is kept.
    expect(middle.querySelector('b')).toBeNull();
    expect(text.textContent).toContain('<b>markup</b>');
    expect(within(middle).queryByRole('link', { name: /example\.com/ })).toBeNull();
    expect(text.textContent).toContain('\nSecond line');
    expect(text).toHaveClass('whitespace-pre-line');
    expect(within(middle).queryByText(/years detecting/)).toBeNull();
    const upcoming = await screen.findByRole('list', { name: 'Upcoming events' });
    expect(within(upcoming).getByRole('link', { name: 'Wellbeing walk and detect' })).toHaveAttribute(
      'href',
      `/events/${event.id}`,
    );
    expect(screen.queryByRole('list', { name: 'Example events' })).toBeNull();
    expect(await screen.findByText('Older stories need a connection')).toBeInTheDocument();
  });

  it('online, stories the device does not hold come from the server and are kept for offline', async () => {
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(await db.stories.count()).toBe(3);
  });

  it('signed out, Share Your Story is disabled and says why', async () => {
    online = false;
    renderPage();
    expect(await within(storiesRegion()).findByText(storyMessages.loginToShare)).toBeInTheDocument();
    expect(within(storiesRegion()).getByRole('button', { name: 'Share Your Story' })).toBeDisabled();
  });

  it('a member shares a story offline: the messages, then Story Shared and the story at once, waiting to sync', async () => {
    online = false;
    await db.session.put({ key: 'current', user: author, checkedAt: '' });
    const user = renderPage();
    const share = await within(storiesRegion()).findByRole('button', { name: 'Share Your Story' });
    await waitFor(() => expect(share).toBeEnabled());
    await user.click(share);
    const dialog = await screen.findByRole('dialog', { name: 'Share Your Story' }, { timeout: 5000 });
    await user.type(within(dialog).getByLabelText('Your story'), 'Too short');
    await user.type(within(dialog).getByLabelText('Years detecting (optional)'), '-2');
    await user.click(within(dialog).getByRole('button', { name: 'Share Story' }));
    expect(within(dialog).getByText(storyMessages.contentTooShort)).toBeInTheDocument();
    expect(within(dialog).getByText(storyMessages.yearsTooLow)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Your story'));
    await user.type(
      within(dialog).getByLabelText('Your story'),
      'Out in the field on a grey morning, I felt like myself again.',
    );
    await user.clear(within(dialog).getByLabelText('Years detecting (optional)'));
    await user.type(within(dialog).getByLabelText('Years detecting (optional)'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Share Story' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
        title: storyMessages.shared,
        description: storyMessages.savedOnDevice,
      }),
    );
    await waitFor(() => expect(cards()).toHaveLength(1));
    const card = cards()[0] ?? expect.fail('no card');
    expect(card).toHaveTextContent('I felt like myself again');
    expect(within(card).getByText(/1 year detecting/)).toBeInTheDocument();
    expect(await within(card).findByText('Waiting to sync')).toBeInTheDocument();
    const queued = await db.outbox.toArray();
    expect(queued.map((m) => [m.entity, m.op, m.payload])).toEqual([
      [
        'stories',
        'create',
        { content: 'Out in the field on a grey morning, I felt like myself again.', yearsDetecting: 1 },
      ],
    ]);
  });

  it('the author edits their story and deletes it with confirmation; others get neither', async () => {
    online = false;
    await holdAll();
    await db.session.put({ key: 'current', user: author, checkedAt: '' });
    const user = renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const newest = cards()[0] ?? expect.fail('no card');
    await user.click(within(newest).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Your Story' }, { timeout: 5000 });
    expect(within(dialog).getByLabelText('Years detecting (optional)')).toHaveValue(3);
    await user.clear(within(dialog).getByLabelText('Years detecting (optional)'));
    await user.type(within(dialog).getByLabelText('Years detecting (optional)'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ title: storyMessages.updated }),
    );
    await waitFor(() =>
      expect(within(cards()[0] ?? newest).getByText(/4 years detecting/)).toBeInTheDocument(),
    );
    expect((await db.outbox.toArray()).map((m) => [m.op, m.payload])).toEqual([
      ['update', { yearsDetecting: 4 }],
    ]);

    await user.click(within(cards()[0] ?? newest).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Story' }, { timeout: 5000 });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ title: storyMessages.deleted });

    await db.session.put({ key: 'current', user: { ...author, id: author.id + 1000 }, checkedAt: '' });
    await waitFor(() => expect(within(storiesRegion()).queryByRole('button', { name: 'Edit' })).toBeNull());
    expect(within(storiesRegion()).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
