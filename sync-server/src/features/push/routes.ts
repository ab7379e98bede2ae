import { Hono } from 'hono';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../env';

/** GET /api/push/vapid-public-key, POST and DELETE /api/push/subscriptions. */
export function pushRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
