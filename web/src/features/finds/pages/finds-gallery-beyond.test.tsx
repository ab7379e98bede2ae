// @vitest-environment jsdom
/**
 * The gallery beyond what the device holds (web/src/sync/README.md C17), against the real server in
 * process (the browser's fetch goes to it): online, the end of the list reads older finds from the server
 * and keeps them ('seen' pins), so they stay readable offline; offline, the list ends with "Older finds need
 * a connection"; a search asks the server online and the device offline.
 */
import 'fake-indexeddb/auto';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  findPayload,
  jpegBytes,
  mutation,
  newUid,
  push,
  putBlob,
} from '../../../../../sync-server/src/sync/test-fixtures';
import { createTestApp, signedIn, type TestApp } from '@web/sync/test-utils';
import { db, type LocalFind } from '@web/db/database';
import { forgetRemoteLists, useListContinuation } from '@web/sync/remote-lists';
import { FindsGalleryPage, OLDER_FINDS_TEXTS } from './finds-gallery-page';

let t: TestApp;
/** The server's finds, oldest first. */
const serverFinds: LocalFind[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const { client } = await signedIn(t, 'gallery_author');
  // Through the sync push (JSON; multipart forms do not cross jsdom's FormData), oldest first.
  const photo = await putBlob(t, client, await jpegBytes(5));
  const sha = String(photo.json?.sha256);
  const titles = ['Bronze Age axe', 'Saxon strap end', 'Roman brooch', 'Medieval buckle', 'Georgian button'];
  for (const title of titles) {
    const uid = newUid();
    await push(client, [mutation('finds', 'create', uid, findPayload(sha, { title }))]);
    serverFinds.push((await (await t.app.request(`/api/finds/${uid}`)).json()) as LocalFind);
  }
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
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
  await Promise.all([db.finds, db.pins, db.outbox, db.find_likes].map((table) => table.clear()));
  await db.session.put({ key: 'current', user: null, checkedAt: '' });
  await db.sync_state.put({
    key: 'pull',
    cursors: {},
    viewerId: null,
    entities: '',
    lastSyncedAt: '2024-03-09T00:00:00Z',
  });
  // The device holds the two newest (its window); the three older ones are beyond it.
  await db.finds.bulkPut(serverFinds.slice(-2));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderGallery() {
  render(
    <MemoryRouter>
      <FindsGalleryPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const cardTitles = async () =>
  within(await screen.findByRole('list', { name: 'Finds' }))
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('Finds gallery beyond the window (C17)', () => {
  it('C17: online, the end of the list reads older finds from the server and keeps them for offline', async () => {
    const user = renderGallery();
    await waitFor(async () => expect(await cardTitles()).toEqual(['Georgian button', 'Medieval buckle']));
    await user.click(await screen.findByRole('button', { name: OLDER_FINDS_TEXTS.more }));
    await waitFor(async () =>
      expect(await cardTitles()).toEqual([
        'Georgian button',
        'Medieval buckle',
        'Roman brooch',
        'Saxon strap end',
        'Bronze Age axe',
      ]),
    );
    // The server said there is no further page: the list simply ends.
    expect(screen.queryByRole('button', { name: OLDER_FINDS_TEXTS.more })).not.toBeInTheDocument();
    const seen = (await db.pins.toArray()).filter((pin) => pin.reason === 'seen');
    expect(seen.map((p) => p.uid).sort()).toEqual(
      serverFinds
        .slice(0, 3)
        .map((f) => f.uid)
        .sort(),
    );
  });

  it('C17: offline, the list ends with "Older finds need a connection", and finds read before are still there', async () => {
    await db.finds.put(serverFinds[0] ?? expect.fail('no find'));
    online = false;
    renderGallery();
    await waitFor(async () =>
      expect(await cardTitles()).toEqual(['Georgian button', 'Medieval buckle', 'Bronze Age axe']),
    );
    expect(await screen.findByText(OLDER_FINDS_TEXTS.offline)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: OLDER_FINDS_TEXTS.more })).not.toBeInTheDocument();
  });

  it('C17 S32: a search asks the server online — finds the device does not hold, kept afterwards — and the device offline', async () => {
    const user = renderGallery();
    await user.type(await screen.findByRole('searchbox'), 'strap');
    await waitFor(async () => expect(await cardTitles()).toEqual(['Saxon strap end']));
    expect(await db.finds.get(serverFinds[1]?.uid ?? '')).toMatchObject({ title: 'Saxon strap end' });
    expect(await db.pins.get(['finds', serverFinds[1]?.uid ?? ''])).toMatchObject({ reason: 'seen' });

    online = false;
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'axe');
    expect(await screen.findByText('No finds match your search.')).toBeInTheDocument();
    expect(await screen.findByText(OLDER_FINDS_TEXTS.offline)).toBeInTheDocument();
  });

  it('C17: online the local list stops at the window’s edge until the server’s list is read past it; offline nothing is cut', async () => {
    const edge = serverFinds[3]?.created_at ?? '';
    const options = { entity: 'finds' as const, query: '', pageSize: 24, edge };
    const { result, rerender } = renderHook(
      (props: { online: boolean }) => useListContinuation({ ...options, online: props.online }),
      { initialProps: { online: true } },
    );
    // Older finds the device may hold (the member's own, pinned ones) wait until the list reaches them.
    expect(result.current.since).toBe(edge);
    const end = result.current.end;
    if (end.kind !== 'more') throw new Error(`expected more, got ${end.kind}`);
    act(() => end.loadMore());
    await waitFor(() => expect(result.current.end.kind).toBe('complete'));
    expect(result.current.since).toBeNull();

    forgetRemoteLists();
    rerender({ online: false });
    expect(result.current).toMatchObject({ since: null, end: { kind: 'offline' } });
  });
});
