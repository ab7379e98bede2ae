/**
 * createApp({ db, config }): the whole server as one Hono app, testable in-process with app.request.
 * One sub-app per feature; middleware order: request log and metrics → unread-body discard → headers → API
 * JSON compression → client address → CSRF → health, readiness and metrics, map tiles (public, before the
 * session lookup) → session → body limits and upload slots → write limits → routes.
 */
import { Hono } from 'hono';
import type { AppEnv } from './env';
import type { Deps } from './deps';
import type { Config } from './lib/config';
import type { Db } from './lib/db';
import { HttpError } from './lib/errors';
import { healthRoutes } from './lib/health';
import { createLogger, type Logger } from './lib/logger';
import { metricsFor } from './lib/metrics';
import { observeRequests } from './lib/observe-requests';
import { createMailer, type Mailer } from './lib/mail';
import { csrfProtection, securityHeaders } from './lib/security';
import {
  DATA_URL_BODY_LIMIT,
  discardUnreadBody,
  JSON_BODY_LIMIT,
  limitBody,
  limitDeclaredBody,
  UPLOAD_BODY_LIMIT,
} from './lib/request-body';
import { BUSY_MESSAGE, IMAGE_TOO_LARGE_MESSAGE } from './lib/images';
import { admitUploads } from './lib/upload-admission';
import { limitWrites } from './lib/write-limits';
import { refuseSuspendedWrites } from './lib/moderation';
import { sessionMiddleware } from './lib/auth/session';
import { clientAddressMiddleware } from './lib/client-address';
import { RetryLaterError } from './lib/rate-limit';
import { compressJson } from './lib/compression';
import { serveWebApp } from './lib/static';
import { firstVisitHints } from './first-visit/hints';
import { authRoutes } from './features/auth/routes';
import { usersRoutes } from './features/users/routes';
import { mediaRoutes } from './features/media/routes';
import { findsRoutes } from './features/finds/routes';
import { forumRoutes } from './features/forum/routes';
import { eventsRoutes } from './features/events/routes';
import { locationsRoutes } from './features/locations/routes';
import { storiesRoutes } from './features/stories/routes';
import { socialRoutes } from './features/social/routes';
import { achievementsRoutes } from './features/achievements/routes';
import { groupsRoutes } from './features/groups/routes';
import { routesRoutes } from './features/routes/routes';
import { syncRoutes } from './sync/routes';
import { donationRoutes } from './features/donations/routes';
import { mapTilesRoutes } from './features/map-tiles/routes';
import { notificationsRoutes } from './features/notifications/routes';
import { notificationPreferencesRoutes } from './features/notification-preferences/routes';
import { pushRoutes } from './features/push/routes';
import { protectedAreasRoutes } from './features/protected-areas/routes';
import { safetyRoutes } from './features/safety/routes';
import { moderationRoutes } from './features/moderation/routes';
import { myDataRoutes } from './features/my-data/routes';
import { IMPORT_MAX_BYTES, myDataMessages } from '@schema/contracts/my-data';

export interface CreateAppOptions {
  db: Db;
  config: Config;
  logger?: Logger;
  mailer?: Mailer;
}

/** Paths that take multipart image uploads get the larger body limit. */
const UPLOAD_PATHS = [
  /^\/api\/upload$/,
  /^\/api\/upload-image$/,
  /^\/api\/users\/[^/]+\/avatar$/,
  /^\/api\/finds(\/[^/]+)?$/,
  // Photo bytes; the batch check (POST /api/sync/blobs/check) is ordinary JSON.
  /^\/api\/sync\/blobs\/(?!check$)/,
];
/** A DigQuest export being imported: streamed to disk by its route, counted there (features/my-data). */
const STREAMED_BODY_PATHS = [/^\/api\/me\/import$/];
/** Register and profile updates (`/api/users/{id}`, ids are digits) may carry the avatar as a data URL. */
const DATA_URL_PATHS = [/^\/api\/users\/register$/, /^\/api\/users\/\d+$/];
/**
 * Writes that carry their own proof instead of a cookie, so the browser's Origin says nothing about them:
 * Stripe's webhook is signed; the one-click unsubscribe (RFC 8058) is POSTed by mail clients, some from a
 * webmail page on another origin, and its token names the member (it reads no session).
 */
const WEBHOOK_PATHS = ['/api/stripe/webhook', '/api/notifications/unsubscribe'];

