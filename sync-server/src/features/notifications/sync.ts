/**
 * Notifications as a synced entity (PROTOCOL.md entities table; docs/notifications.md): the member's own,
 * pulled in `own` and by nobody else (member-only, not even pinned), so the list and its read state work
 * offline and across devices. The server makes them; a device only updates `readAt` (marked read, or
 * unread again) — a create or a delete from a device is refused.
 */
import { notificationUpdateSchema } from '@schema/contracts/notifications';
import { applied, unsupported, writeOp, type SyncedEntity } from '../../sync/entity';
import { loadNotificationsForPull, notificationTexts, setReadAt } from './service';

export const notificationsEntity: SyncedEntity = {
  entity: 'notifications',
  visibility: { rows: 'member-only' },
  scope: { kind: 'owned' },
  load: loadNotificationsForPull,
  write: {
    uid: 'record',
    create: unsupported(notificationTexts.serverMade),
    update: writeOp(notificationUpdateSchema, async ({ store, user, ref }, input) =>
      applied((await setReadAt(store, user.id, ref, input.readAt)).id),
    ),
    delete: unsupported(notificationTexts.serverMade),
  },
};
