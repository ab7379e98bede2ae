/**
 * Notifications (docs/notifications.md): the kinds, the delivery channels and their defaults, the wire
 * shape `GET /api/notifications` answers and the pull carries, the preferences, and the push
 * subscription a device registers. The settings screen, the service worker and the server read these.
 */
import { z } from 'zod';
import {
  notificationKinds,
  notificationMessages,
  type NotificationChannels,
  type NotificationKind,
} from './notifications-constants';
import { text } from './text';

export * from './notifications-constants';

/** Local time of day, `HH:MM` (24-hour). */
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

const channelChoiceSchema = z.object({ inApp: z.boolean(), push: z.boolean(), email: z.boolean() });

/** `PUT /api/notifications/preferences` and what GET answers: every field is present in an answer. */
export const notificationPreferencesSchema = z
  .object({
    channels: z.partialRecord(z.enum(notificationKinds), channelChoiceSchema),
    quietStart: z.string().regex(TIME_OF_DAY, notificationMessages.timeInvalid).nullable(),
    quietEnd: z.string().regex(TIME_OF_DAY, notificationMessages.timeInvalid).nullable(),
    timeZone: z
      .string()
      .max(64)
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat('en-GB', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, notificationMessages.timeZoneInvalid)
      .nullable(),
    /** Show a message's text (not only who wrote) on the lock screen. */
    previews: z.boolean(),
    /** Messages by e-mail as one daily digest instead of one e-mail each. */
    messageDigest: z.boolean(),
  })
  .partial()
  .refine(
    (p) =>
      (p.quietStart === undefined) === (p.quietEnd === undefined) &&
      (p.quietStart === null) === (p.quietEnd === null),
    { message: notificationMessages.quietBoth, path: ['quietEnd'] },
  );
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>;

export interface NotificationPreferences {
  channels: NotificationChannels;
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string | null;
  previews: boolean;
  messageDigest: boolean;
}

/** One notification as `GET /api/notifications` answers it and a pull carries it. */
export interface NotificationWire {
  id: number;
  uid: string;
  kind: NotificationKind;
  actorId: number | null;
  entity: string | null;
  entityId: number | null;
  title: string;
  body: string;
  url: string;
  count: number;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationsPage {
  notifications: NotificationWire[];
  unread: number;
  nextCursor: string | null;
}

/** `POST /api/notifications/read`: those ids (all of the member's when absent). */
export const notificationsReadSchema = z.object({
  ids: z
    .array(z.number({ error: notificationMessages.idsInvalid }).int().positive(), {
      error: notificationMessages.idsInvalid,
    })
    .max(500, notificationMessages.idsInvalid)
    .optional(),
});

/** The sync update of a notification: only its read state changes on a device. */
export const notificationUpdateSchema = z.object({ readAt: z.string().datetime().nullable() });

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;

/** `POST /api/push/subscriptions`: the browser's PushSubscription.toJSON() and a label for the device. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: notificationMessages.endpointInvalid })
    .max(2048, notificationMessages.endpointInvalid)
    .url(notificationMessages.endpointInvalid),
  keys: z.object(
    {
      p256dh: z
        .string({ error: notificationMessages.keysInvalid })
        .regex(base64url, notificationMessages.keysInvalid)
        .min(80, notificationMessages.keysInvalid)
        .max(120, notificationMessages.keysInvalid),
      auth: z
        .string({ error: notificationMessages.keysInvalid })
        .regex(base64url, notificationMessages.keysInvalid)
        .min(16, notificationMessages.keysInvalid)
        .max(32, notificationMessages.keysInvalid),
    },
    { error: notificationMessages.keysInvalid },
  ),
  label: text().trim().max(80).optional(),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/**
 * A button on a shown notification that acts without opening the app: the service worker POSTs `body` to
 * `post` (one of the app's own `/api/` paths, with the member's cookie) and replaces the notification with
 * `done`; when that fails (no signal, signed out) it opens the notification's page instead.
 */
export interface PushAction {
  action: string;
  title: string;
  post: string;
  body?: Record<string, unknown>;
  /** What the notification says once the request succeeded. */
  done: { title: string; body: string };
}

/** What the service worker receives in a push and shows. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** Repeats with the same tag replace each other on the device. */
  tag: string;
  kind: NotificationKind | 'safety';
  /** At most two buttons (what Chrome on Android shows); none on most kinds. */
  actions?: PushAction[];
}
