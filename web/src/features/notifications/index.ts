/** Notifications on the device: the list, the settings (docs/notifications.md "On the device"). */
export { NotificationsPage } from './pages/notifications-page';
export { NotificationSettingsPage } from './pages/notification-settings-page';
