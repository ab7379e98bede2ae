/** The notification screens' words, shared with their tests (docs/notifications.md "On the device"). */
export const notificationTexts = {
  listTitle: 'Notifications',
  listDescription: 'What happened around your finds, groups, events and messages.',
  signedOut: 'Sign in to see your notifications.',
  loading: 'Loading notifications…',
  empty: 'No notifications yet',
  emptyHint:
    'When someone messages you, comments on or likes what you posted, follows you, asks to join your group or changes an event you are going to, it will show here.',
  markAll: 'Mark all as read',
  markedAll: 'All notifications marked as read',
  showMore: 'Show more',
  unread: 'Unread',
  settings: 'Notification settings',
  loadFailed: 'Could not read your notifications on this device.',

  settingsTitle: 'Notification settings',
  settingsDescription: 'Choose what reaches you, and how.',
  channelsHeading: 'What to tell you about',
  channelsCaption: 'Notification kinds and how each reaches you',
  inApp: 'In the app',
  push: 'Push',
  email: 'E-mail',
  quietHeading: 'Quiet hours',
  quietHint:
    'No push notifications between these times (they still appear in the app). Times are in this device’s time zone.',
  quietStart: 'From',
  quietEnd: 'Until',
  quietSave: 'Save quiet hours',
  quietClear: 'No quiet hours',
  quietSaved: 'Quiet hours saved',
  previews: 'Show message text on the lock screen',
  previewsHint: 'When off, a message notification says only who wrote.',
  digest: 'Send messages by e-mail as one daily digest',
  digestHint: 'Instead of one e-mail per message.',
  saved: 'Settings saved',
  saveFailed: 'Could not save your settings. Please check your connection and try again.',
  offline: 'You are offline: your settings can be changed once you are back online.',

  deviceHeading: 'Push on this device',
  turnOn: 'Turn on notifications',
  turnOff: 'Turn off on this device',
  pushOn: 'Notifications are on for this device.',
  pushOff:
    'Get a notification on this device even when DigQuest is closed. Your browser will ask for permission after you tap the button.',
  pushTurnedOn: 'Notifications are on for this device',
  pushTurnedOff: 'Notifications are off for this device',
  pushFailed: 'Could not turn on notifications on this device. Please try again.',
  pushDenied:
    'Notifications are blocked for DigQuest in this browser. To allow them, open the site settings (the icon beside the address, or your phone’s Settings → Notifications), allow notifications for DigQuest, then come back and tap "Turn on notifications".',
  pushUnsupported:
    'This browser cannot show push notifications. You still see every notification in the app, under the bell.',
  iphone:
    'On an iPhone or iPad (iOS 16.4 and later), notifications work once DigQuest is on your Home Screen: tap Share, then "Add to Home Screen", open DigQuest from there and turn notifications on.',
} as const;
