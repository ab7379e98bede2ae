/**
 * Routes REST (docs/product/ar-routes.md "API calls"; docs/api.md), mounted under /api. Thin: read and
 * validate input, decide who asks from the session, call the service. Every `{id}` accepts the id or uid.
 *   GET    /routes               ?near=lat,lng &radiusKm= (1–200, default 50) &limit= &cursor=
 *                                public routes and the caller's own; newest first, or nearest first
 *   GET    /routes/{id}          404 for a route the caller may not see
 *   POST   /routes               the route's fields, `uid?` → 201 (200 for a replayed uid)     members
 *   PUT    /routes/{id}          any of the fields                                              the owner
 *   DELETE /routes/{id}                                                                         the owner
 *   POST   /routes/{id}/complete { uid?, completedAt?, rating? } → 201 the completion          members
 *   POST   /routes/{id}/rating   { rating } 1–5 → the route; 403 before a completion           members
 *   GET    /preferences, PUT /preferences                                                      members
 * Signed out: 401 for writes; another member's private route: 404; another member's public one: 403.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  completionSyncCreatePayloadSchema,
  preferencesSchema,
  ratingSchema,
  routeCreateSchema,
  routeMessages as m,
  routeUpdateSchema,
  ROUTES_PAGE_SIZE,
  ROUTES_RADIUS_DEFAULT_KM,
  ROUTES_RADIUS_MAX_KM,
  ROUTES_RADIUS_MIN_KM,
} from '@schema/contracts/ar-routes';
import { optionalUidSchema } from '@schema/contracts/finds';
import type { AppEnv } from '../../env';
import type { Deps } from '../../deps';
import { requireUser } from '../../lib/auth/session';
import { badRequest } from '../../lib/errors';
import { readPage, sendPage } from '../../lib/paging';
import { parseIdParam, parseWith } from '../../lib/validate';
import { viewerOf } from '../../sync/visibility';
import { shownUnlessHidden } from '../../lib/moderation';
import { completeRoute, rateRoute } from './completions';
import { getPreferences, putPreferences } from './preferences';
import {
  createRoute,
  deleteRoute,
  existingRouteForCreate,
  getRoute,
  listRoutes,
  requireOwnRoute,
  updateRoute,
  type NearQuery,
  type RouteListQuery,
} from './service';

const idParam = (c: Context<AppEnv>) => parseIdParam(c.req.param('id') ?? '');

async function readBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.json().catch(() => null);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('Invalid JSON body');
  return Object.fromEntries(Object.entries(body));
}

function readNear(near: string | undefined, radius: string | undefined): NearQuery | undefined {
  if (!near) {
    if (radius) throw badRequest(m.invalidNear);
    return undefined;
  }
  const match = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(near);
  const lat = Number(match?.[1]);
  const lng = Number(match?.[2]);
  if (!match || Math.abs(lat) > 90 || Math.abs(lng) > 180) throw badRequest(m.invalidNear);
  const radiusKm = radius ? Number(radius) : ROUTES_RADIUS_DEFAULT_KM;
  if (!Number.isFinite(radiusKm) || radiusKm < ROUTES_RADIUS_MIN_KM || radiusKm > ROUTES_RADIUS_MAX_KM)
    throw badRequest(m.invalidRadius);
  return { lat, lng, radiusKm };
}

const nearCursor = z.object({ distanceKm: z.number(), id: z.number().int() });

function readListQuery(c: Context<AppEnv>): RouteListQuery {
  const page = readPage<unknown>(c, ROUTES_PAGE_SIZE);
  const near = readNear(c.req.query('near'), c.req.query('radiusKm'));
  const query: RouteListQuery = { near, limit: page.limit };
  if (page.cursor === null) return query;
  if (near) {
    const after = nearCursor.safeParse(page.cursor);
    if (!after.success) throw badRequest('Invalid cursor');
    return { ...query, after: after.data };
  }
  if (!Number.isSafeInteger(page.cursor)) throw badRequest('Invalid cursor');
  return { ...query, before: Number(page.cursor) };
}

export function routesRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const { db } = deps;

  app.get('/routes', async (c) => {
    const query = readListQuery(c);
    const rows = await listRoutes(db, viewerOf(c), query);
    return c.json(
      sendPage(c, rows, query.limit, (row) =>
        query.near ? { distanceKm: row.distanceKm ?? 0, id: row.id } : row.id,
      ),
    );
  });

  // A route a moderator hid: 404 to others, shown with its notice to its owner and moderators.
  app.get('/routes/:id', async (c) =>
    c.json(
      await shownUnlessHidden(
        db,
        'routes',
        await getRoute(db, idParam(c), viewerOf(c)),
        c.get('user'),
        m.notFound,
      ),
    ),
  );

  app.post('/routes', async (c) => {
    const user = requireUser(c, m.loginToCreate);
    const body = await readBody(c);
    const uid = parseWith(optionalUidSchema, body.uid);
    // A replay answers the stored route, whatever else changed in the body (S4).
    const existing = uid ? await existingRouteForCreate(db, user, uid) : undefined;
    if (existing) return c.json(await getRoute(db, { id: existing.id }, { id: user.id }), 200);
    const { route, created } = await createRoute(db, user, parseWith(routeCreateSchema, body), { uid });
    return c.json(route, created ? 201 : 200);
  });

  app.put('/routes/:id', async (c) => {
    const user = requireUser(c, m.loginToEdit);
    const ref = idParam(c);
    // Who may edit before what is sent: a stranger learns nothing from a validation message.
    await requireOwnRoute(db, user, ref, m.notOwner);
    return c.json(await updateRoute(db, user, ref, parseWith(routeUpdateSchema, await readBody(c))));
  });

  app.delete('/routes/:id', async (c) => {
    const user = requireUser(c, m.loginToDelete);
    return c.json({ success: true, id: await deleteRoute(db, user, idParam(c)) });
  });

  app.post('/routes/:id/complete', async (c) => {
    const user = requireUser(c, m.loginToComplete);
    const ref = idParam(c);
    const body: Record<string, unknown> = await readBody(c).catch(() => ({}));
    const uid = parseWith(optionalUidSchema, body.uid);
    const input = parseWith(completionSyncCreatePayloadSchema.omit({ routeUid: true }), body);
    const { completion, created } = await completeRoute(db, user, ref, { uid, ...input });
    return c.json(completion, created ? 201 : 200);
  });

  app.post('/routes/:id/rating', async (c) => {
    const user = requireUser(c, m.loginToRate);
    const ref = idParam(c);
    const { rating } = parseWith(ratingSchema, await readBody(c));
    return c.json(await rateRoute(db, user, ref, rating));
  });

  app.get('/preferences', async (c) => {
    const user = requireUser(c, m.loginForPreferences);
    return c.json(await getPreferences(db, user.id));
  });

  app.put('/preferences', async (c) => {
    const user = requireUser(c, m.loginForPreferences);
    return c.json(await putPreferences(db, user.id, parseWith(preferencesSchema, await readBody(c))));
  });

  return app;
}
