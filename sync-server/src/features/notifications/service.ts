/**
 * A member's notifications (docs/notifications.md "What notifies"): the list, the unread count and the
 * read state, for REST and sync alike. Every read and write is bounded by the member: another member's
 * notification does not exist for them (404, like a missing one). Notifications are made by the server
 * (sync-server/src/notifications), in the transaction of the act that caused them; here members only read
 * them and mark them read, and each mark is logged so the member's other devices follow (PROTOCOL.md S26).
 */
import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import { notifications } from '@schema/db/tables';
import { notificationKinds, type NotificationWire } from '@schema/contracts/notifications';
import { notFound } from '../../lib/errors';
import { first, returnedRow } from '../../lib/query';
import { integerBound } from '../../lib/sql';
import { recordChange } from '../../sync/changelog';
import { chunked, refKey, whereRef } from '../../sync/registry';
import type { EntityRef, LoadedRows, RecordRef, Store, Viewer } from '../../sync/registry';

export const notificationTexts = {
  signIn: 'Please log in to see your notifications.',
  notFound: 'Notification not found',
  serverMade: 'Notifications come from the server: a device can only mark them read or unread.',
} as const;

/** Newest first, 30 to a page (the bell's list shows a day or two of them). */
export const NOTIFICATIONS_PAGE_SIZE = 30;

type Row = typeof notifications.$inferSelect;

export const toNotification = (row: Row): NotificationWire => ({
  id: row.id,
  uid: row.uid,
  kind: notificationKinds.find((k) => k === row.kind) ?? 'message',
  actorId: row.actorId,
  entity: row.entity,
  entityId: row.entityId,
  title: row.title,
  body: row.body,
  url: row.url,
  count: row.count,
  createdAt: row.createdAt,
  readAt: row.readAt,
});

const log = (tx: Store, row: Row) =>
  recordChange(tx, 'notifications', row.id, row.uid, 'upsert', { ownerId: row.userId });

/** The member's notifications, newest first, keyset-paged by id (`limit + 1` rows). */
export async function listNotifications(
  store: Store,
  userId: number,
  page: { before: number | null; limit: number },
): Promise<NotificationWire[]> {
  const rows = await store
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        page.before === null ? undefined : lt(notifications.id, integerBound(page.before)),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(page.limit + 1);
  return rows.map(toNotification);
}

export async function unreadCount(store: Store, userId: number): Promise<number> {
  const row = await first(
    store
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  );
  return Number(row?.unread ?? 0);
}

/** Marks the member's unread notifications read: those of `ids` (others' ids are ignored), all when absent. */
export async function markRead(store: Store, userId: number, ids?: readonly number[]): Promise<number> {
  if (ids !== undefined && ids.length === 0) return 0;
  return store.transaction(async (tx) => {
    const readAt = new Date().toISOString();
    const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
    const rows =
      ids === undefined
        ? await tx.update(notifications).set({ readAt }).where(mine).returning()
        : await tx
            .update(notifications)
            .set({ readAt })
            .where(and(mine, inArray(notifications.id, ids.map(integerBound))))
            .returning();
    for (const row of rows) await log(tx, row);
    return rows.length;
  });
}

/** One notification marked read (`readAt`) or unread (null): PATCH /api/notifications/{id} and the sync update. */
export async function setReadAt(
  store: Store,
  userId: number,
  ref: RecordRef,
  readAt: string | null,
): Promise<NotificationWire> {
  return store.transaction(async (tx) => {
    const row = await returnedRow(
      tx
        .update(notifications)
        .set({ readAt })
        .where(and(whereRef(notifications, ref), eq(notifications.userId, userId)))
        .returning(),
    );
    if (!row) throw notFound(notificationTexts.notFound);
    await log(tx, row);
    return toNotification(row);
  });
}

/**
 * Pull loader: the caller's own notifications only. A gone one is a tombstone; another member's change is
 * left out entirely (it never was the caller's: S14), though the scopes never read one for them anyway.
 */
export async function loadNotificationsForPull(
  store: Store,
  viewer: Viewer,
  refs: EntityRef[],
): Promise<LoadedRows> {
  const out: LoadedRows = new Map();
  if (viewer === null) return out;
  const found = new Map<number, Row>();
  for (const ids of chunked([...new Set(refs.map((r) => r.entityId))]))
    for (const row of await store.select().from(notifications).where(inArray(notifications.id, ids)))
      found.set(row.id, row);
  for (const ref of refs) {
    const row = found.get(ref.entityId);
    if (row && row.userId !== viewer.id) continue;
    out.set(
      refKey(ref),
      row ? { id: row.id, uid: row.uid, data: { ...toNotification(row) }, userIds: [] } : null,
    );
  }
  return out;
}
