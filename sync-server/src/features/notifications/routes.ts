import { Hono } from 'hono';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../env';

/** GET /api/notifications, POST /api/notifications/read, GET/PUT /api/notifications/preferences. */
export function notificationsRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
