/**
 * One structured log line and one metrics sample per request (docs/operations.md "Request log"), under
 * the route pattern Hono matched (`/api/finds/:id`), never the raw path: ids in a label would make a series
 * per record, and the pattern is what an operator groups by. Outermost middleware, so the time covers
 * every other middleware (compression included) up to the answer's headers; a streamed body's transfer
 * is not in it.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from './logger';
import type { AppMetrics } from './metrics';

/** Probed every few seconds by load balancers and Prometheus: logged at debug, not info. */
const PROBES = new Set(['/api/health', '/api/ready', '/metrics']);

/**
 * The pattern of the route that answered: after `next()` Hono's route index points at the last handler
 * dispatched — the route, or the middleware that answered for it (a 401 or 413 from `/api/*`).
 */
export function routePattern(c: Context): string {
  return routePath(c) || 'unmatched';
}

export function observeRequests(logger: Logger, metrics: AppMetrics): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const seconds = (performance.now() - started) / 1000;
      const route = routePattern(c);
      // Hono answers a thrown error through onError before we get here; a 500 when nothing answered.
      const status = c.finalized ? c.res.status : 500;
      metrics.request(c.req.method, route, status, seconds);
      const level = PROBES.has(route) ? 'debug' : 'info';
      if (logger.isLevelEnabled(level))
        logger[level](
          {
            method: c.req.method,
            route,
            status,
            durationMs: Math.round(seconds * 10_000) / 10,
            // The raw path names records and members: only when debugging.
            ...(logger.isLevelEnabled('debug') ? { path: c.req.path } : {}),
          },
          'request',
        );
    }
  };
}
