/**
 * Push on this device (docs/notifications.md "On the device"). The browser asks for permission only after
 * the member chooses "Turn on notifications", never on load. Turning on subscribes with the server's VAPID
 * public key and registers the subscription with a label naming the device ("Chrome on Android"); each
 * time the app opens with permission granted, the subscription is registered again (a browser may have
 * replaced it; the server keeps one per endpoint). "Turn off on this device" unsubscribes and removes it.
 */
import type { PushSubscriptionInput } from '@schema/contracts/notifications';
import { api } from '@web/lib/api';
import { deviceLabel, isAppleMobile } from './device-label';

/** What the settings screen offers on this device. */
export type PushState =
  /** No Push API in this browser. */
  | 'unsupported'
  /** An iPhone or iPad in Safari: push needs the app added to the Home Screen (iOS 16.4 and later). */
  | 'needs-home-screen'
  /** The member (or the browser) refused; only the browser's site settings can undo it. */
  | 'denied'
  | 'off'
  | 'on';

/** Remembers that the member turned push on here, so opening the app keeps it registered. */
const WANTED_KEY = 'dq-push-wanted';

const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  ('standalone' in navigator && navigator.standalone === true);

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) {
    return isAppleMobile(navigator.userAgent) && !isStandalone() ? 'needs-home-screen' : 'unsupported';
  }
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? 'on' : 'off';
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function vapidKey(): Promise<Uint8Array<ArrayBuffer>> {
  const answer = await api<unknown>('/api/push/vapid-public-key');
  const key =
    typeof answer === 'object' && answer !== null && 'publicKey' in answer ? answer.publicKey : answer;
  if (typeof key !== 'string' || key === '') throw new Error('The server has no push key');
  return base64UrlToBytes(key);
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((v, i) => v === b[i]);

/** The subscription as the server takes it (pushSubscriptionSchema). */
export function subscriptionBody(subscription: PushSubscription, label: string): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    label,
  };
}

/** Subscribes (or keeps this device's subscription when it uses the server's key) and registers it. */
async function subscribeAndRegister(): Promise<void> {
  const [key, registration] = await Promise.all([vapidKey(), navigator.serviceWorker.ready]);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's keys were replaced) cannot receive our pushes.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await api('/api/push/subscriptions', {
    method: 'POST',
    json: subscriptionBody(subscription, deviceLabel()),
  });
}

/** "Turn on notifications": the browser's prompt, then the subscription. Answers the state it ends in. */
export async function turnOnPush(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  localStorage.setItem(WANTED_KEY, '1');
  await subscribeAndRegister();
  return 'on';
}

/** "Turn off on this device": the server forgets the subscription, then the browser drops it. */
export async function turnOffPush(): Promise<void> {
  localStorage.removeItem(WANTED_KEY);
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await api('/api/push/subscriptions', { method: 'DELETE', json: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

/**
 * On every app start of a signed-in member: when push is on here (or was turned on and the browser dropped
 * the subscription) and the browser still allows it, register the subscription again. Never prompts.
 */
export async function refreshPushSubscription(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscribed = Boolean(await registration?.pushManager.getSubscription());
  if (subscribed || localStorage.getItem(WANTED_KEY) === '1') await subscribeAndRegister();
}
