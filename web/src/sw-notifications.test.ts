/**
 * The service worker's notifications (docs/notifications.md "On the device"), its handlers run in a stand-in
 * worker scope whose fetch reaches the real server in process with the member's cookie. The payload is the
 * server's own safe-return reminder, so the buttons tested are the ones a member gets on the lock screen.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reminderPush } from '../../sync-server/src/features/safety/mails';
import { tripBody } from '../../sync-server/src/features/safety/test-fixtures';
import { appFetch, member, serverPerFile, type Member } from './sync/test-utils';
import { readPayload, setUpNotifications } from './sw-notifications';

const server = serverPerFile();
let me: Member;

interface Shown {
  title: string;
  options: NotificationOptions & { actions?: { action: string; title: string }[] };
}
type Listener = (event: unknown) => void;

const listeners = new Map<string, Listener>();
let shown: Shown[] = [];
let opened: string[] = [];
let pending: Promise<unknown>[] = [];
let offline = false;

/** The few parts of ServiceWorkerGlobalScope the handlers use. */
const scope = {
  location: { origin: 'https://digquest.test' },
  addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  registration: {
    showNotification: async (title: string, options: Shown['options']) => {
      shown.push({ title, options });
    },
  },
  clients: {
    matchAll: async () => [],
    openWindow: async (href: string) => {
      opened.push(href);
      return null;
    },
  },
};

/** Fires an event at the worker and waits for what it handed to waitUntil. */
async function dispatch(type: string, event: Record<string, unknown>): Promise<void> {
  const listener = listeners.get(type);
  if (!listener) throw new Error(`no ${type} listener`);
  listener({ ...event, waitUntil: (work: Promise<unknown>) => pending.push(work) });
  await Promise.all(pending);
  pending = [];
}

const api = (path: string, init?: RequestInit) => appFetch(server.t, () => me.cookie)(path, init);

async function startTrip(): Promise<{ id: number; expectedReturnAt: string }> {
  const res = await api('/api/safety/trips', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(tripBody()),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; expectedReturnAt: string };
}

/** The reminder arrives and the member presses one of its buttons. */
async function pressOnReminder(tripId: number, action: string): Promise<void> {
  await dispatch('push', { data: { json: () => reminderPush(tripId, '16:30') } });
  const reminder = shown.at(-1);
  await dispatch('notificationclick', {
    action,
    notification: { close: () => undefined, tag: reminder?.options.tag, data: reminder?.options.data },
  });
}

beforeAll(async () => {
  me = await member(server.t, 'fieldwalker');
  Object.assign(globalThis, { self: scope });
  setUpNotifications();
});
afterAll(() => {
  Reflect.deleteProperty(globalThis, 'self');
});
beforeEach(() => {
  shown = [];
  opened = [];
  offline = false;
  // The worker's fetch: the real server, unless the test takes the signal away.
  Object.assign(globalThis, {
    fetch: (input: string, init?: RequestInit) =>
      offline ? Promise.reject(new TypeError('Failed to fetch')) : api(input, init),
  });
});

describe('the safe-return reminder on the lock screen', () => {
  it('shows "I\'m back" and "Extend 30 min" buttons, with a tag so a repeat replaces it', async () => {
    const trip = await startTrip();
    await dispatch('push', { data: { json: () => reminderPush(trip.id, '16:30') } });
    expect(shown).toHaveLength(1);
    expect(shown[0]?.title).toBe('Are you back?');
    expect(shown[0]?.options.tag).toBe(`safety-${trip.id}`);
    expect(shown[0]?.options.actions).toEqual([
      { action: 'safety-checkin', title: "I'm back" },
      { action: 'safety-extend', title: 'Extend 30 min' },
    ]);
    expect(shown[0]?.options.data).toMatchObject({ url: '/safety' });
    await api(`/api/safety/trips/${trip.id}/checkin`, { method: 'POST' });
  });

  it('"I\'m back" ends the trip on the server without opening the app, and says so', async () => {
    const trip = await startTrip();
    await pressOnReminder(trip.id, 'safety-checkin');
    expect(await (await api('/api/safety/trips/current')).json()).toBeNull();
    const welcome = shown.at(-1);
    expect(welcome).toMatchObject({ title: 'Welcome back', options: { tag: `safety-${trip.id}` } });
    expect(opened).toEqual([]);
    // Tapping what replaced it opens the safe-return page.
    await dispatch('notificationclick', {
      action: '',
      notification: { close: () => undefined, data: welcome?.options.data },
    });
    expect(opened).toEqual(['https://digquest.test/safety']);
  });

  it('"Extend 30 min" moves the return time on the server', async () => {
    const trip = await startTrip();
    await pressOnReminder(trip.id, 'safety-extend');
    const current = (await (await api('/api/safety/trips/current')).json()) as { expectedReturnAt: string };
    expect(Date.parse(current.expectedReturnAt) - Date.parse(trip.expectedReturnAt)).toBe(30 * 60_000);
    expect(shown.at(-1)?.title).toBe('Trip extended');
    await api(`/api/safety/trips/${trip.id}/checkin`, { method: 'POST' });
  });

  it('without signal, or when the server refuses, the button opens /safety and claims nothing', async () => {
    const trip = await startTrip();
    offline = true;
    await pressOnReminder(trip.id, 'safety-checkin');
    expect(opened).toEqual(['https://digquest.test/safety']);
    expect(shown.map((n) => n.title)).not.toContain('Welcome back');
    offline = false;
    expect(await (await api('/api/safety/trips/current')).json()).toMatchObject({ id: trip.id });

    me = { ...me, cookie: '' };
    await pressOnReminder(trip.id, 'safety-checkin');
    expect(opened).toHaveLength(2);
    expect(shown.map((n) => n.title)).not.toContain('Welcome back');
  });

  it('a notification without buttons keeps only its page', async () => {
    await dispatch('push', { data: { json: () => ({ title: 'New follower', url: '/social', tag: 'f' }) } });
    expect(shown[0]?.options).toMatchObject({ tag: 'f', data: { url: '/social' } });
    expect(shown[0]?.options).not.toHaveProperty('actions');
    expect(shown[0]?.options.data).toEqual({ url: '/social' });
  });

  it('tapping the notification itself opens its page', async () => {
    await dispatch('notificationclick', {
      action: '',
      notification: { close: () => undefined, data: { url: '/messages' } },
    });
    expect(opened).toEqual(['https://digquest.test/messages']);
  });
});

describe('readPayload', () => {
  it('keeps only buttons that post to the app’s own API, at most two', () => {
    const done = { title: 'Done', body: '' };
    const payload = readPayload({
      title: 'Hi',
      actions: [
        { action: 'a', title: 'A', post: 'https://elsewhere.example/x', done },
        { action: 'b', title: 'B', post: '//elsewhere.example/api/x', done },
        { action: 'b2', title: 'B2', post: '/api/../uploads/x', done },
        { action: 'c', title: 'C', post: '/api/c', done },
        { action: 'd', title: 'D', post: '/api/d' },
        { action: 'e', title: 'E', post: '/api/e', done },
        { action: 'f', title: 'F', post: '/api/f', done },
      ],
    });
    expect(payload.actions.map((a) => a.action)).toEqual(['c', 'e']);
  });

  it('shows something for a payload it cannot read', () => {
    expect(readPayload('garbage')).toEqual({
      title: 'DigQuest',
      body: '',
      url: '/notifications',
      tag: '',
      actions: [],
    });
  });
});
