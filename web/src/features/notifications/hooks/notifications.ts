/**
 * The member's notifications on the device (docs/notifications.md "On the device"): the whole list comes
 * with the member's `own` pull, so the bell, the list and its read state are read live from Dexie and work
 * offline. Marking read is a local write — `readAt` set and an update `{ readAt }` queued in the same
 * transaction (web/src/sync writeLocal) — that the engine pushes when there is signal; the other devices
 * learn it from their next pull.
 */
import type { SelfUser } from '@schema/contracts/users';
import { db, type LocalNotification } from '@web/db/database';
import { useLive, useLiveValue, writeLocal, writeLocalBatch, type Live, type LocalWrite } from '@web/sync';

/** How many notifications the list shows at first, and how many more each "Show more" adds. */
export const NOTIFICATIONS_PAGE = 30;

/**
 * Unread on this device. IndexedDB leaves a row whose `readAt` is null out of the `readAt` index, so the
 * unread ones are the total less the indexed (read) ones: two index counts, no rows read.
 */
export async function unreadCount(): Promise<number> {
  const [all, read] = await Promise.all([
    db.notifications.count(),
    db.notifications.where('readAt').aboveOrEqual('').count(),
  ]);
  return all - read;
}

/** The bell's number; 0 signed out. */
export function useUnreadNotifications(userId: number | null): number {
  return useLiveValue(async () => (userId === null ? 0 : unreadCount()), [userId], 0);
}

export interface NotificationList {
  items: LocalNotification[];
  /** More are stored beyond `items` ("Show more"). */
  more: boolean;
  unread: number;
}

/** The newest `limit`, newest first by server id (the order the server made them in). */
export function useNotificationList(userId: number | null, limit: number): Live<NotificationList> {
  return useLive(async () => {
    if (userId === null) return { items: [], more: false, unread: 0 };
    const [items, total, unread] = await Promise.all([
      db.notifications.orderBy('id').reverse().limit(limit).toArray(),
      db.notifications.count(),
      unreadCount(),
    ]);
    return { items, more: total > items.length, unread };
  }, [userId, limit]);
}

const readWrite = (user: SelfUser, n: LocalNotification, readAt: string): LocalWrite => ({
  entity: 'notifications',
  op: 'update',
  uid: n.uid,
  userId: user.id,
  payload: { readAt },
});

/** Opening one marks it read (once: a read one is left as it is). */
export async function markNotificationRead(user: SelfUser, n: LocalNotification): Promise<void> {
  if (n.readAt !== null) return;
  await writeLocal(db, readWrite(user, n, new Date().toISOString()));
}

/** "Mark all as read": every unread one on the device, in one transaction, one queued update each. */
export async function markAllNotificationsRead(user: SelfUser): Promise<number> {
  const unread = await db.notifications.filter((n) => n.readAt === null).toArray();
  const now = new Date().toISOString();
  await writeLocalBatch(
    db,
    unread.map((n) => readWrite(user, n, now)),
  );
  return unread.length;
}
