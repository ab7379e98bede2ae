/// <reference lib="webworker" />
/**
 * The service worker's notifications (docs/notifications.md "On the device"), imported by sw.ts:
 * - `push`: the server's payload (schema/contracts/notifications.ts `PushPayload`) shown as a
 *   notification with the app's own icon and badge; its tag makes a repeat replace the one before;
 * - `notificationclick`: focuses a window of the app already open and takes it to the notification's page,
 *   or opens one there; a button (the safe-return reminder's "I'm back", "Extend 30 min") instead sends its
 *   request from the worker and says it was done, falling back to the page when the request fails;
 * - `pushsubscriptionchange`: the browser replaced the subscription, or dropped it (then the worker
 *   subscribes again with the same key); the new one is registered so pushes keep arriving (the page does
 *   the same each time the app opens).
 */
import type { PushAction, PushPayload } from '@schema/contracts/notifications';
import { deviceLabel } from './features/notifications/device-label';

declare const self: ServiceWorkerGlobalScope;

const ICON = '/icons/icon-192.png';
/** Android draws the badge as a white silhouette in the status bar. */
const BADGE = '/icons/badge-96.png';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Only the app's own pages: a payload never takes the member to another site. */
export function appUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return '/notifications';
  return new URL(url, origin).href;
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** A button the worker may act on: a POST to one of the app's own API paths, nothing else. */
function readAction(value: unknown): PushAction | null {
  if (!isRecord(value) || !isRecord(value.done)) return null;
  const { action, title, post, body, done } = value;
  if (!isString(action) || !isString(title) || !isString(post)) return null;
  if (!post.startsWith('/api/') || post.includes('..')) return null;
  if (!isString(done.title) || !isString(done.body)) return null;
  return {
    action,
    title,
    post,
    ...(isRecord(body) ? { body } : {}),
    done: { title: done.title, body: done.body },
  };
}

/** The payload as the worker shows it; anything unreadable still shows that something arrived. */
export function readPayload(
  data: unknown,
): Pick<PushPayload, 'title' | 'body' | 'url' | 'tag'> & { actions: PushAction[] } {
  const p = isRecord(data) ? data : {};
  const actions = Array.isArray(p.actions) ? p.actions.map(readAction) : [];
  return {
    title: isString(p.title) && p.title !== '' ? p.title : 'DigQuest',
    body: isString(p.body) ? p.body : '',
    url: isString(p.url) ? p.url : '/notifications',
    tag: isString(p.tag) ? p.tag : '',
    actions: actions.filter((a): a is PushAction => a !== null).slice(0, 2),
  };
}

function parse(event: PushEvent): unknown {
  try {
    return event.data?.json();
  } catch {
    return { body: event.data?.text() ?? '' };
  }
}

async function openOrFocus(href: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const own = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (own) {
    const focused = await own.focus();
    await focused.navigate(href).catch(() => null);
    return;
  }
  await self.clients.openWindow(href);
}

/**
 * A button pressed: its request goes from the worker with the member's cookie, and the notification is
 * replaced by what was done. Without signal, or when the server refuses (signed out, the trip already
 * over), the page opens so the member can see where things stand and act there.
 */
async function act(action: PushAction, notification: Notification, page: string): Promise<void> {
  const ok = await fetch(action.post, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(action.body ?? {}),
  }).then(
    (response) => response.ok,
    () => false,
  );
  if (!ok) return openOrFocus(appUrl(page, self.location.origin));
  // A tap on what replaced it still opens the page.
  await self.registration.showNotification(action.done.title, {
    body: action.done.body,
    icon: ICON,
    badge: BADGE,
    ...(notification.tag ? { tag: notification.tag } : {}),
    data: { url: page },
  });
}

/**
 * The browser's new subscription, or the one it holds now; when it dropped ours without a new one (the
 * event carries only the old), a new one with the old one's key, as the page would make it (push.ts).
 */
async function renewedSubscription(event: Event): Promise<PushSubscription | null> {
  const renewed = 'newSubscription' in event ? event.newSubscription : null;
  if (renewed instanceof PushSubscription) return renewed;
  const { pushManager } = self.registration;
  const current = await pushManager.getSubscription().catch(() => null);
  if (current) return current;
  const old = 'oldSubscription' in event ? event.oldSubscription : null;
  const applicationServerKey = old instanceof PushSubscription ? old.options.applicationServerKey : null;
  if (!applicationServerKey) return null;
  return pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }).catch(() => null);
}

async function registerAgain(event: Event): Promise<void> {
  const subscription = await renewedSubscription(event);
  if (!subscription) return;
  const json = subscription.toJSON();
  await fetch('/api/push/subscriptions', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      endpoint: subscription.endpoint,
      keys: json.keys,
      label: deviceLabel(navigator.userAgent),
    }),
  }).catch(() => null);
}

export function setUpNotifications(): void {
  self.addEventListener('push', (event: PushEvent) => {
    const payload = readPayload(parse(event));
    event.waitUntil(
      self.registration.showNotification(payload.title, {
        body: payload.body,
        icon: ICON,
        badge: BADGE,
        ...(payload.tag ? { tag: payload.tag } : {}),
        // `actions` is missing from TypeScript's NotificationOptions; Chrome and Edge show the buttons.
        ...(payload.actions.length
          ? { actions: payload.actions.map(({ action, title }) => ({ action, title })) }
          : {}),
        data: { url: payload.url, ...(payload.actions.length ? { actions: payload.actions } : {}) },
      }),
    );
  });

  self.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const data: unknown = event.notification.data;
    const page = isRecord(data) ? data.url : undefined;
    const pressed = event.action
      ? readPayload({ actions: isRecord(data) ? data.actions : [] }).actions.find(
          (a) => a.action === event.action,
        )
      : undefined;
    event.waitUntil(
      pressed && isString(page)
        ? act(pressed, event.notification, page)
        : openOrFocus(appUrl(page, self.location.origin)),
    );
  });

  self.addEventListener('pushsubscriptionchange', (event: Event) => {
    if (event instanceof ExtendableEvent) event.waitUntil(registerAgain(event));
  });
}
