// @vitest-environment jsdom
/**
 * /notifications and the header's bell (docs/notifications.md "On the device") on the device's Dexie, with
 * the sync engine talking to the real server in process: a message from another member becomes a
 * notification, pulled and listed under "Today" with the bell's count; opening it marks it read here at once
 * and on the server after the next sync; "Mark all as read"; days grouped, "Show more"; the list read with
 * no network at all; the empty page.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { subDays } from 'date-fns';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toast';
import { db, type LocalNotification } from '@web/db/database';
import { CLIENT_ENTITIES, createSyncEngine } from '@web/sync';
import { appFetch, createTestApp, member, type Member, type TestApp } from '@web/sync/test-utils';
import { NotificationBell } from '../bell';
import { notificationTexts as t } from '../texts';
import { NotificationsPage } from './notifications-page';

let app: TestApp;
let me: Member;
let friend: Member;
let n = 0;

beforeAll(async () => {
  app = await createTestApp();
  friend = await member(app, 'friend@example.org');
});
afterAll(() => app.close());

beforeEach(async () => {
  // A fresh member each test: their notifications are theirs alone.
  n += 1;
  me = await member(app, `bell_reader${n}`);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => true);
  vi.stubGlobal(
    'fetch',
    appFetch(app, () => me.cookie),
  );
  await db.open();
  await Promise.all([db.notifications.clear(), db.outbox.clear(), db.sync_state.clear()]);
  await db.session.put({ key: 'current', user: me.user, checkedAt: '' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const engine = () =>
  createSyncEngine({ db, fetch: appFetch(app, () => me.cookie), isOnline: () => true, random: () => 0.5 });

async function messageFromFriend(content: string) {
  const sent = await appFetch(app, () => friend.cookie)('/api/social/messages', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ receiverId: me.user.id, content }),
  });
  expect(sent.status).toBe(201);
}

async function serverUnread(): Promise<number> {
  const res = await appFetch(app, () => me.cookie)('/api/notifications');
  const page: unknown = await res.json();
  return typeof page === 'object' && page !== null && 'unread' in page ? Number(page.unread) : -1;
}

function renderAt(path = '/notifications') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <NotificationBell />
      <Routes>
        <Route path="/notifications" element={<NotificationsPage />} />
        <Route path="/social" element={<p>Messages page</p>} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

let seq = 1000;
function stored(createdAt: Date, extra: Partial<LocalNotification> = {}): LocalNotification {
  seq += 1;
  return {
    uid: `0192f000-0000-7000-8000-${String(seq).padStart(12, '0')}`,
    id: seq,
    kind: 'follow',
    actorId: null,
    entity: null,
    entityId: null,
    title: `Notification ${seq}`,
    body: '',
    url: '/social',
    count: 1,
    created_at: createdAt.toISOString(),
    readAt: null,
    ...extra,
  };
}

describe('Notifications', () => {
  it("empty after the first sync: 'No notifications yet' and what will appear there", async () => {
    await engine().sync();
    renderAt();
    expect(await screen.findByRole('heading', { name: t.empty })).toBeInTheDocument();
    expect(screen.getByText(t.emptyHint)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.markAll })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
  });

  it('a message from another member is pulled and listed under Today, unread, with the bell count; opening it marks it read here and, after a sync, on the server', async () => {
    await messageFromFriend('Sunday at the farm?');
    await engine().sync();
    const user = renderAt();
    const bell = await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    expect(bell).toHaveTextContent('1');
    const today = await screen.findByRole('list', { name: 'Today' });
    const [item] = within(today).getAllByRole('link');
    expect(item).toHaveAttribute('data-unread', 'true');
    expect(item).toHaveTextContent(`${t.unread}:`);
    expect(item?.getAttribute('href')).toMatch(/^\/social/);
    expect(await serverUnread()).toBe(1);

    await user.click(item ?? expect.fail('no item'));
    expect(await screen.findByText('Messages page')).toBeInTheDocument();
    await waitFor(async () =>
      expect((await db.notifications.toArray())[0]?.readAt).toEqual(expect.any(String)),
    );
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(await db.outbox.where('entity').equals('notifications').count()).toBe(1);
    expect(await engine().sync()).toMatchObject({ outcome: 'synced', rejected: 0 });
    expect(await serverUnread()).toBe(0);
  });

  it('"Mark all as read" marks every one read on the device at once and on the server after a sync', async () => {
    await messageFromFriend('First');
    await messageFromFriend('Second');
    await engine().sync();
    const user = renderAt();
    expect(await screen.findByRole('link', { name: /^Notifications, \d+ unread$/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: t.markAll })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: t.markAll }));
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: t.markAll })).toBeDisabled());
    const list = screen.getByRole('list', { name: 'Today' });
    for (const item of within(list).getAllByRole('link'))
      expect(item).toHaveAttribute('data-unread', 'false');
    expect(await serverUnread()).toBeGreaterThan(0);
    await engine().sync();
    expect(await serverUnread()).toBe(0);
  });

  it('grouped by day (Today, Yesterday, then the date), newest first, 30 at a time with "Show more", read offline', async () => {
    // No network at all: the list is the device's.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => false);
    const now = new Date();
    const rows = [
      stored(new Date('2024-03-05T10:00:00'), { title: 'Oldest one' }),
      ...Array.from({ length: 32 }, () => stored(subDays(now, 1))),
      stored(now, { title: 'Newest one', readAt: now.toISOString() }),
    ];
    await db.notifications.bulkPut(rows);
    // As after an earlier sync (the list knows the device has pulled).
    await db.sync_state.put({
      key: 'pull',
      cursors: {},
      viewerId: me.user.id,
      entities: CLIENT_ENTITIES,
      lastSyncedAt: now.toISOString(),
    });
    const user = renderAt();
    const today = await screen.findByRole('list', { name: 'Today' });
    expect(within(today).getByRole('link')).toHaveTextContent('Newest one');
    expect(within(today).getByRole('link')).toHaveAttribute('data-unread', 'false');
    expect(within(screen.getByRole('list', { name: 'Yesterday' })).getAllByRole('link')).toHaveLength(29);
    expect(screen.queryByText('Oldest one')).toBeNull();
    // The bell counts in a live query of its own, which may answer a moment after the list's.
    expect(await screen.findByRole('link', { name: 'Notifications, 33 unread' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t.showMore }));
    const older = await screen.findByRole('list', { name: '5 Mar 2024' });
    expect(within(older).getByRole('link')).toHaveTextContent('Oldest one');
    expect(within(screen.getByRole('list', { name: 'Yesterday' })).getAllByRole('link')).toHaveLength(32);
    expect(screen.queryByRole('button', { name: t.showMore })).toBeNull();
  });
});
