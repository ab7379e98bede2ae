/**
 * The notifications' synced entity (docs/notifications.md "On the device"): the member's own, made by the
 * server and pulled with `own`, never by anyone else. The one write a device makes is marking one read:
 * `readAt` set in Dexie and an update `{ readAt }` queued in the same transaction, so the list and the
 * bell are right offline and the other devices learn it from the next pull. No window: a member's
 * notifications stay on their device until the server removes them, and leave it when someone else signs
 * in (C11).
 */
import { notificationKinds, type NotificationKind } from '@schema/contracts/notifications-constants';
import type { LocalNotification } from '../notifications-types';
import { defineEntity } from '../entity-descriptor';
import { isRow, numberOrNull, text } from '../entity-fields';

const isKind = (value: unknown): value is NotificationKind => notificationKinds.some((k) => k === value);

function isLocalNotification(value: unknown): value is LocalNotification {
  if (!isRow(value)) return false;
  return (
    typeof value.uid === 'string' &&
    (typeof value.id === 'number' || value.id === null) &&
    isKind(value.kind) &&
    (value.actorId === null || typeof value.actorId === 'number') &&
    (value.entity === null || typeof value.entity === 'string') &&
    (value.entityId === null || typeof value.entityId === 'number') &&
    typeof value.title === 'string' &&
    typeof value.body === 'string' &&
    typeof value.url === 'string' &&
    typeof value.count === 'number' &&
    typeof value.created_at === 'string' &&
    (value.readAt === null || typeof value.readAt === 'string')
  );
}

export const notificationsEntity = defineEntity<LocalNotification, 'notifications'>({
  entity: 'notifications',
  label: 'Notifications',
  // `own` brings them all; nothing pins one, so no REST paths.
  scope: { kind: 'owned' },
  is: isLocalNotification,
  fold: { readAt: 'text-or-null' },
  fromServer(data) {
    const record = {
      uid: data.uid,
      id: data.id,
      kind: data.kind,
      actorId: numberOrNull(data.actorId),
      entity: text(data.entity) ?? null,
      entityId: numberOrNull(data.entityId),
      title: data.title,
      body: text(data.body) ?? '',
      url: data.url,
      count: typeof data.count === 'number' ? data.count : 1,
      created_at: text(data.createdAt) ?? text(data.created_at) ?? '',
      readAt: text(data.readAt) ?? null,
    };
    return isLocalNotification(record) ? record : null;
  },
  describe(m, known) {
    const about = known ? ` "${known.title.slice(0, 40)}"` : '';
    return {
      label: m.op === 'update' ? `Marking a notification read${about}` : `Notification${about}`,
      editHref: null,
    };
  },
  // The device holds the signed-in member's notifications only: a new viewer starts with none.
  forgetOnViewerChange: (rows) => rows.clear(),
});
