/**
 * A notification as the device keeps it (docs/notifications.md "On the device"): the server's row
 * (schema/contracts/notifications.ts `NotificationWire`), with its time under `created_at` like every
 * other synced table, so the list orders and groups it without parsing. Only `readAt` ever changes here.
 */
import type { NotificationKind } from '@schema/contracts/notifications';

export interface LocalNotification {
  uid: string;
  /** The server makes every notification, so it always has one; typed as every synced record's id. */
  id: number | null;
  kind: NotificationKind;
  actorId: number | null;
  entity: string | null;
  entityId: number | null;
  title: string;
  body: string;
  /** The in-app page it is about ('/finds/42'). */
  url: string;
  /** How many acts it stands for (likes batched per record per hour). */
  count: number;
  created_at: string;
  readAt: string | null;
}
