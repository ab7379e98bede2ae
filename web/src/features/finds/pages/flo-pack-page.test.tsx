// @vitest-environment jsdom
/**
 * /finds/pack against the real server in process (docs/find-recording.md "The FLO pack"): the member's
 * finds come to the device through a real pull; one more was logged offline and exists only on the device
 * with its photo in `blobs`. The page picks finds from a saved spot (within 250 m) or by the day found,
 * makes the ZIP and downloads it (jsdom cannot share files); the ZIP read back holds the server's photo
 * byte for byte, and offline it holds the device's photo and says which were left out.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unzipSync } from 'fflate';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCsv } from '@schema/contracts/csv-reader.test-utils';
import { floCsvColumns } from '@schema/contracts/flo-csv';
import { ukDate } from '@schema/contracts/treasure';
import { db, type LocalFind, type LocalLocation } from '@web/db/database';
import { preparePhoto } from '@web/sync';
import { createSyncEngine } from '@web/sync/engine';
import { appFetch, createTestApp, jpegBytes, member, type Member, type TestApp } from '@web/sync/test-utils';
import {
  findPayload,
  mutation,
  newUid,
  push,
  putBlob,
} from '../../../../../sync-server/src/sync/test-fixtures';
import { CHOOSER_TEXTS } from '../flo-pack/find-chooser';
import { FLO_PACK_TEXTS as texts, FloPackPage } from './flo-pack-page';


let t: TestApp;
let me: Member;
let online = true;
/** The server's finds as pulled, by title. */
const pulled = new Map<string, LocalFind>();
let axePhoto: Uint8Array;

const HENGE = { latitude: 51.178882, longitude: -1.826215 };

beforeAll(async () => {
  t = await createTestApp();
  me = await member(t, 'flo_packer');
  const client = t.client();
  client.cookie = me.cookie;
  const finds = [
    // At the spot's pin, and about 1.1 km north of it.
    { title: 'Roman brooch', seed: 11, ...HENGE },
    { title: 'Saxon strap end', seed: 12, latitude: 51.1889, longitude: -1.826215 },
  ];
  for (const { title, seed, latitude, longitude } of finds) {
    const sha = String((await putBlob(t, client, await jpegBytes(seed))).json?.sha256);
    await push(client, [
      mutation('finds', 'create', newUid(), findPayload(sha, { title, latitude, longitude })),
    ]);
  }
  await db.open();
  await db.session.put({ key: 'current', user: me.user, checkedAt: '' });
  const sync = createSyncEngine({
    db,
    fetch: appFetch(t, () => me.cookie),
    isOnline: () => true,
    random: () => 0.5,
  });
  await sync.sync('manual');
  sync.dispose();
  for (const find of await db.finds.toArray()) pulled.set(find.title, find);
  expect([...pulled.keys()].sort()).toEqual(['Roman brooch', 'Saxon strap end']);

  // Logged offline last September: only on the device, its photo in blobs.
  axePhoto = await jpegBytes(13);
  const photo = await preparePhoto(axePhoto, 'image/jpeg');
  await db.blobs.put(photo);
  await db.finds.put({
    id: null,
    uid: newUid(),
    userId: me.user.id,
    username: me.user.username,
    title: 'Bronze Age axe',
    description: '',
    location: 'Salisbury Plain',
    period: 'Bronze Age',
    imageUrl: '',
    thumbUrl: '',
    likes: 0,
    commentCount: 0,
    created_at: '2023-09-10T15:00:00.000Z',
    foundOn: '2023-09-10',
    imageSha256: photo.sha256,
    latitude: 51.25,
    longitude: -1.9,
  } satisfies LocalFind);
  const spot: LocalLocation = {
    id: null,
    uid: newUid(),
    userId: me.user.id,
    username: me.user.username,
    name: 'Henge field',
    description: null,
    ...HENGE,
    latitude: HENGE.latitude + 0.001,
    type: 'Farmland',
    terrainType: null,
    bestTimeToVisit: null,
    hasPermission: true,
    isGroupDig: false,
    isShared: false,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
  };
  await db.locations.put(spot);
});
afterAll(() => t.close());

/** The ZIPs the page handed to the browser for download. */
let downloads: { name: string; blob: Blob }[] = [];
let objectUrl: (blob: Blob) => string;