export function createApp(options: CreateAppOptions) {
  const { db, config } = options;
  const logger = options.logger ?? createLogger(config.logLevel);
  const mailer = options.mailer ?? createMailer(config, logger);
  const deps: Deps = { db, config, logger, mailer };
  const app = new Hono<AppEnv>();
  // One registry per app (lib/metrics.ts), reporting this app's database.
  const metrics = metricsFor(config);
  metrics.watchDatabase(db);

  // Outermost: one log line and one sample per request, with its route pattern and time (lib/observe-requests.ts).
  app.use('*', observeRequests(logger, metrics));
  // First, so every answer — a 401/403/404/413 given before the body was read included — reaches the client.
  app.use('*', discardUnreadBody());
  app.use('*', securityHeaders(config));
  // Outside everything below, so it sees each API answer as sent (errors included); see lib/compression.ts.
  app.use('/api/*', compressJson());
  app.use('*', clientAddressMiddleware(config));
  app.use('/api/*', csrfProtection(config, WEBHOOK_PATHS));
  const jsonLimit = limitBody(JSON_BODY_LIMIT);
  const uploadLimit = limitBody(UPLOAD_BODY_LIMIT, IMAGE_TOO_LARGE_MESSAGE);
  const dataUrlLimit = limitBody(DATA_URL_BODY_LIMIT, IMAGE_TOO_LARGE_MESSAGE);
  const importLimit = limitDeclaredBody(IMPORT_MAX_BYTES, myDataMessages.importTooLarge);
  // Oversized bodies are refused first; an image-sized one then waits for its turn, among its member's
  // and then everyone's, and is read at a floor rate (lib/upload-admission.ts).
  const admitUpload = admitUploads(config, BUSY_MESSAGE);
  // GET /api/health, /api/ready and /metrics read no session (lib/health.ts).
  app.route('/', healthRoutes(deps, metrics));
  // Map tiles are public and come dozens at a time: answered before the session is looked up.
  app.route('/', mapTilesRoutes(deps));
  // The session first: upload slots are counted per member.
  app.use('*', sessionMiddleware(db));
  app.use('/api/*', (c, next) => {
    const admitted = async () => {
      await admitUpload(c, next);
    };
    if (UPLOAD_PATHS.some((re) => re.test(c.req.path))) return uploadLimit(c, admitted);
    if (DATA_URL_PATHS.some((re) => re.test(c.req.path))) return dataUrlLimit(c, admitted);
    if (STREAMED_BODY_PATHS.some((re) => re.test(c.req.path))) return importLimit(c, next);
    return jsonLimit(c, next);
  });
  // A suspended member reads but writes nothing others see; push refuses per mutation (docs/moderation.md).
  app.use('/api/*', refuseSuspendedWrites());
  // New messages, comments and posts per member, as the sync push counts them (lib/write-limits.ts).
  app.use('/api/*', limitWrites(db, config));

  app.route('/', mediaRoutes(deps));
  app.route('/api', authRoutes(deps));
  app.route('/api', usersRoutes(deps));
  app.route('/api', findsRoutes(deps));
  app.route('/api', forumRoutes(deps));
  app.route('/api', eventsRoutes(deps));
  app.route('/api', locationsRoutes(deps));
  app.route('/api', storiesRoutes(deps));
  app.route('/api', socialRoutes(deps));
  app.route('/api', achievementsRoutes(deps));
  app.route('/api', groupsRoutes(deps));
  app.route('/api', routesRoutes(deps));
  app.route('/api', syncRoutes(deps));
  app.route('/api', donationRoutes(deps));
  app.route('/api', notificationsRoutes(deps));
  app.route('/api', notificationPreferencesRoutes(deps));
  app.route('/api', pushRoutes(deps));
  app.route('/api', safetyRoutes(deps));
  app.route('/api', protectedAreasRoutes(deps));
  app.route('/api', moderationRoutes(deps));
  app.route('/api', myDataRoutes(deps));

  app.all('/api/*', (c) => c.json(new HttpError(404, 'not-found', 'Not found').toBody(), 404));
  serveWebApp(app, config.webDir, firstVisitHints(db));

  app.onError((err, c) => {
    if (err instanceof RetryLaterError) c.header('Retry-After', String(err.retryAfterSeconds));
    if (err instanceof HttpError) return c.json(err.toBody(), err.status);
    logger.error({ err, method: c.req.method, path: c.req.path }, 'unhandled error');
    return c.json(
      { error: 'Internal server error', message: 'Internal server error', code: 'internal' },
      500,
    );
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
