/**
 * The service worker's notifications (docs/notifications.md "On the device"), its handlers run in a stand-in
 * worker scope whose fetch reaches the real server in process with the member's cookie. The payload is the
 * server's own safe-return reminder, so the buttons tested are the ones a member gets on the lock screen.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reminderPush } from '../../sync-server/src/features/safety/mails';
import { tripBody } from '../../sync-server/src/features/safety/test-fixtures';
import { appFetch, member, serverPerFile, type Member } from './sync/test-utils';
import { readPayload, setUpNotifications } from './sw-notifications';

// The push service the stand-in browser subscribes at, allowed without a DNS lookup.
const PUSH_SERVICE = 'https://push.digquest.test';
const server = serverPerFile({ PUSH_ALLOWED_HOSTS: 'push.digquest.test:443' });
let fieldwalker: Member;
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

/** A window of the app, as clients.matchAll() finds it (a WindowClient's focus and navigate). */
class AppWindow {
  focused = false;
  constructor(public url: string) {}
  focus = async () => Object.assign(this, { focused: true });
  navigate = async (href: string) => Object.assign(this, { url: href });
}
let windows: AppWindow[] = [];

/** The browser's side of a subscription: a real P-256 key pair and auth secret, as subscribe() makes them. */
class StandInSubscription {
  readonly endpoint = `${PUSH_SERVICE}/send/${randomBytes(6).toString('hex')}`;
  readonly keys = {
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  constructor(readonly options = { userVisibleOnly: true, applicationServerKey: new ArrayBuffer(65) }) {}
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: this.keys };
  }
}
/** push, notificationclick and pushsubscriptionchange are all ExtendableEvents. */
class StandInExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void {
    pending.push(work);
  }
}
let held: StandInSubscription | null = null;
let subscribedWith: StandInSubscription['options'][] = [];

/** The few parts of ServiceWorkerGlobalScope the handlers use. */
const scope = {
  location: { origin: 'https://digquest.test' },
  addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  registration: {
    showNotification: async (title: string, options: Shown['options']) => {
      shown.push({ title, options });
    },
    pushManager: {
      getSubscription: async () => held,
      subscribe: async (options: StandInSubscription['options']) => {
        subscribedWith.push(options);
        held = new StandInSubscription(options);
        return held;
      },
    },
  },
  clients: {
    matchAll: async () => windows,
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
  listener(Object.assign(new StandInExtendableEvent(type), event));
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
  fieldwalker = await member(server.t, 'fieldwalker');
  Object.assign(globalThis, { self: scope });
  vi.stubGlobal('ExtendableEvent', StandInExtendableEvent);
  vi.stubGlobal('PushSubscription', StandInSubscription);
  vi.stubGlobal('navigator', {
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
  });
  setUpNotifications();
});
afterAll(() => {
  Reflect.deleteProperty(globalThis, 'self');
  vi.unstubAllGlobals();
});
beforeEach(() => {
  me = fieldwalker;
  shown = [];
  opened = [];
  windows = [];
  held = null;
  subscribedWith = [];
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

  it('tapping the notification with no window of the app open opens one at its page', async () => {
    await dispatch('notificationclick', {
      action: '',
      notification: { close: () => undefined, data: { url: '/messages' } },
    });
    expect(opened).toEqual(['https://digquest.test/messages']);
  });
});

describe('tapping a notification while the app is open', () => {
  it('focuses that window and takes it to the notification’s page, opening no second one', async () => {
    const open = new AppWindow('https://digquest.test/map');
    windows = [open];
    await dispatch('notificationclick', {
      action: '',
      notification: { close: () => undefined, data: { url: '/social?tab=messages&with=7' } },
    });
    expect(open).toMatchObject({ focused: true, url: 'https://digquest.test/social?tab=messages&with=7' });
    expect(opened).toEqual([]);
  });
});

describe('pushsubscriptionchange: the browser replaced or dropped the subscription', () => {
  /** The server holds the subscription as the member's device, with its keys and label, as the page posts it. */
  async function expectRegistered(subscription: StandInSubscription): Promise<void> {
    const rows = await server.t.sql(
      'SELECT user_id, p256dh, auth, label FROM push_subscriptions WHERE endpoint = ?',
      subscription.endpoint,
    );
    expect(rows.map((r) => ({ ...r, user_id: Number(r.user_id) }))).toEqual([
      { user_id: me.user.id, ...subscription.keys, label: 'Chrome on Android' },
    ]);
  }

  it('registers the browser’s new subscription for the member', async () => {
    const renewed = new StandInSubscription();
    await dispatch('pushsubscriptionchange', {
      newSubscription: renewed,
      oldSubscription: new StandInSubscription(),
    });
    await expectRegistered(renewed);
    expect(subscribedWith).toEqual([]);
  });

  it('without a new subscription in the event, registers the one the browser now holds', async () => {
    held = new StandInSubscription();
    await dispatch('pushsubscriptionchange', {});
    await expectRegistered(held);
  });

  it('when the browser dropped it, subscribes again with the same key and registers the new one', async () => {
    const { publicKey } = (await (await api('/api/push/vapid-public-key')).json()) as { publicKey: string };
    const key = Buffer.from(publicKey, 'base64url');
    const old = new StandInSubscription({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array(key).buffer,
    });
    await dispatch('pushsubscriptionchange', { newSubscription: null, oldSubscription: old });
    expect(subscribedWith.map((o) => [o.userVisibleOnly, Buffer.from(o.applicationServerKey)])).toEqual([
      [true, key],
    ]);
    const renewed = held ?? old;
    expect(renewed).not.toBe(old);
    await expectRegistered(renewed);
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
