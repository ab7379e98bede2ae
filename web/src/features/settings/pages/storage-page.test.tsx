// @vitest-environment jsdom
/**
 * Settings → Storage (web/src/sync/README.md C16, C15): what the device holds, the browser's estimate and
 * persistence, the lists kept offline, and clearing cached community data — never the member's own records,
 * never a change waiting to sync. Reads the app's Dexie database (fake-indexeddb).
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SelfUser } from '@schema/contracts/users';
import { Toaster } from '@web/components/ui/toast';
import { db, type LocalFind } from '@web/db/database';
import { CLEAR_EXPLANATION } from '../components/clear-community-data';
import { NOTHING_KEPT_TEXT } from '../components/kept-offline';
import { NO_PROTECTED_AREAS_TEXT } from '../components/protected-areas-stored';
import { NOT_PERSISTED_TEXT, PERSISTED_TEXT } from '../components/storage-usage';
import { StoragePage } from './storage-page';

const me: SelfUser = {
  id: 7,
  username: 'relic_hunter',
  email: 'r@example.com',
  avatarUrl: '',
  bio: null,
  created_at: '2024-03-05T10:00:00Z',
  isEmailVerified: true,
};

let n = 0;
const find = (extra: Partial<LocalFind> = {}): LocalFind => {
  n += 1;
  return {
    id: n,
    uid: `0192f000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    userId: 9,
    username: 'other',
    title: `Find ${n}`,
    description: '',
    location: 'Kent',
    period: 'Roman',
    imageUrl: '/uploads/x.webp',
    thumbUrl: '/uploads/x-thumb.webp',
    likes: 0,
    commentCount: 0,
    created_at: `2024-03-0${n}T10:00:00Z`,
    ...extra,
  };
};

/** navigator.storage as a browser has it (jsdom has none). */
function browserStorage(persisted: boolean) {
  const storage = {
    persisted: persisted,
    estimate: vi.fn(async () => ({ usage: 12.5 * 1024 * 1024, quota: 2 * 1024 * 1024 * 1024 })),
    persist: vi.fn(async () => {
      storage.persisted = true;
      return true;
    }),
  };
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: {
      estimate: storage.estimate,
      persist: storage.persist,
      persisted: async () => storage.persisted,
    },
  });
  return storage;
}

