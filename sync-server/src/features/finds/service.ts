/**
 * Finds: every query and rule (docs/product/finds.md "Rules and messages", "Permissions"; docs/sync.md). REST routes and
 * sync push handlers call these same functions, so an offline write obeys the rules of an online one.
 * Every write runs in a transaction (nested in push's own as a savepoint) that also appends to the
 * change log, so pulls see exactly the writes that happened.
 */
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { finds, users } from '@schema/db/tables';
import { findMessages, type Find, type FindCreateInput, type FindUpdateInput } from '@schema/contracts/finds';
import type { UserRow } from '../../lib/auth/session';
import { engineOf } from '../../lib/db';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { first, insertedRow, returnedRow } from '../../lib/query';
import { idEquals, integerBound } from '../../lib/sql';
import { recordChange } from '../../sync/changelog';
import { loadRowsById, whereRef } from '../../sync/registry';
import type { EntityRef, LoadedRows, RecordRef, Store, Viewer } from '../../sync/registry';
import { deleteOwnedRecord, ownRecordForCreate } from '../../sync/records';
import { findEngagement } from './engagement';
import { isFtsError } from '../../lib/search-terms';
import { notHiddenFrom } from '../../lib/moderation';
import { searchConditions, toFindSearch } from './search';
import { coordinateText, toFind, type FindRow } from './shape';
import { checkRecordingAfter, recordingForCreate, recordingForUpdate } from './recording';
import { treasureClockChanged } from './treasure-reminders';

/** An image URL now, or a lookup run only once the find is known to be new (sync blobs). */
export type ImageSource = string | (() => Promise<string>);

const nowIso = () => new Date().toISOString();
const byRef = (ref: RecordRef): SQL => whereRef(finds, ref);

function selectFinds(store: Store) {
  return store
    .select({ find: finds, username: users.username })
    .from(finds)
    .innerJoin(users, eq(users.id, finds.userId));
}

export async function findRow(store: Store, ref: RecordRef): Promise<FindRow | undefined> {
  return first(store.select().from(finds).where(byRef(ref)));
}

export async function requireFindRow(store: Store, ref: RecordRef): Promise<FindRow> {
  const row = await findRow(store, ref);
  if (!row) throw notFound(findMessages.notFound);
  return row;
}

export async function getFind(store: Store, ref: RecordRef, viewer: Viewer): Promise<Find> {
  const row = await first(selectFinds(store).where(byRef(ref)));
  if (!row) throw notFound(findMessages.notFound);
  return toFind(row.find, row.username, viewer);
}

/**
 * A prepared query; on PostgreSQL also a named statement, parsed and planned once per connection (drizzle's
 * pg builder takes the name, the SQLite one has none to take).
 */
function prepareNamed<T>(query: { prepare(): T }, name: string): T {
  const prepare: (name?: string) => T = query.prepare.bind(query);
  return prepare(name);
}

/** The unfiltered list's two queries, per database: built once, run with new values each time. */
function prepareNewestFinds(store: Store) {
  const limit = sql.placeholder('limit');
  // Hidden by a moderator: left out, except for their finder (`viewer`: 0 when signed out).
  const shown = notHiddenFrom('finds', finds.id, finds.userId, sql.placeholder('viewer'));
  const first = selectFinds(store).where(shown).orderBy(desc(finds.id)).limit(limit);
  const after = selectFinds(store)
    .where(and(lt(finds.id, sql.placeholder('before')), shown))
    .orderBy(desc(finds.id))
    .limit(limit);
  return { first: prepareNamed(first, 'finds_newest'), after: prepareNamed(after, 'finds_newest_after') };
}
const newestFindsQueries = new WeakMap<Store, ReturnType<typeof prepareNewestFinds>>();

/**
 * The hot path of `GET /api/finds` (every visit, every scroll): no search or filter, newest first. Building
 * a drizzle query costs more than SQLite takes to run it, so these are prepared once (docs/api.md "Speed").
 */
