/**
 * Routes: every query and rule (docs/product/ar-routes.md; docs/privacy.md). REST routes and sync push
 * handlers call these same functions, so an offline write obeys the rules of an online one. Every write
 * runs in a transaction that also appends to the change log.
 *
 * Privacy on every path: a route the caller may not see (another member's private one) is answered exactly
 * like one that does not exist — 404, absent from lists and `near`. Routes travel in `own` (the owner's,
 * private ones included) and `pinned` (a public route a device keeps); there is no community window, so a
 * never-public route's uid reaches nobody but its owner, tombstone included.
 */
import { and, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { routes, users } from '@schema/db/tables';
import {
  distanceM,
  routeMessages as m,
  type Route,
  type RouteCreateInput,
  type RouteUpdateInput,
} from '@schema/contracts/ar-routes';
import type { UserRow } from '../../lib/auth/session';
import { forbidden, notFound } from '../../lib/errors';
import { first, insertedRow, namesNoField, returnedRow } from '../../lib/query';
import { integerBound } from '../../lib/sql';
import { notHiddenFrom, withHiddenNotices } from '../../lib/moderation';
import { recordChange } from '../../sync/changelog';
import { chunked, refKey, whereRef } from '../../sync/registry';
import type { EntityRef, LoadedRows, RecordRef, Store, Viewer } from '../../sync/registry';
import { ownRecordForCreate } from '../../sync/records';
import { canSee, toRoute, visibleTo, type RouteRow } from './shape';

function selectRoutes(store: Store) {
  return store
    .select({ route: routes, username: users.username })
    .from(routes)
    .innerJoin(users, eq(users.id, routes.userId));
}

export async function routeRow(store: Store, ref: RecordRef): Promise<RouteRow | undefined> {
  return first(store.select().from(routes).where(whereRef(routes, ref)));
}

/** A route the viewer may see, or 404 — another member's private route is answered as if it did not exist. */
export async function getRoute(store: Store, ref: RecordRef, viewer: Viewer): Promise<Route> {
  const row = await first(selectRoutes(store).where(whereRef(routes, ref)));
  if (!row || !canSee(row.route, viewer)) throw notFound(m.notFound);
  return toRoute(row.route, row.username, viewer);
}

/** The route row a member may see (completing, rating), or 404. */
export async function requireVisibleRoute(store: Store, ref: RecordRef, viewer: Viewer): Promise<RouteRow> {
  const row = await routeRow(store, ref);
  if (!row || !canSee(row, viewer)) throw notFound(m.notFound);
  return row;
}

export interface NearQuery {
  lat: number;
  lng: number;
  radiusKm: number;
}

export interface RouteListQuery {
  near?: NearQuery | undefined;
  /** Newest first: the last id of the previous page. */
  before?: number | null;
  /** Nearest first: the last row of the previous page. */
  after?: { distanceKm: number; id: number } | null;
  limit: number;
}

/** Public routes and the caller's own: newest first, or nearest first (by start) with `near`. */
export async function listRoutes(store: Store, viewer: Viewer, query: RouteListQuery): Promise<Route[]> {
  const listed = query.near
    ? await listNear(store, viewer, query.near, query)
    : await listNewest(store, viewer, query);
  return withHiddenNotices(store, 'routes', listed, viewer?.id, (route) => route.userId);
}

/** Routes a moderator hid: left out, except for their owner (docs/moderation.md). */
const shownRoutes = (viewer: Viewer) => notHiddenFrom('routes', routes.id, routes.userId, viewer?.id ?? null);

async function listNewest(store: Store, viewer: Viewer, query: RouteListQuery): Promise<Route[]> {
  const filters: SQL[] = [visibleTo(viewer), shownRoutes(viewer)];
  if (query.before !== undefined && query.before !== null)
    filters.push(lt(routes.id, integerBound(query.before)));
  const rows = await selectRoutes(store)
    .where(and(...filters))
    .orderBy(desc(routes.id))
    .limit(query.limit + 1);
  return rows.map((r) => toRoute(r.route, r.username, viewer));
}

const KM_PER_DEGREE_LAT = 111.2;

/**
 * A latitude band read by index (public routes by `(is_public, start_lat)`, the caller's own by `user_id`);
 * the exact distance to the start decides, so the band only has to hold every route within the radius.
 */
async function listNear(
  store: Store,
  viewer: Viewer,
  near: NearQuery,
  query: RouteListQuery,
): Promise<Route[]> {
  const dLat = (near.radiusKm / KM_PER_DEGREE_LAT) * 1.01;
  const band = and(gte(routes.startLat, near.lat - dLat), lte(routes.startLat, near.lat + dLat));
  const columns = { id: routes.id, lat: routes.startLat, lng: routes.startLng };
  const candidates = [
    ...(await store
      .select(columns)
      .from(routes)
      .where(and(eq(routes.isPublic, true), band, shownRoutes(viewer)))),
    ...(viewer
      ? await store
          .select(columns)
          .from(routes)
          .where(and(eq(routes.userId, viewer.id), band))
      : []),
  ];
  const seen = new Set<number>();
  const ranked = candidates
    .filter((c) => !seen.has(c.id) && seen.add(c.id))
    .map((c) => ({ id: c.id, distanceKm: distanceM(near, { lat: c.lat ?? 0, lng: c.lng ?? 0 }) / 1000 }))
    .filter((c) => c.distanceKm <= near.radiusKm)
    .sort((a, b) => a.distanceKm - b.distanceKm || a.id - b.id);
  const after = query.after;
  const start = after
    ? ranked.findIndex(
        (c) => c.distanceKm > after.distanceKm || (c.distanceKm === after.distanceKm && c.id > after.id),
      )
    : 0;
  const page = start < 0 ? [] : ranked.slice(start, start + query.limit + 1);
  const shaped = new Map<number, Route>();
  for (const ids of chunked(page.map((c) => c.id)))
    for (const row of await selectRoutes(store).where(inArray(routes.id, ids)))
      if (canSee(row.route, viewer)) shaped.set(row.route.id, toRoute(row.route, row.username, viewer));
  return page.flatMap((c) => {
    const route = shaped.get(c.id);
    return route ? [{ ...route, distanceKm: Math.round(c.distanceKm * 1000) / 1000 }] : [];
  });
}

/** S4: the member's own route under this uid (a replayed create); another member's uid is a conflict. */
export async function existingRouteForCreate(store: Store, user: UserRow, uid: string) {
  return ownRecordForCreate(await routeRow(store, { uid }), user, m.uidTaken);
}

export async function createRoute(
  store: Store,
  user: UserRow,
  input: RouteCreateInput,
  options: { uid?: string | undefined } = {},
): Promise<{ route: Route; created: boolean }> {
  return store.transaction(async (tx) => {
    const existing = options.uid ? await existingRouteForCreate(tx, user, options.uid) : undefined;
    if (existing) return { route: await getRoute(tx, { id: existing.id }, { id: user.id }), created: false };
    const row = await insertedRow(
      tx
        .insert(routes)
        .values({ uid: options.uid ?? uuidv7(), userId: user.id, ...input, everPublic: input.isPublic })
        .returning(),
    );
    await recordChange(tx, 'routes', row.id, row.uid, 'upsert', { ownerId: row.userId });
    return { route: await getRoute(tx, { id: row.id }, { id: user.id }), created: true };
  });
}

/** 404 when the caller may not see it; 403 when it is someone else's public route. */
export async function requireOwnRoute(store: Store, user: UserRow, ref: RecordRef, message: string) {
  const row = await requireVisibleRoute(store, ref, { id: user.id });
  if (row.userId !== user.id) throw forbidden(message);
  return row;
}

/**
 * Only the fields given change (S17). Turning a route private logs it like any edit: a member who pinned
 * it gets a tombstone on their next pull (S13), since the loader no longer shows it to them.
 */
export async function updateRoute(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  input: RouteUpdateInput,
): Promise<Route> {
  return store.transaction(async (tx) => {
    const row = await requireOwnRoute(tx, user, ref, m.notOwner);
    if (namesNoField(input)) return getRoute(tx, { id: row.id }, { id: user.id });
    const updated = await returnedRow(
      tx
        .update(routes)
        .set({ ...input, everPublic: row.everPublic || input.isPublic === true })
        .where(eq(routes.id, row.id))
        .returning(),
    );
    if (!updated) throw notFound(m.notFound);
    await recordChange(tx, 'routes', updated.id, updated.uid, 'upsert', { ownerId: updated.userId });
    return getRoute(tx, { id: updated.id }, { id: user.id });
  });
}

/** The owner only; completions and ratings go with it (foreign-key cascade). `missingOk`: S8. */
export async function deleteRoute(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  options: { missingOk?: boolean } = {},
): Promise<number | undefined> {
  return store.transaction(async (tx) => {
    const row = await routeRow(tx, ref);
    if ((!row || !canSee(row, { id: user.id })) && options.missingOk) return undefined;
    const own = await requireOwnRoute(tx, user, ref, m.notOwnerDelete);
    await tx.delete(routes).where(eq(routes.id, own.id));
    await recordChange(tx, 'routes', own.id, own.uid, 'delete', { ownerId: own.userId });
    return own.id;
  });
}

/**
 * Pull loader (S12–S14): the logged routes by id, shaped for the caller; one gone, or not visible to the
 * caller any more, is a tombstone — for a hidden route only when it was public once, so pinning the uid of
 * a route that was always private answers nothing at all. Only the owner (`own`) and members who pinned a
 * route read these log rows.
 */
export async function loadRoutesForPull(
  store: Store,
  viewer: Viewer,
  refs: EntityRef[],
): Promise<LoadedRows> {
  const found = new Map<number, { route: RouteRow; username: string }>();
  for (const ids of chunked([...new Set(refs.map((r) => r.entityId))]))
    for (const row of await selectRoutes(store).where(inArray(routes.id, ids))) found.set(row.route.id, row);
  const out: LoadedRows = new Map();
  for (const ref of refs) {
    const row = found.get(ref.entityId);
    if (!row) out.set(refKey(ref), null);
    else if (!canSee(row.route, viewer)) {
      // Hidden: a tombstone only when it was public once (the caller may hold it), nothing otherwise.
      if (row.route.everPublic) out.set(refKey(ref), null);
    } else {
      const data = toRoute(row.route, row.username, viewer);
      out.set(refKey(ref), { id: data.id, uid: data.uid, data: { ...data }, userIds: [data.userId] });
    }
  }
  return out;
}
