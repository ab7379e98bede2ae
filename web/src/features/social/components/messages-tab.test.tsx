// @vitest-environment jsdom
/**
 * The Messages tab (docs/product/social.md "Messages") on the device's Dexie, with the sync engine talking
 * to the real server in process: a message written shows 'Sending…' until the engine pushes it, then
 * 'Sent'; a message received is pulled, listed with its unread count, and opening the thread marks it read
 * on the device and, after the next sync, on the server. Empty: 'No messages yet'.
 */
import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messageMessages } from '@schema/contracts/messages-constants';
import { Toaster } from '@web/components/ui/toast';
import { db } from '@web/db/database';
import { formatDayTime } from '@web/lib/dates';
import { createSyncEngine } from '@web/sync';
import { appFetch, createTestApp, member, type Member, type TestApp } from '@web/sync/test-utils';
import { MessagesTab } from './messages-tab';


let t: TestApp;
let me: Member;
let friend: Member;

beforeAll(async () => {
  t = await createTestApp();
  me = await member(t, 'messenger');
  friend = await member(t, 'friend@example.org');
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

describe('Messages tab', () => {
  it("empty: 'No messages yet'", async () => {
    renderAt('/social?tab=messages');
    expect(await screen.findByText(messageMessages.empty)).toBeInTheDocument();
  });

  it('a message written shows Sending… until the engine pushes it, then Sent; an empty one is refused', async () => {
    const user = renderAt(`/social?tab=messages&with=${friend.user.id}`);
    // The peer's name comes from the server, masked (docs/product/social.md).
    expect(await screen.findByText('fri***@e***.org')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: messageMessages.send }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messageMessages.contentRequired);
    await user.type(screen.getByLabelText(messageMessages.placeholder), 'Fancy a dig on Sunday?');
    await user.click(screen.getByRole('button', { name: messageMessages.send }));
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(within(list).getByText('Fancy a dig on Sunday?')).toBeInTheDocument();
    expect(within(list).getByTestId('delivery')).toHaveTextContent(messageMessages.sending);
    // Its time in the app's date style ('27 Nov 2026, 13:28'), never the browser's '27/11/2026, 13:28:29'.
    const sentAt = list.querySelector('time');
    expect(sentAt?.textContent).toBe(formatDayTime(sentAt?.getAttribute('dateTime')));
    expect(sentAt?.textContent).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    expect(await engine().sync()).toMatchObject({ outcome: 'synced', rejected: 0 });
    await waitFor(() => expect(within(list).getByTestId('delivery')).toHaveTextContent(messageMessages.sent));
  });

  it('a message received is pulled, listed unread; opening it marks it read here and on the server', async () => {
    const asFriend = appFetch(t, () => friend.cookie);
    const sent = await asFriend('/api/social/messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ receiverId: me.user.id, content: 'Sunday suits me' }),
    });
    expect(sent.status).toBe(201);
    await engine().sync();
    const user = renderAt('/social?tab=messages');
    const conversations = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(conversations).getByText('fri***@e***.org')).toBeInTheDocument();
    expect(within(conversations).getByText('fri***@e***.org: Sunday suits me')).toBeInTheDocument();
    expect(within(conversations).getByLabelText('1 unread')).toBeInTheDocument();

    await user.click(within(conversations).getByRole('link'));
    expect(await screen.findByText('Sunday suits me')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await db.messages.filter((m) => m.receiverId === me.user.id && !m.isRead).count()).toBe(0),
    );
    await engine().sync();
    const unread = await appFetch(t, () => me.cookie)('/api/social/messages/unread');
    expect(await unread.json()).toEqual({ unread: 0 });
  });

  it('two presses of Send before the first is handled (the contract still loading) send one message', async () => {
    const user = renderAt(`/social?tab=messages&with=${friend.user.id}`);
    await user.type(screen.getByLabelText(messageMessages.placeholder), 'Only once, please');
    const form = screen
      .getByRole('button', { name: messageMessages.send })
      .closest('form') as HTMLFormElement;
    act(() => {
      form.requestSubmit();
      form.requestSubmit();
    });
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(await within(list).findByText('Only once, please')).toBeInTheDocument();
    expect(await engine().sync()).toMatchObject({ outcome: 'synced', rejected: 0 });
    expect(await db.messages.filter((m) => m.content === 'Only once, please').count()).toBe(1);
  });
});
