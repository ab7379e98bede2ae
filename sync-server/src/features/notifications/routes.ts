import { Hono } from 'hono';
import {
  notificationsReadSchema,
  notificationUpdateSchema,
  type NotificationsPage,
} from '@schema/contracts/notifications';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../env';
import { requireUser } from '../../lib/auth/session';
import { encodeCursor, readIdPage } from '../../lib/paging';
import { parseIdParam, readJson } from '../../lib/validate';
import {
  listNotifications,
  markRead,
  NOTIFICATIONS_PAGE_SIZE,
  notificationTexts,
  setReadAt,
  unreadCount,
} from './service';

/**
 * The member's notifications (docs/notifications.md; docs/api.md), signed in (401 otherwise):
 *   GET   /notifications            newest first, paged: { notifications, unread, nextCursor }
 *   POST  /notifications/read       { ids? } marks those of the member's (all when absent) read → { marked, unread }
 *   PATCH /notifications/{id}       { readAt } one read (an instant) or unread (null), by id or uid
 * GET/PUT /notifications/preferences live in features/notification-preferences, over the delivery module's
 * preferences (sync-server/src/delivery/preferences.ts).
 */
export function notificationsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const { db } = deps;
  const member = (c: Parameters<typeof requireUser>[0]) => requireUser(c, notificationTexts.signIn);

  app.get('/notifications', async (c) => {
    const user = member(c);
    const page = readIdPage(c, NOTIFICATIONS_PAGE_SIZE);
    const rows = await listNotifications(db, user.id, { before: page.cursor, limit: page.limit });
    const more = rows.length > page.limit;
    const shown = rows.slice(0, page.limit);
    const last = shown[shown.length - 1];
    return c.json({
      notifications: shown,
      unread: await unreadCount(db, user.id),
      nextCursor: more && last ? encodeCursor(last.id) : null,
    } satisfies NotificationsPage);
  });

  app.post('/notifications/read', async (c) => {
    const user = member(c);
    const { ids } = await readJson(c, notificationsReadSchema);
    const marked = await markRead(db, user.id, ids);
    return c.json({ marked, unread: await unreadCount(db, user.id) });
  });

  app.patch('/notifications/:id', async (c) => {
    const user = member(c);
    const ref = parseIdParam(c.req.param('id'));
    const { readAt } = await readJson(c, notificationUpdateSchema);
    return c.json(await setReadAt(db, user.id, ref, readAt));
  });

  return app;
}
