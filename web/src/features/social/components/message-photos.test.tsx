// @vitest-environment jsdom
/**
 * Photos in a conversation (docs/product/social.md "Messages") on the device's Dexie, with the sync engine
 * talking to the real server in process: a photo received shows in the thread (its small version, linked
 * to the full one) and as 'Photo in a message' in the conversations list; a photo from the device shows
 * small with Remove before sending; the member shares one of their synced finds' photos, without text.
 * (Sending a device photo stores a Blob, which fake-indexeddb cannot: the node sync test and the browser
 * test cover it.)
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messageMessages, type Message } from '@schema/contracts/messages';
import { Toaster } from '@web/components/ui/toast';
import { db } from '@web/db/database';
import { createSyncEngine } from '@web/sync';
import {
  appFetch,
  createTestApp,
  findWrite,
  jpegBytes,
  member,
  type Member,
  type TestApp,
} from '@web/sync/test-utils';
import { writeLocal } from '@web/sync/outbox';
import { sha256Hex } from '@web/sync/blob-store';
import { MessagesTab } from './messages-tab';


let t: TestApp;
let me: Member;
let friend: Member;

beforeAll(async () => {
  t = await createTestApp();
  me = await member(t, 'photographer');
  friend = await member(t, 'pal');
});
afterAll(() => t.close());

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => true);
  vi.stubGlobal(
    'fetch',
    appFetch(t, () => me.cookie),
  );
  await db.open();
  await db.session.put({ key: 'current', user: me.user, checkedAt: '' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const engine = () =>
  createSyncEngine({ db, fetch: appFetch(t, () => me.cookie), isOnline: () => true, random: () => 0.5 });

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/social" element={<MessagesTab user={me.user} />} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

/** The friend sends me a photo over REST, uploaded privately first. */
async function friendSendsPhoto(): Promise<Message> {
  const bytes = await jpegBytes(31);
  const as = appFetch(t, () => friend.cookie);
  const sha = await sha256Hex(bytes);
  await as(`/api/sync/blobs/${sha}?for=messages`, {
    method: 'PUT',
    headers: { 'Content-Type': 'image/jpeg' },
    body: new Uint8Array(bytes),
  });
  const res = await as('/api/social/messages', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ receiverId: me.user.id, attachmentSha256: sha }),
  });
  return (await res.json()) as Message;
}

describe('photos in messages', () => {
  it('a photo received: listed as a photo, shown small in the thread and linked to the full photo', async () => {
    const sent = await friendSendsPhoto();
    await engine().sync();
    renderAt('/social?tab=messages');
    expect(await screen.findByText(`pal: ${messageMessages.photoAlt}`, { exact: false })).toBeInTheDocument();
    cleanup();
    renderAt(`/social?tab=messages&with=${friend.user.id}`);
    const list = await screen.findByRole('list', { name: 'Messages' });
    const photo = await within(list).findByRole('img', { name: messageMessages.photoAlt });
    expect(photo).toHaveAttribute('src', sent.attachmentThumbUrl);
    expect(photo.closest('a')).toHaveAttribute('href', sent.attachmentUrl);
  });

  it('a photo from the device shows small with Remove; removed, the message needs text again', async () => {
    const user = renderAt(`/social?tab=messages&with=${friend.user.id}`);
    await screen.findByRole('button', { name: messageMessages.attachPhoto });
    const file = new File([new Uint8Array(await jpegBytes(32))], 'coin.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText(messageMessages.attachPhoto), file);
    expect(screen.getByRole('button', { name: messageMessages.removePhoto })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: messageMessages.removePhoto }));
    expect(screen.getByRole('button', { name: messageMessages.attachPhoto })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: messageMessages.send }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messageMessages.contentRequired);
  });

  it('shares a synced find’s photo without text: Sending…, then Sent, and the server has it as a find photo', async () => {
    let user = renderAt(`/social?tab=messages&with=${friend.user.id}`);
    await user.click(await screen.findByRole('button', { name: messageMessages.shareFind }));
    expect(await screen.findByText(messageMessages.noFindsToShare)).toBeInTheDocument();
    cleanup();

    const find = await findWrite(me.user.id, { title: 'Medieval buckle' }, await jpegBytes(33));
    await writeLocal(db, find);
    await engine().sync();
    const stored = await db.finds.get(find.uid);

    user = renderAt(`/social?tab=messages&with=${friend.user.id}`);
    await user.click(await screen.findByRole('button', { name: messageMessages.shareFind }));
    await user.click(await screen.findByRole('button', { name: 'Medieval buckle' }));
    expect(screen.getByTestId('attached-photo')).toHaveAttribute('src', stored?.thumbUrl);
    await user.click(screen.getByRole('button', { name: messageMessages.send }));
    const list = await screen.findByRole('list', { name: 'Messages' });
    const shared = await within(list).findByRole('img', { name: messageMessages.findPhotoAlt });
    expect(shared).toHaveAttribute('src', stored?.thumbUrl);
    expect(within(list).getAllByTestId('delivery').at(-1)).toHaveTextContent(messageMessages.sending);
    expect(await engine().sync()).toMatchObject({ outcome: 'synced', rejected: 0 });
    await waitFor(() =>
      expect(within(list).getAllByTestId('delivery').at(-1)).toHaveTextContent(messageMessages.sent),
    );
    const thread = await appFetch(t, () => friend.cookie)(`/api/social/messages?with=${me.user.id}`);
    const [newest] = (await thread.json()) as Message[];
    expect(newest).toMatchObject({ messageType: 'find', attachmentUrl: stored?.imageUrl, content: '' });
  });
});
