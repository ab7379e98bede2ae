/**
 * Detecting spots: every query and rule (docs/product/map.md "Rules and messages", "Permissions";
 * docs/privacy.md). REST routes and sync push handlers call these same functions, so an offline write obeys
 * the rules of an online one. Every write runs in a transaction (a savepoint inside push's) that also appends
 * to the change log, so pulls see exactly the writes that happened.
 *
 * Privacy is decided here for every path: a spot the caller may not see (another member's private one) is
 * answered exactly like one that does not exist — 404 on REST, absent from lists, `near` and search, and
 * in pulls a tombstone only for a spot that was shared once (the caller may hold it), nothing otherwise —
 * deleted ones included (`deleted_private_locations` remembers whose a never-shared deleted spot was).
 */
import { and, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { deletedPrivateLocations, locationPermissions, locations, users } from '@schema/db/tables';
import {
  locationMessages,
  type Location,
  type LocationCreateInput,
  type LocationUpdateInput,
} from '@schema/contracts/locations';
import type { UserRow } from '../../lib/auth/session';
import { forbidden, notFound } from '../../lib/errors';
import { first, insertedRow, namesNoField, returnedRow } from '../../lib/query';
import { idEquals, integerBound } from '../../lib/sql';
import { notHiddenFrom, withHiddenNotices } from '../../lib/moderation';
import { recordChange } from '../../sync/changelog';
import { chunked, refKey, whereRef } from '../../sync/registry';
import type { EntityRef, LoadedRows, RecordRef, Store, Viewer } from '../../sync/registry';
import { ownRecordForCreate } from '../../sync/records';
import { isOwner } from '../../sync/visibility';
import { boundingBox, haversineKm, type NearQuery } from './near';
import { writePermission } from './permission-record';
import { dropExpiryReminders } from './permission-reminders';
import {
  canSee,
  positionShownTo,
  PUBLIC_ROUNDING_MARGIN_DEGREES,
  toLocation,
  visibleTo,
  type LocationRow,
  type PermissionRow,
} from './shape';

const nowIso = () => new Date().toISOString();

function selectLocations(store: Store) {
  return store
    .select({ location: locations, username: users.username, permission: locationPermissions })
    .from(locations)
    .innerJoin(users, eq(users.id, locations.userId))
    .leftJoin(locationPermissions, eq(locationPermissions.locationId, locations.id));
}

export async function locationRow(store: Store, ref: RecordRef): Promise<LocationRow | undefined> {
  return first(store.select().from(locations).where(whereRef(locations, ref)));
}

/** A spot the viewer may see, or 404 — another member's private spot is answered as if it did not exist. */
export async function getLocation(store: Store, ref: RecordRef, viewer: Viewer): Promise<Location> {
  const row = await first(selectLocations(store).where(whereRef(locations, ref)));
  if (!row || !canSee(row.location, viewer)) throw notFound(locationMessages.notFound);
  return toLocation(row.location, row.username, row.permission, viewer);
}

export interface LocationListQuery {
  userId?: number | undefined;
  q?: string | undefined;
  near?: NearQuery | undefined;
  /** Newest first: the last id of the previous page. */
  before?: number | null;
  /** Nearest first: the last row of the previous page. */
  after?: { distanceKm: number; id: number } | null;
  limit: number;
}

/** Substring of the name, ignoring case the same way on both engines (LIKE is case-sensitive on PostgreSQL). */
function nameContains(q: string): SQL {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`lower(${locations.name}) like ${pattern} escape '\\'`;
}

function listFilters(query: LocationListQuery, viewer: Viewer): SQL[] {
  // Spots a moderator hid: left out, except for their owner (docs/moderation.md).
  const filters: SQL[] = [notHiddenFrom('locations', locations.id, locations.userId, viewer?.id ?? null)];
  if (query.userId !== undefined) filters.push(idEquals(locations.userId, query.userId));
  const q = query.q?.trim();
  if (q) filters.push(nameContains(q.slice(0, 100)));
  return filters;
}

/**
 * What the caller may see: newest first, or nearest first with `near` (each row then says `distanceKm`).
 * Fetches `limit + 1` rows so the route can tell whether another page follows.
 */
export async function listLocations(
  store: Store,
  viewer: Viewer,
  query: LocationListQuery,
): Promise<Location[]> {
  const filters = listFilters(query, viewer);
  const listed = query.near
    ? await listNear(store, viewer, query.near, filters, query)
    : await listNewest(store, viewer, filters, query);
  return withHiddenNotices(store, 'locations', listed, viewer?.id, (spot) => spot.userId);
}

async function listNewest(
  store: Store,
  viewer: Viewer,
  filters: SQL[],
  query: LocationListQuery,
): Promise<Location[]> {
  filters.push(visibleTo(viewer));
  if (query.before !== undefined && query.before !== null)
    filters.push(lt(locations.id, integerBound(query.before)));
  const rows = await selectLocations(store)
    .where(and(...filters))
    .orderBy(desc(locations.id))
    .limit(query.limit + 1);
  return rows.map((row) => toLocation(row.location, row.username, row.permission, viewer));
}

const roundKm = (km: number) => Math.round(km * 1000) / 1000;

async function listNear(
  store: Store,
  viewer: Viewer,
  near: NearQuery,
  filters: SQL[],
  query: LocationListQuery,
): Promise<Location[]> {
  // A visitor is shown rounded points, so distances, the radius and the order are measured from those
  // (docs/privacy.md): measured from the stored point, three answers would trilaterate it. The box is
  // widened by the rounding, to hold every spot whose rounded point is inside the circle.
  const box = boundingBox(near, viewer === null ? PUBLIC_ROUNDING_MARGIN_DEGREES : 0);
  const lngRange = or(
    ...box.lngRanges.map(([west, east]) => and(gte(locations.lng, west), lte(locations.lng, east))),
  );
  // Visibility is checked here, not in SQL: an OR over owner and sharing would lead the planner to read
  // every shared spot by those indexes instead of the box by its own.
  const candidates = await store
    .select({
      id: locations.id,
      lat: locations.lat,
      lng: locations.lng,
      latitude: locations.latitude,
      longitude: locations.longitude,
      userId: locations.userId,
      isPrivate: locations.isPrivate,
    })
    .from(locations)
    .where(and(...filters, gte(locations.lat, box.south), lte(locations.lat, box.north), lngRange));
  const ranked = candidates
    .filter((c) => canSee(c, viewer))
    .map((c) => ({ id: c.id, distanceKm: haversineKm(near, positionShownTo(viewer, c)) }))
    .filter((c) => c.distanceKm <= near.radiusKm)
    .sort((a, b) => a.distanceKm - b.distanceKm || a.id - b.id);
  const after = query.after;
  const start = after
    ? ranked.findIndex(
        (c) => c.distanceKm > after.distanceKm || (c.distanceKm === after.distanceKm && c.id > after.id),
      )
    : 0;
  const page = start < 0 ? [] : ranked.slice(start, start + query.limit + 1);
  if (page.length === 0) return [];
  const rows = new Map<number, Location>();
  for (const ids of chunked(page.map((c) => c.id))) {
    for (const row of await selectLocations(store).where(inArray(locations.id, ids)))
      rows.set(row.location.id, toLocation(row.location, row.username, row.permission, viewer));
  }
  return page.flatMap((c) => {
    const row = rows.get(c.id);
    return row ? [{ ...row, distanceKm: roundKm(c.distanceKm) }] : [];
  });
}

/** S4: the member's own spot under this uid (a replayed create); another member's uid is a conflict. */
export async function existingLocationForCreate(store: Store, user: UserRow, uid: string) {
  return ownRecordForCreate(await locationRow(store, { uid }), user, locationMessages.uidTaken);
}

async function shaped(tx: Store, id: number, viewer: Viewer): Promise<Location> {
  return getLocation(tx, { id }, viewer);
}

export async function createLocation(
  store: Store,
  user: UserRow,
  input: LocationCreateInput,
  options: { uid?: string | undefined } = {},
): Promise<{ location: Location; created: boolean }> {
  const viewer = { id: user.id };
  return store.transaction(async (tx) => {
    const existing = options.uid ? await existingLocationForCreate(tx, user, options.uid) : undefined;
    if (existing) return { location: await shaped(tx, existing.id, viewer), created: false };
    const row = await insertedRow(
      tx
        .insert(locations)
        .values({
          uid: options.uid ?? uuidv7(),
          userId: user.id,
          name: input.name,
          description: input.description,
          latitude: String(input.latitude),
          longitude: String(input.longitude),
          lat: input.latitude,
          lng: input.longitude,
          type: input.type,
          terrainType: input.terrainType,
          accessInfo: input.accessInfo,
          bestTimeToVisit: input.bestTimeToVisit,
          hasPermission: input.hasPermission,
          isGroupDig: input.isGroupDig,
          isPrivate: !input.isShared,
          everShared: input.isShared,
        })
        .returning(),
    );
    await writePermission(tx, row.id, input);
    await recordChange(tx, 'locations', row.id, row.uid, 'upsert', { ownerId: row.userId });
    return { location: await shaped(tx, row.id, viewer), created: true };
  });
}

/**
 * The owner's spot, for an edit: 404 when the caller may not see it (another member's private spot: its
 * existence is not confirmed), 403 when it is someone else's shared spot.
 */
async function requireOwnLocation(store: Store, user: UserRow, ref: RecordRef, forbiddenMessage: string) {
  const row = await locationRow(store, ref);
  if (!row || !canSee(row, { id: user.id })) throw notFound(locationMessages.notFound);
  if (row.userId !== user.id) throw forbidden(forbiddenMessage);
  return row;
}

export async function requireEditableLocation(
  store: Store,
  user: UserRow,
  ref: RecordRef,
): Promise<LocationRow> {
  return requireOwnLocation(store, user, ref, locationMessages.notOwner);
}

/**
 * Only the fields given change (S17). Turning a spot private logs it like any edit: every other member's
 * next pull answers it as a tombstone (S13), since the loader no longer shows it to them.
 */
export async function updateLocation(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  input: LocationUpdateInput,
): Promise<Location> {
  return store.transaction(async (tx) => {
    const row = await requireEditableLocation(tx, user, ref);
    if (namesNoField(input)) return shaped(tx, row.id, { id: user.id });
    const shared = input.isShared;
    const updated = await returnedRow(
      tx
        .update(locations)
        .set({
          name: input.name,
          description: input.description,
          ...(input.latitude !== undefined && input.longitude !== undefined
            ? {
                latitude: String(input.latitude),
                longitude: String(input.longitude),
                lat: input.latitude,
                lng: input.longitude,
              }
            : {}),
          type: input.type,
          terrainType: input.terrainType,
          accessInfo: input.accessInfo,
          bestTimeToVisit: input.bestTimeToVisit,
          hasPermission: input.hasPermission,
          isGroupDig: input.isGroupDig,
          ...(shared === undefined ? {} : { isPrivate: !shared, everShared: row.everShared || shared }),
          updatedAt: nowIso(),
        })
        .where(eq(locations.id, row.id))
        .returning(),
    );
    if (!updated) throw notFound(locationMessages.notFound);
    await writePermission(tx, updated.id, input);
    await recordChange(tx, 'locations', updated.id, updated.uid, 'upsert', { ownerId: updated.userId });
    return shaped(tx, updated.id, { id: user.id });
  });
}

/**
 * The owner only (docs/product/map.md "Permissions"; the moderator cannot see private spots, and the product
 * offers deletion to the owner alone). The permission record goes with it (foreign-key cascade), and its
 * expiry reminders still waiting with it.
 * `missingOk`: a replayed sync delete of a spot already gone succeeds quietly (S8).
 */
export async function deleteLocation(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  options: { missingOk?: boolean } = {},
): Promise<number | undefined> {
  return store.transaction(async (tx) => {
    const row = await locationRow(tx, ref);
    if ((!row || !canSee(row, { id: user.id })) && options.missingOk) return undefined;
    const own = await requireOwnLocation(tx, user, ref, locationMessages.notOwnerDelete);
    await tx.delete(locations).where(eq(locations.id, own.id));
    await dropExpiryReminders(tx, own.id);
    // Never shared: its tombstone is its owner's business alone (the pull loader reads this).
    if (!own.everShared)
      await tx.insert(deletedPrivateLocations).values({ locationId: own.id, ownerId: own.userId });
    await recordChange(tx, 'locations', own.id, own.uid, 'delete', { ownerId: own.userId });
    return own.id;
  });
}

/**
 * Pull loader (S12–S14): the logged spots by id, shaped for the caller. A spot the caller may not see, or
 * one deleted, answers a tombstone only when it was shared once (they may hold it: S13), and nothing at all
 * when it never was — another member's private spot never reaches a pull, not even its uid. Its owner always
 * gets the tombstone.
 */
export async function loadLocationsForPull(
  store: Store,
  viewer: Viewer,
  refs: EntityRef[],
): Promise<LoadedRows> {
  const found = new Map<
    number,
    { location: LocationRow; username: string; permission: PermissionRow | null }
  >();
  for (const ids of chunked([...new Set(refs.map((r) => r.entityId))]))
    for (const row of await selectLocations(store).where(inArray(locations.id, ids)))
      found.set(row.location.id, row);
  const privatelyDeleted = await deletedPrivateOwners(
    store,
    refs.map((r) => r.entityId).filter((id) => !found.has(id)),
  );
  const out: LoadedRows = new Map();
  for (const ref of refs) {
    const row = found.get(ref.entityId);
    if (!row) {
      const ownerId = privatelyDeleted.get(ref.entityId);
      if (ownerId === undefined || isOwner(viewer, ownerId)) out.set(refKey(ref), null);
    } else if (canSee(row.location, viewer)) {
      const data = toLocation(row.location, row.username, row.permission, viewer);
      out.set(refKey(ref), { id: data.id, uid: data.uid, data: { ...data }, userIds: [data.userId] });
    } else if (row.location.everShared) out.set(refKey(ref), null);
  }
  return out;
}

/** Owners of the spots among `ids` that were deleted while never shared. */
async function deletedPrivateOwners(store: Store, ids: number[]): Promise<Map<number, number>> {
  const owners = new Map<number, number>();
  for (const part of chunked([...new Set(ids)]))
    for (const row of await store
      .select()
      .from(deletedPrivateLocations)
      .where(inArray(deletedPrivateLocations.locationId, part)))
      owners.set(row.locationId, row.ownerId);
  return owners;
}
