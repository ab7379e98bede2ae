/**
 * Notifications' plain values (docs/notifications.md): the kinds, the channels and their defaults, the
 * labels and messages. Zod-free, so the device's notification table (loaded with the app shell) does not
 * bring the validation library into a first visit; notifications.ts re-exports all of it with the schemas.
 */

export const notificationKinds = [
  'message',
  'comment',
  'reply',
  'follow',
  'group-request',
  'group-approved',
  'event-changed',
  'event-cancelled',
  'event-reminder',
  'treasure-reminder',
  'permission-expiry',
  'achievement',
  'likes',
  'moderation',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationChannels = ['inApp', 'push', 'email'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export type ChannelChoice = Record<NotificationChannel, boolean>;
export type NotificationChannels = Record<NotificationKind, ChannelChoice>;

/** What each kind is called on the settings screen. */
export const notificationKindLabels: Record<NotificationKind, string> = {
  message: 'Direct messages',
  comment: 'Comments on my finds, posts, stories and events',
  reply: 'Replies in group discussions I posted in',
  follow: 'New followers',
  'group-request': 'Requests to join my private groups',
  'group-approved': 'My requests to join a group approved',
  'event-changed': 'Changes to events I attend',
  'event-cancelled': 'Events I attend cancelled',
  'event-reminder': 'Events I attend starting in 24 hours',
  'treasure-reminder': 'Reminders to report possible Treasure',
  'permission-expiry': 'Permissions about to expire',
  achievement: 'Achievements unlocked',
  likes: 'Likes on what I posted',
  moderation: 'Moderators acting on my posts or account',
};

/**
 * In the app and by push for every kind; by e-mail only messages (and those can be a daily digest) and the
 * Treasure reminders, since missing the legal deadline is what the member can least afford.
 */
const EMAILED_BY_DEFAULT: readonly NotificationKind[] = ['message', 'treasure-reminder'];
export function defaultChannels(): NotificationChannels {
  return Object.fromEntries(
    notificationKinds.map((kind) => [
      kind,
      { inApp: true, push: true, email: EMAILED_BY_DEFAULT.includes(kind) },
    ]),
  ) as NotificationChannels;
}

export const notificationMessages = {
  timeInvalid: 'Please enter a time as HH:MM',
  timeZoneInvalid: 'Please choose a valid time zone',
  quietBoth: 'Please set both the start and the end of quiet hours',
  idsInvalid: 'Please choose the notifications to mark as read',
  endpointInvalid: 'The push subscription is not valid',
  endpointRefused: 'This push service address is not allowed',
  keysInvalid: 'The push subscription keys are not valid',
  pushUnavailable: 'Push notifications are not available on this server',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
} as const;