async function newestFinds(store: Store, viewer: Viewer, before: number | null, limit: number) {
  let queries = newestFindsQueries.get(store);
  if (!queries) {
    queries = prepareNewestFinds(store);
    newestFindsQueries.set(store, queries);
  }
  const viewerId = viewer?.id ?? 0;
  return before === null
    ? queries.first.execute({ limit, viewer: viewerId })
    : queries.after.execute({ before, limit, viewer: viewerId });
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
export async function listFinds(store: Store, viewer: Viewer, query: FindListQuery): Promise<Find[]> {
  const filters: SQL[] = [notHiddenFrom('finds', finds.id, finds.userId, viewer?.id ?? null)];
  if (query.period) filters.push(eq(finds.period, query.period));
  if (query.userId !== undefined) filters.push(idEquals(finds.userId, query.userId));
  const before = query.before === null ? null : integerBound(query.before);
  const q = query.q?.trim();
  const search = q ? toFindSearch(q) : undefined;
  if (search === null) return [];
  if (!search && filters.length === 1) {
    const rows = await newestFinds(store, viewer, before, query.limit + 1);
    return rows.map((row) => toFind(row.find, row.username, viewer));
  }
  const where = search
    ? searchConditions(engineOf(store), search, filters, before, query.limit + 1)
    : [...filters, ...(before === null ? [] : [lt(finds.id, before)])];
  try {
    const rows = await selectFinds(store)
      .where(and(...where))
      .orderBy(desc(finds.id))
      .limit(query.limit + 1);
    return rows.map((row) => toFind(row.find, row.username, viewer));
  } catch (err) {
    // search.ts quotes every term, so this should never happen; if SQLite disagrees it is bad input, not a 500.
    if (search && isFtsError(err)) throw badRequest('Invalid search');
    throw err;
  }
}

/** S4: the member's own find under this uid (a replayed create); another member's uid is a conflict. */
export async function existingFindForCreate(
  store: Store,
  user: UserRow,
  uid: string,
): Promise<FindRow | undefined> {
  return ownRecordForCreate(await findRow(store, { uid }), user, findMessages.uidTaken);
}

export async function createFind(
  store: Store,
  user: UserRow,
  input: FindCreateInput,
  options: { uid?: string | undefined; image: ImageSource },
): Promise<{ find: Find; created: boolean }> {
  const viewer = { id: user.id };
  return store.transaction(async (tx) => {
    const existing = options.uid ? await existingFindForCreate(tx, user, options.uid) : undefined;
    if (existing) return { find: await getFind(tx, { id: existing.id }, viewer), created: false };
    const imageUrl = typeof options.image === 'string' ? options.image : await options.image();
    const row = await insertedRow(
      tx
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
          ...recordingForCreate(input),
        })
        .returning(),
    );
    await recordChange(tx, 'finds', row.id, row.uid, 'upsert', { ownerId: row.userId });
    await treasureClockChanged(tx, null, row);
    return { find: toFind(row, user.username, viewer), created: true };
  });
}

/** docs/product/finds.md "Permissions": only the finder, decided from the session (never a client-sent userId). */
export async function requireEditableFind(store: Store, user: UserRow, ref: RecordRef): Promise<FindRow> {
  const row = await requireFindRow(store, ref);
  if (row.userId !== user.id) throw forbidden(findMessages.notOwner);
  return row;
}

/** Only the fields given change: two devices editing different fields offline both keep their edit. */
export async function updateFind(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  input: FindUpdateInput,
  image?: ImageSource,
): Promise<Find> {
  return store.transaction(async (tx) => {
    const row = await requireEditableFind(tx, user, ref);
    checkRecordingAfter(row, input);
    const imageUrl = image === undefined ? undefined : typeof image === 'string' ? image : await image();
    const updated = await returnedRow(
      tx
        .update(finds)
        .set({
          title: input.title,
          description: input.description,
          location: input.location,
          period: input.period,
          latitude: coordinateText(input.latitude),
          longitude: coordinateText(input.longitude),
          imageUrl,
          ...recordingForUpdate(input),
          updatedAt: nowIso(),
        })
        .where(eq(finds.id, row.id))
        .returning(),
    );
    if (!updated) throw notFound(findMessages.notFound);
    await recordChange(tx, 'finds', updated.id, updated.uid, 'upsert', { ownerId: updated.userId });
    await treasureClockChanged(tx, row, updated);
    return toFind(updated, user.username, { id: user.id });
  });
}

/**
 * The finder, or the official account as moderator. Comments and likes go with the find (foreign-key
 * cascade), so their removals are logged here too: other devices drop them from their stores.
 * `missingOk`: a replayed or already-applied sync delete of a vanished find succeeds quietly.
 */
export async function deleteFind(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  options: { missingOk?: boolean } = {},
): Promise<number | undefined> {
  return store.transaction(async (tx) =>
    deleteOwnedRecord(tx, user, await findRow(tx, ref), {
      ...options,
      entity: 'finds',
      messages: { notFound: findMessages.notFound, forbidden: findMessages.notOwnerDelete },
      remove: async (row) => {
        await treasureClockChanged(tx, row, null);
        await findEngagement.parentDeleted(tx, row);
        await tx.delete(finds).where(eq(finds.id, row.id));
      },
    }),
  );
}

/** Pull loader: current finds by id in one batched query per chunk; a missing id is a tombstone. */
export async function loadFindsForPull(store: Store, viewer: Viewer, refs: EntityRef[]): Promise<LoadedRows> {
  return loadRowsById(refs, async (ids) => {
    const rows = await selectFinds(store).where(inArray(finds.id, ids));
    return rows.map((row) => {
      const find = toFind(row.find, row.username, viewer);
      return { id: find.id, uid: find.uid, data: find, userIds: [find.userId] };
    });
  });
}
