// @vitest-environment jsdom
/**
 * /settings/notifications (docs/notifications.md "On the device") against the real server in process:
 * the kind × channel table saved as it changes; quiet hours sent with the device's time zone; previews and
 * the daily digest; push on this device — the browser is asked for permission only after "Turn on
 * notifications", the subscription made with the server's VAPID key reaches the server with a label, and
 * "Turn off on this device" removes it; a refusal says how to allow notifications again; the iPhone note.
 */
import 'fake-indexeddb/auto';
import { createECDH, randomBytes } from 'node:crypto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  notificationKindLabels,
  notificationKinds,
  type NotificationPreferences,
} from '@schema/contracts/notifications';
import { Toaster } from '@web/components/ui/toast';
import { db } from '@web/db/database';
import { appFetch, createTestApp, member, type Member, type TestApp } from '@web/sync/test-utils';
import { deviceLabel } from '../device-label';
import { refreshPushSubscription } from '../push';
import { notificationTexts as t } from '../texts';
import { NotificationSettingsPage } from './notification-settings-page';

const PUSH_HOST = '127.0.0.1:9';
let app: TestApp;
let me: Member;
let n = 0;

beforeAll(async () => {
  app = await createTestApp({ PUSH_ALLOWED_HOSTS: PUSH_HOST });
});
afterAll(() => app.close());

