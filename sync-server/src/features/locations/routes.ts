/**
 * Spots REST (docs/product/map.md "API calls"; docs/api.md), mounted under /api. Thin: read and validate
 * input, decide who asks from the session, call the service. Every `{id}` accepts the numeric id or the uid
 * (docs/sync.md). A `userId` in a body or a delete's query is ignored: the session decides.
 *   GET    /locations        ?userId= &q= &near=lat,lng &radiusKm= (1–100, default 10) &limit= &cursor=
 *                            what the caller may see; newest first, or nearest first with `near`
 *   GET    /locations/{id}   404 for a spot the caller may not see
 *   POST   /locations        { name, description?, latitude, longitude, type, terrainType?, accessInfo?,
 *                            bestTimeToVisit?, hasPermission?, isGroupDig?, isShared? | isPrivate?,
 *                            landownerName?, landownerContact?, permissionGranted?, permissionExpires?,
 *                            permissionNotes?, permissionBoundary? (GeoJSON Polygon),
 *                            permissionExclusions? (MultiPolygon), permissionDays? (['mon', …]),
 *                            permissionNotice?, permissionCropsNotes?, agreementFindsSplit?,
 *                            agreementTreasureSplit?, agreementLandownerSees?, uid? }
 *                            → 201 (200 for a replayed uid); the permission record is the owner's alone
 *   PUT    /locations/{id}   any of the create fields                       the owner
 *   DELETE /locations/{id}                                                  the owner
 * Signed out: 401 for writes; another member's private spot: 404; another member's shared spot: 403.
 */
import { Hono, type Context } from 'hono';
import { optionalUidSchema } from '@schema/contracts/finds';
import {
  LOCATIONS_PAGE_SIZE,
  NEARBY_RADIUS_DEFAULT_KM,
  locationCreateSchema,
  locationMessages,
  locationUpdateSchema,
} from '@schema/contracts/locations';
import type { AppEnv } from '../../env';
import type { Deps } from '../../deps';
import { requireUser } from '../../lib/auth/session';
import { badRequest } from '../../lib/errors';
import { readPage, sendPage } from '../../lib/paging';
import { parseIdParam, parseWith, readJsonObject } from '../../lib/validate';
import { viewerOf } from '../../sync/visibility';
import { shownUnlessHidden } from '../../lib/moderation';
import { readNear } from './near';
import {
  createLocation,
  deleteLocation,
  existingLocationForCreate,
  getLocation,
  listLocations,
  requireEditableLocation,
  updateLocation,
  type LocationListQuery,
} from './service';

const idParam = (c: Context<AppEnv>) => parseIdParam(c.req.param('id') ?? '');

const isNearCursor = (v: unknown): v is { distanceKm: number; id: number } =>
  typeof v === 'object' &&
  v !== null &&
  'distanceKm' in v &&
  'id' in v &&
  typeof v.distanceKm === 'number' &&
  Number.isSafeInteger(v.id);

/** The list's query string: the cursor's shape follows the order (an id, or a distance and an id). */
function readListQuery(c: Context<AppEnv>): LocationListQuery {
  const page = readPage<unknown>(c, LOCATIONS_PAGE_SIZE);
  const rawUserId = c.req.query('userId');
  if (rawUserId && !/^\d{1,15}$/.test(rawUserId)) throw badRequest('Invalid userId');
  const near = readNear(c.req.query('near'), c.req.query('radiusKm'), NEARBY_RADIUS_DEFAULT_KM);
  const query: LocationListQuery = {
    userId: rawUserId ? Number(rawUserId) : undefined,
    q: c.req.query('q'),
    near,
    limit: page.limit,
  };
  if (page.cursor === null) return query;
  if (near) {
    if (!isNearCursor(page.cursor)) throw badRequest('Invalid cursor');
    return { ...query, after: page.cursor };
  }
  if (!Number.isSafeInteger(page.cursor)) throw badRequest('Invalid cursor');
  return { ...query, before: Number(page.cursor) };
}

export function locationsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const { db } = deps;

  app.get('/locations', async (c) => {
    const query = readListQuery(c);
    const rows = await listLocations(db, viewerOf(c), query);
    return c.json(
      sendPage(c, rows, query.limit, (row) =>
        query.near ? { distanceKm: row.distanceKm ?? 0, id: row.id } : row.id,
      ),
    );
  });

  // A spot a moderator hid: 404 to others, shown with its notice to its owner and moderators.
  app.get('/locations/:id', async (c) =>
    c.json(
      await shownUnlessHidden(
        db,
        'locations',
        await getLocation(db, idParam(c), viewerOf(c)),
        c.get('user'),
        locationMessages.notFound,
      ),
    ),
  );

  app.post('/locations', async (c) => {
    const user = requireUser(c, locationMessages.loginToAdd);
    const body = await readJsonObject(c);
    const uid = parseWith(optionalUidSchema, body.uid);
    // A replay of a spot the server already has answers it, whatever else changed in the body (S4).
    const existing = uid ? await existingLocationForCreate(db, user, uid) : undefined;
    if (existing) return c.json(await getLocation(db, { id: existing.id }, { id: user.id }), 200);
    const input = parseWith(locationCreateSchema, body);
    const { location, created } = await createLocation(db, user, input, { uid });
    return c.json(location, created ? 201 : 200);
  });

  app.put('/locations/:id', async (c) => {
    const user = requireUser(c, locationMessages.loginToEdit);
    const ref = idParam(c);
    // Who may edit before what is sent: a stranger learns nothing from a validation message.
    await requireEditableLocation(db, user, ref);
    const input = parseWith(locationUpdateSchema, await readJsonObject(c));
    return c.json(await updateLocation(db, user, ref, input));
  });

  app.delete('/locations/:id', async (c) => {
    const user = requireUser(c, locationMessages.loginToDelete);
    const id = await deleteLocation(db, user, idParam(c));
    return c.json({ success: true, id });
  });

  return app;
}
