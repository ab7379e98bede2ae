import { Hono } from 'hono';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../env';

/** The safe-return trips: /api/safety/trips… */
export function safetyRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