beforeEach(async () => {
  n += 1;
  me = await member(app, `settings_member${n}`);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => true);
  vi.stubGlobal(
    'fetch',
    appFetch(app, () => me.cookie),
  );
  await db.open();
  await db.session.put({ key: 'current', user: me.user, checkedAt: '' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** What the page reads of a PushSubscription. */
interface FakeSubscription {
  endpoint: string;
  expirationTime: null;
  getKey(): null;
  options: { applicationServerKey: ArrayBufferLike | null; userVisibleOnly: boolean };
  toJSON(): { endpoint: string; keys: { p256dh: string; auth: string } };
  unsubscribe(): Promise<boolean>;
}

/** A browser with the Push API: permission as `answer` says, and a push manager that records its calls. */
function browserPush(answer: NotificationPermission) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(randomBytes(16)) };
  const endpoint = `http://${PUSH_HOST}/push/${n}`;
  const state: { permission: NotificationPermission; subscription: FakeSubscription | null } = {
    permission: 'default',
    subscription: null,
  };
  const unsubscribe = vi.fn(async () => {
    state.subscription = null;
    return true;
  });
  const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
    const key = options.applicationServerKey;
    const subscription: FakeSubscription = {
      endpoint,
      expirationTime: null,
      getKey: () => null,
      options: { applicationServerKey: key instanceof Uint8Array ? key.buffer : null, userVisibleOnly: true },
      toJSON: () => ({ endpoint, keys }),
      unsubscribe,
    };
    state.subscription = subscription;
    return subscription;
  });
  const registration = {
    pushManager: { getSubscription: async () => state.subscription, subscribe },
  };
  const requestPermission = vi.fn(async () => {
    state.permission = answer;
    return answer;
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission,
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { requestPermission, subscribe, unsubscribe, endpoint };
}

/** What the server holds for a push endpoint. */
const subscriptionsAt = (endpoint: string) =>
  app.sql('SELECT user_id, label FROM push_subscriptions WHERE endpoint = ?', endpoint);

async function serverPreferences(): Promise<NotificationPreferences> {
  const res = await appFetch(app, () => me.cookie)('/api/notifications/preferences');
  return (await res.json()) as NotificationPreferences;
}

function renderPage() {
  render(
    <MemoryRouter>
      <NotificationSettingsPage />
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('Notification settings', () => {
  it('a table of kinds × channels, with the defaults; a change is saved at once', async () => {
    browserPush('granted');
    const user = renderPage();
    const table = await screen.findByRole('table', { name: t.channelsCaption });
    // Every kind, three channels each.
    expect(within(table).getAllByRole('checkbox')).toHaveLength(notificationKinds.length * 3);
    expect(notificationKinds).toHaveLength(14);
    // Treasure reminders go by e-mail unless turned off: the legal deadline is the one not to miss.
    expect(
      screen.getByRole('checkbox', { name: `${notificationKindLabels['treasure-reminder']}: ${t.email}` }),
    ).toBeChecked();
    expect(within(table).getByRole('columnheader', { name: t.push })).toBeInTheDocument();
    expect(
      within(table).getByRole('rowheader', { name: notificationKindLabels.message }),
    ).toBeInTheDocument();
    const messageMail = screen.getByRole('checkbox', {
      name: `${notificationKindLabels.message}: ${t.email}`,
    });
    const followMail = screen.getByRole('checkbox', { name: `${notificationKindLabels.follow}: ${t.email}` });
    expect(messageMail).toBeChecked();
    expect(followMail).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: `${notificationKindLabels.follow}: ${t.push}` }));
    await waitFor(async () => expect((await serverPreferences()).channels.follow.push).toBe(false));
    await waitFor(() => expect(followMail).toBeEnabled());
    await user.click(followMail);
    await waitFor(async () =>
      expect((await serverPreferences()).channels.follow).toEqual({ inApp: true, push: false, email: true }),
    );
  });

  it("quiet hours are saved with the device's time zone; previews and the daily digest", async () => {
    browserPush('granted');
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: t.quietSave }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please set both the start and the end');
    // Both empty fields are marked and point at the message.
    for (const label of [t.quietStart, t.quietEnd])
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(
        /Please set both the start and the end/,
      );
    await user.type(screen.getByLabelText(t.quietStart), '22:00');
    await user.type(screen.getByLabelText(t.quietEnd), '07:30');
    await user.click(screen.getByRole('button', { name: t.quietSave }));
    await waitFor(async () =>
      expect(await serverPreferences()).toMatchObject({
        quietStart: '22:00',
        quietEnd: '07:30',
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: t.previews }));
    await waitFor(async () => expect((await serverPreferences()).previews).toBe(true));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: t.digest })).toBeEnabled());
    await user.click(screen.getByRole('checkbox', { name: t.digest }));
    await waitFor(async () => expect((await serverPreferences()).messageDigest).toBe(true));
    await user.click(await screen.findByRole('button', { name: t.quietClear }));
    await waitFor(async () =>
      expect(await serverPreferences()).toMatchObject({ quietStart: null, quietEnd: null }),
    );
  });

  it('no permission prompt on load; "Turn on notifications" asks, subscribes with the VAPID key and registers the device; "Turn off" removes it', async () => {
    const push = browserPush('granted');
    const user = renderPage();
    const turnOn = await screen.findByRole('button', { name: t.turnOn });
    expect(screen.getByText(t.iphone)).toBeInTheDocument();
    expect(push.requestPermission).not.toHaveBeenCalled();

    await user.click(turnOn);
    expect(await screen.findByRole('button', { name: t.turnOff })).toBeInTheDocument();
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    const key = await (await appFetch(app, () => '')('/api/push/vapid-public-key')).json();
    const sent = push.subscribe.mock.calls[0]?.[0].applicationServerKey;
    expect(sent instanceof Uint8Array && Buffer.from(sent).toString('base64url')).toBe(
      (key as { publicKey: string }).publicKey,
    );
    const rows = await subscriptionsAt(push.endpoint);
    expect(rows).toEqual([
      expect.objectContaining({ user_id: me.user.id, label: deviceLabel(navigator.userAgent) }),
    ]);

    await user.click(screen.getByRole('button', { name: t.turnOff }));
    expect(await screen.findByRole('button', { name: t.turnOn })).toBeInTheDocument();
    expect(push.unsubscribe).toHaveBeenCalledTimes(1);
    expect(await subscriptionsAt(push.endpoint)).toEqual([]);
  });

  it('permission refused: says how to allow notifications again, and nothing is registered', async () => {
    const push = browserPush('denied');
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: t.turnOn }));
    expect(await screen.findByText(t.pushDenied)).toBeInTheDocument();
    expect(push.subscribe).not.toHaveBeenCalled();
    expect(await subscriptionsAt(push.endpoint)).toEqual([]);
  });

  it('each app start registers this device again without asking, once push is on here; before that, nothing', async () => {
    const push = browserPush('granted');
    await refreshPushSubscription();
    expect(push.requestPermission).not.toHaveBeenCalled();
    expect(push.subscribe).not.toHaveBeenCalled();

    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: t.turnOn }));
    await screen.findByRole('button', { name: t.turnOff });
    // The app opens again with another member signed in on this browser: the device is theirs now.
    me = await member(app, `settings_next${n}`);
    await refreshPushSubscription();
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    expect(push.subscribe).toHaveBeenCalledTimes(1);
    expect(await subscriptionsAt(push.endpoint)).toEqual([expect.objectContaining({ user_id: me.user.id })]);
  });
});