beforeEach(async () => {
  online = true;
  downloads = [];
  await db.session.put({ key: 'current', user: me.user, checkedAt: '' });
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (!online) throw new TypeError('Failed to fetch');
    return t.app.request(input, init);
  });
  const blobs = new Map<string, Blob>();
  objectUrl = (blob) => {
    blobs.set(`blob:pack/${blobs.size}`, blob);
    return `blob:pack/${blobs.size - 1}`;
  };
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: (b: Blob) => objectUrl(b) });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ name: this.download, blob });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show() {
  render(
    <MemoryRouter initialEntries={['/finds/pack']}>
      <FloPackPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const box = (title: string) => screen.getByRole('checkbox', { name: new RegExp(title) });

/** The one downloaded pack, unzipped, with finds.csv as rows keyed by heading. */
async function downloadedPack() {
  await waitFor(() => expect(downloads).toHaveLength(1));
  const files = unzipSync(new Uint8Array(await (downloads[0]?.blob ?? new Blob()).arrayBuffer()));
  const csv = new TextDecoder().decode(files['finds.csv']);
  const [, ...rows] = readCsv(csv);
  return { files, rows: rows.map((r) => Object.fromEntries(r.map((v, i) => [floCsvColumns[i], v]))) };
}

describe('/finds/pack', () => {
  it('signed out: asks to sign in', async () => {
    await db.session.put({ key: 'current', user: null, checkedAt: '' });
    show();
    expect(await screen.findByText(texts.signIn)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Ffinds%2Fpack');
  });

  it('a member with no finds: "You have no finds to pack yet"', async () => {
    await db.session.put({ key: 'current', user: { ...me.user, id: me.user.id + 1000 }, checkedAt: '' });
    show();
    expect(await screen.findByText(texts.empty)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: texts.make })).not.toBeInTheDocument();
  });

  it('from a saved spot: ticks the finds within 250 m; the pack holds them with the server’s photo byte for byte', async () => {
    const user = show();
    await user.click(await screen.findByRole('button', { name: CHOOSER_TEXTS.selectSpot }));
    expect(box('Roman brooch')).toBeChecked();
    expect(box('Saxon strap end')).not.toBeChecked();
    expect(box('Bronze Age axe')).not.toBeChecked();
    expect(screen.getByText(texts.selected(1, 3))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: texts.make }));
    const today = ukDate(new Date());
    expect(await screen.findByText(texts.downloaded(`flo-pack-${today}.zip`, 1))).toBeInTheDocument();
    expect(downloads[0]?.name).toBe(`flo-pack-${today}.zip`);
    const brooch = pulled.get('Roman brooch');
    const { files, rows } = await downloadedPack();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'Find number': String(brooch?.id),
      Title: 'Roman brooch',
      'Grid reference': 'SU 12244 42197',
      'Photo file': `photos/${brooch?.id}-roman-brooch.webp`,
    });
    const served = new Uint8Array(await (await t.app.request(brooch?.imageUrl ?? '')).arrayBuffer());
    expect(served.byteLength).toBeGreaterThan(0);
    expect(files[`photos/${brooch?.id}-roman-brooch.webp`]).toEqual(served);
    expect(new TextDecoder().decode(files['labels.html'])).toContain(`/finds/${brooch?.id}`);
  });

  it('by date found, offline: the device’s own photo goes in; a server photo it cannot fetch is left out, and said', async () => {
    online = false;
    const user = show();
    fireEvent.change(await screen.findByLabelText(CHOOSER_TEXTS.from), { target: { value: '2023-09-01' } });
    fireEvent.change(screen.getByLabelText(CHOOSER_TEXTS.to), { target: { value: '2023-09-30' } });
    await user.click(screen.getByRole('button', { name: CHOOSER_TEXTS.selectDates }));
    expect(box('Bronze Age axe')).toBeChecked();
    expect(box('Roman brooch')).not.toBeChecked();
    await user.click(box('Saxon strap end'));
    expect(screen.getByText(texts.selected(2, 3))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: texts.make }));
    expect(await screen.findByText(texts.missingPhotos(1))).toBeInTheDocument();
    const { files, rows } = await downloadedPack();
    expect(rows.map((r) => r.Title)).toEqual(['Bronze Age axe', 'Saxon strap end']);
    const axePath = rows[0]?.['Photo file'] ?? '';
    expect(axePath).toMatch(/^photos\/[0-9a-f-]{36}-bronze-age-axe\.jpg$/);
    expect(files[axePath]).toEqual(axePhoto);
    expect(rows[1]?.['Photo file']).toBe('');
  });

  it('a date range that matches nothing says so and selects nothing', async () => {
    const user = show();
    fireEvent.change(await screen.findByLabelText(CHOOSER_TEXTS.from), { target: { value: '1999-01-01' } });
    fireEvent.change(screen.getByLabelText(CHOOSER_TEXTS.to), { target: { value: '1999-12-31' } });
    await user.click(screen.getByRole('button', { name: CHOOSER_TEXTS.selectDates }));
    expect(screen.getByText(CHOOSER_TEXTS.noneInDates)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: texts.make })).toBeDisabled();
  });

  it('says when the pack could not be made', async () => {
    objectUrl = () => {
      throw new Error('out of memory');
    };
    const user = show();
    await user.click(await screen.findByRole('button', { name: CHOOSER_TEXTS.all }));
    await user.click(screen.getByRole('button', { name: texts.make }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.failed);
    expect(screen.getByRole('button', { name: texts.make })).toBeEnabled();
  });
});
