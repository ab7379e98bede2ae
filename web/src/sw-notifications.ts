/// <reference lib="webworker" />
/**
 * The service worker's notifications (docs/notifications.md "On the device"), imported by sw.ts:
 * - `push`: the server's payload (schema/contracts/notifications.ts `PushPayload`) shown as a
 *   notification with the app's own icon and badge; its tag makes a repeat replace the one before;
 * - `notificationclick`: focuses a window of the app already open and takes it to the notification's page,
 *   or opens one there;
 * - `pushsubscriptionchange`: the browser replaced the subscription; the new one is registered so pushes
 *   keep arriving (the page does the same each time the app opens).
 */
import type { PushPayload } from '@schema/contracts/notifications';
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

/** The payload as the worker shows it; anything unreadable still shows that something arrived. */
export function readPayload(data: unknown): Pick<PushPayload, 'title' | 'body' | 'url' | 'tag'> {
  const p = isRecord(data) ? data : {};
  return {
    title: typeof p.title === 'string' && p.title !== '' ? p.title : 'DigQuest',
    body: typeof p.body === 'string' ? p.body : '',
    url: typeof p.url === 'string' ? p.url : '/notifications',
    tag: typeof p.tag === 'string' ? p.tag : '',
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

async function registerAgain(event: Event): Promise<void> {
  const renewed = 'newSubscription' in event ? event.newSubscription : null;
  const subscription =
    renewed instanceof PushSubscription
      ? renewed
      : await self.registration.pushManager.getSubscription().catch(() => null);
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
        data: { url: payload.url },
      }),
    );
  });

  self.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const data: unknown = event.notification.data;
    event.waitUntil(openOrFocus(appUrl(isRecord(data) ? data.url : undefined, self.location.origin)));
  });

  self.addEventListener('pushsubscriptionchange', (event: Event) => {
    if (event instanceof ExtendableEvent) event.waitUntil(registerAgain(event));
  });
}
