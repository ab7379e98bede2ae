/**
 * Finds: every query and rule (docs/product/finds.md "Rules and messages", "Permissions"; docs/sync.md). REST routes and
 * sync push handlers call these same functions, so an offline write obeys the rules of an online one.
 * Every write runs in a transaction (nested in push's own as a savepoint) that also appends to the
 * change log, so pulls see exactly the writes that happened.
 */
import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { finds, users } from '@schema/db/tables';
import { findMessages, type Find, type FindCreateInput, type FindUpdateInput } from '@schema/contracts/finds';
import type { UserRow } from '../../lib/auth/session';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { recordChange } from '../../sync/changelog';
import { loadRowsById, whereRef } from '../../sync/registry';
import type { EntityRef, LoadedRows, RecordRef, Store, Viewer } from '../../sync/registry';
import { deleteOwnedRecord, ownRecordForCreate } from '../../sync/records';
import { findEngagement } from './engagement';
import { searchConditions, toFindSearch } from './search';
import { coordinateText, toFind, type FindRow } from './shape';

/** An image URL now, or a lookup run only once the find is known to be new (sync blobs). */
export type ImageSource = string | (() => string);

const nowIso = () => new Date().toISOString();
const byRef = (ref: RecordRef): SQL => whereRef(finds, ref);

function selectFinds(store: Store) {
  return store
    .select({ find: finds, username: users.username })
    .from(finds)
    .innerJoin(users, eq(users.id, finds.userId));
}

export function findRow(store: Store, ref: RecordRef): FindRow | undefined {
  return store.select().from(finds).where(byRef(ref)).get();
}

export function requireFindRow(store: Store, ref: RecordRef): FindRow {
  const row = findRow(store, ref);
  if (!row) throw notFound(findMessages.notFound);
  return row;
}

export function getFind(store: Store, ref: RecordRef, viewer: Viewer): Find {
  const row = selectFinds(store).where(byRef(ref)).get();
  if (!row) throw notFound(findMessages.notFound);
  return toFind(row.find, row.username, viewer);
}

export interface FindListQuery {
  q?: string | undefined;
  period?: string | undefined;
  userId?: number | undefined;
  /** The last id of the previous page (newest first). */
  before: number | null;
  limit: number;
}

/**
 * Newest first; fetches `limit + 1` rows so the route can tell whether another page follows. A search
 * reads the FTS index and stops at the page (search.ts, S32); a query with nothing searchable in it
 * answers nothing rather than everything.
 */
export function listFinds(store: Store, viewer: Viewer, query: FindListQuery): Find[] {
  const filters: SQL[] = [];
  if (query.period) filters.push(eq(finds.period, query.period));
  if (query.userId !== undefined) filters.push(eq(finds.userId, query.userId));
  const q = query.q?.trim();
  const search = q ? toFindSearch(q) : undefined;
  if (search === null) return [];
  const where = search
    ? searchConditions(search, filters, query.before, query.limit + 1)
    : [...filters, ...(query.before === null ? [] : [lt(finds.id, query.before)])];
  try {
    return selectFinds(store)
      .where(and(...where))
      .orderBy(desc(finds.id))
      .limit(query.limit + 1)
      .all()
      .map((row) => toFind(row.find, row.username, viewer));
  } catch (err) {
    // search.ts quotes every term, so this should never happen; if SQLite disagrees it is bad input, not a 500.
    if (search && err instanceof Error && /fts5/i.test(err.message)) throw badRequest('Invalid search');
    throw err;
  }
}

/** S4: the member's own find under this uid (a replayed create); another member's uid is a conflict. */
export function existingFindForCreate(store: Store, user: UserRow, uid: string): FindRow | undefined {
  return ownRecordForCreate(findRow(store, { uid }), user, findMessages.uidTaken);
}

export function createFind(
  store: Store,
  user: UserRow,
  input: FindCreateInput,
  options: { uid?: string | undefined; image: ImageSource },
): { find: Find; created: boolean } {
  const viewer = { id: user.id };
  return store.transaction((tx) => {
    const existing = options.uid ? existingFindForCreate(tx, user, options.uid) : undefined;
    if (existing) return { find: getFind(tx, { id: existing.id }, viewer), created: false };
    const imageUrl = typeof options.image === 'string' ? options.image : options.image();
    const row = tx
      .insert(finds)
      .values({
        uid: options.uid ?? uuidv7(),
        userId: user.id,
        title: input.title,
        description: input.description,
        location: input.location,
        period: input.period,
        latitude: coordinateText(input.latitude) ?? null,
        longitude: coordinateText(input.longitude) ?? null,
        imageUrl,
      })
      .returning()
      .get();
    recordChange(tx, 'finds', row.id, row.uid, 'upsert', { ownerId: row.userId });
    return { find: toFind(row, user.username, viewer), created: true };
  });
}

/** docs/product/finds.md "Permissions": only the finder, decided from the session (never a client-sent userId). */
export function requireEditableFind(store: Store, user: UserRow, ref: RecordRef): FindRow {
  const row = requireFindRow(store, ref);
  if (row.userId !== user.id) throw forbidden(findMessages.notOwner);
  return row;
}

/** Only the fields given change: two devices editing different fields offline both keep their edit. */
export function updateFind(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  input: FindUpdateInput,
  image?: ImageSource,
): Find {
  return store.transaction((tx) => {
    const row = requireEditableFind(tx, user, ref);
    const imageUrl = image === undefined ? undefined : typeof image === 'string' ? image : image();
    const updated = tx
      .update(finds)
      .set({
        title: input.title,
        description: input.description,
        location: input.location,
        period: input.period,
        latitude: coordinateText(input.latitude),
        longitude: coordinateText(input.longitude),
        imageUrl,
        updatedAt: nowIso(),
      })
      .where(eq(finds.id, row.id))
      .returning()
      .get();
    if (!updated) throw notFound(findMessages.notFound);
    recordChange(tx, 'finds', updated.id, updated.uid, 'upsert', { ownerId: updated.userId });
    return toFind(updated, user.username, { id: user.id });
  });
}

/**
 * The finder, or the official account as moderator. Comments and likes go with the find (foreign-key
 * cascade), so their removals are logged here too: other devices drop them from their stores.
 * `missingOk`: a replayed or already-applied sync delete of a vanished find succeeds quietly.
 */
export function deleteFind(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  options: { missingOk?: boolean } = {},
): number | undefined {
  return store.transaction((tx) =>
    deleteOwnedRecord(tx, user, findRow(tx, ref), {
      ...options,
      entity: 'finds',
      messages: { notFound: findMessages.notFound, forbidden: findMessages.notOwnerDelete },
      remove: (row) => {
        findEngagement.parentDeleted(tx, row);
        tx.delete(finds).where(eq(finds.id, row.id)).run();
      },
    }),
  );
}

/** Pull loader: current finds by id in one batched query per chunk; a missing id is a tombstone. */
export function loadFindsForPull(store: Store, viewer: Viewer, refs: EntityRef[]): LoadedRows {
  return loadRowsById(refs, (ids) =>
    selectFinds(store)
      .where(inArray(finds.id, ids))
      .all()
      .map((row) => {
        const find = toFind(row.find, row.username, viewer);
        return { id: find.id, uid: find.uid, data: find, userIds: [find.userId] };
      }),
  );
}
