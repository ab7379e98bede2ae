/**
 * A notification as the device keeps it (docs/notifications.md "On the device"): the server's row
 * (schema/contracts/notifications.ts `NotificationWire`), with its time under `created_at` like every
 * other synced table, so the list orders and groups it without parsing. Only `readAt` ever changes here.
 */
import type { NotificationWire } from '@schema/contracts/notifications';

export type LocalNotification = Omit<NotificationWire, 'id' | 'createdAt'> & {
  /** The server makes every notification, so it always has one; typed as every synced record's id. */
  id: number | null;
  created_at: string;
};