function renderPage() {
  render(
    <MemoryRouter>
      <StoragePage />
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeEach(async () => {
  n = 0;
  // Offline: clearing asks for a sync, and this test has no server.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await db.open();
  await Promise.all(
    [
      db.finds,
      db.find_comments,
      db.find_likes,
      db.posts,
      db.comments,
      db.post_likes,
      db.users,
      db.categories,
      db.blobs,
      db.outbox,
      db.pins,
      db.kept_lists,
      db.sync_state,
      db.protected_areas,
      db.protected_cells,
      db.protected_sources,
    ].map((t) => t.clear()),
  );
  await db.session.put({ key: 'current', user: me, checkedAt: '' });
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'storage');
});

describe('Settings → Storage (C16)', () => {
  it('shows the space used of the quota, whether it is kept, and asks the browser to keep it', async () => {
    const storage = browserStorage(false);
    const user = renderPage();
    expect(await screen.findByText('12.5 MB used of 2.0 GB available to this site')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Storage used' })).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByText(NOT_PERSISTED_TEXT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep data on this device' }));
    expect(storage.persist).toHaveBeenCalledOnce();
    expect(await screen.findAllByText(PERSISTED_TEXT)).not.toHaveLength(0);
    expect(await db.sync_state.get('storage')).toMatchObject({ persisted: true });
  });

  it('says so when the browser tells nothing, and when nothing is stored or kept yet', async () => {
    renderPage();
    expect(
      await screen.findByText('This browser does not say how much space the site uses.'),
    ).toBeInTheDocument();
    expect(await screen.findByText(NOTHING_KEPT_TEXT)).toBeInTheDocument();
    expect(await screen.findByText('Nothing is stored on this device yet.')).toBeInTheDocument();
    expect(await screen.findByText(NO_PROTECTED_AREAS_TEXT)).toBeInTheDocument();
  });

  it('shows how many protected sites the device holds, roughly their size and the ground they cover', async () => {
    const ring: [number, number][] = [
      [-1.83, 51.17],
      [-1.82, 51.17],
      [-1.82, 51.18],
      [-1.83, 51.17],
    ];
    const area = (id: number, bytes: number) => ({
      id,
      source: 'nhle' as const,
      reference: String(1000000 + id),
      name: `Barrow ${id}`,
      kind: 'Scheduled monument',
      designatedOn: null,
      recordUrl: null,
      geometry: { type: 'Polygon' as const, coordinates: [ring] },
      bbox: [-1.83, 51.17, -1.82, 51.18] satisfies [number, number, number, number],
      cells: ['-19:511'],
      bytes,
    });
    await db.protected_areas.bulkPut([area(1, 1000), area(2, 1048)]);
    // One cell, 0.1° square at 51.15° N: 6.98 km by 11.12 km.
    await db.protected_cells.put({ cell: '-19:511', fetchedAt: 1, usedAt: 1 });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Protected sites' });
    await waitFor(() =>
      expect(section).toHaveTextContent('2 protected sites, about 2 KB, covering about 78 km²'),
    );
  });

  it('counts the records per table and lists the kept lists with a way to stop keeping them (C15)', async () => {
    await db.finds.bulkPut([find(), find(), find()]);
    await db.kept_lists.put({
      key: 'posts?category=2',
      entity: 'posts',
      label: 'Finds & Identification',
      href: '/forum?category=finds',
      query: 'category=2',
      limit: 200,
      keptAt: '2024-03-05T10:00:00Z',
      refreshedAt: Date.parse('2024-03-06T10:00:00Z'),
      count: 57,
    });
    const user = renderPage();
    const table = await screen.findByRole('table', { name: 'Records stored on this device' });
    await waitFor(() => expect(within(table).getByRole('row', { name: 'Finds 3' })).toBeInTheDocument());
    const kept = await screen.findByRole('list', { name: 'Kept offline' });
    expect(within(kept).getByRole('link', { name: 'Finds & Identification' })).toHaveAttribute(
      'href',
      '/forum?category=finds',
    );
    expect(kept).toHaveTextContent('57 records');
    await user.click(within(kept).getByRole('button', { name: 'Stop keeping offline' }));
    expect(await screen.findByText(NOTHING_KEPT_TEXT)).toBeInTheDocument();
    expect(await db.kept_lists.count()).toBe(0);
  });

  it('C16: "Clear cached community data" removes other members’ records, never the member’s own or one with a change waiting', async () => {
    const others = [find(), find()];
    const own = find({ userId: me.id, username: me.username });
    const waiting = find();
    await db.finds.bulkPut([...others, own, waiting]);
    await db.outbox.put({
      mutationId: '0192f000-0000-7000-8000-00000000aaaa',
      entity: 'find_comments',
      op: 'create',
      uid: '0192f000-0000-7000-8000-00000000bbbb',
      payload: { findUid: waiting.uid, content: 'Waiting to sync' },
      createdAt: '2024-03-05T10:00:00Z',
      userId: me.id,
      blobRefs: [],
      attempts: 0,
      status: 'pending',
      sent: false,
      lastError: null,
      before: null,
    });
    const user = renderPage();
    expect(await screen.findByText(CLEAR_EXPLANATION)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear cached community data' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('2 records removed from this device.')).toBeInTheDocument();
    expect((await db.finds.toCollection().primaryKeys()).sort()).toEqual([own.uid, waiting.uid].sort());
    expect(await db.outbox.count()).toBe(1);
  });

  it('shows an error when the device’s database cannot be read', async () => {
    db.close({ disableAutoOpen: true });
    try {
      renderPage();
      expect(
        await screen.findByText('Could not read the records on this device. Please try again later.'),
      ).toBeInTheDocument();
      // Each section reads on its own, so the second error may land a moment after the first.
      expect(
        await screen.findByText('Could not read what is kept offline. Please try again later.'),
      ).toBeInTheDocument();
    } finally {
      await db.open();
    }
  });
});
