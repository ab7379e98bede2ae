/**
 * Finds: every query and rule (spec 1 §5 "Find upload", "Find edit"; DESIGN.md §3, §4). REST routes and
 * sync push handlers call these same functions, so an offline write obeys the rules of an online one.
 * Every write runs in a transaction (nested in push's own as a savepoint) that also appends to the
 * change log, so pulls see exactly the writes that happened.
 */
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { findComments, findLikes, finds, users } from '@schema/db/tables';
import { findMessages, type Find, type FindCreateInput, type FindUpdateInput } from '@schema/contracts/finds';
import type { UserRow } from '../../lib/auth/session';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { recordChange } from '../../sync/changelog';
import {
  chunked,
  refKey,
  type EntityRef,
  type LoadedRows,
  type Store,
  type Viewer,
} from '../../sync/registry';
import { isModerator, isOwner } from '../../sync/visibility';
import { coordinateText, toFind, type FindRow, type RecordRef } from './shape';

/** An image URL now, or a lookup run only once the find is known to be new (sync blobs). */
export type ImageSource = string | (() => string);

const nowIso = () => new Date().toISOString();
const byRef = (ref: RecordRef): SQL => ('id' in ref ? eq(finds.id, ref.id) : eq(finds.uid, ref.uid));

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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Newest first; fetches `limit + 1` rows so the route can tell whether another page follows. */
export function listFinds(store: Store, viewer: Viewer, query: FindListQuery): Find[] {
  const where: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    where.push(
      sql`(${finds.title} LIKE ${pattern} ESCAPE '\\' OR ${finds.description} LIKE ${pattern} ESCAPE '\\' OR ${finds.location} LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  if (query.period) where.push(eq(finds.period, query.period));
  if (query.userId !== undefined) where.push(eq(finds.userId, query.userId));
  if (query.before !== null) where.push(lt(finds.id, query.before));
  return selectFinds(store)
    .where(and(...where))
    .orderBy(desc(finds.id))
    .limit(query.limit + 1)
    .all()
    .map((row) => toFind(row.find, row.username, viewer));
}

/**
 * DESIGN.md §3: a create whose uid exists answers the existing record — a replay can never duplicate.
 * The same uid from another member is a conflict, not a way to read or take over their find.
 */
export function existingFindForCreate(store: Store, user: UserRow, uid: string): FindRow | undefined {
  const row = findRow(store, { uid });
  if (row && row.userId !== user.id) throw conflict(findMessages.uidTaken);
  return row;
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
    recordChange(tx, 'finds', row.id, row.uid, 'upsert');
    return { find: toFind(row, user.username, viewer), created: true };
  });
}

/** Spec 1 §5 "Find edit": only the finder, decided from the session (never a client-sent userId). */
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
    recordChange(tx, 'finds', updated.id, updated.uid, 'upsert');
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
  return store.transaction((tx) => {
    const row = findRow(tx, ref);
    if (!row) {
      if (options.missingOk) return undefined;
      throw notFound(findMessages.notFound);
    }
    const viewer = { id: user.id };
    if (!isOwner(viewer, row.userId) && !isModerator(viewer)) throw forbidden(findMessages.notOwnerDelete);
    for (const comment of tx
      .select({ id: findComments.id, uid: findComments.uid })
      .from(findComments)
      .where(eq(findComments.findId, row.id))
      .all()) {
      recordChange(tx, 'find_comments', comment.id, comment.uid, 'delete');
    }
    for (const like of tx
      .select({ userId: findLikes.userId })
      .from(findLikes)
      .where(eq(findLikes.findId, row.id))
      .all()) {
      recordChange(tx, 'find_likes', like.userId, row.uid, 'delete');
    }
    tx.delete(finds).where(eq(finds.id, row.id)).run();
    recordChange(tx, 'finds', row.id, row.uid, 'delete');
    return row.id;
  });
}

/** Pull loader: current finds by id in one batched query per chunk; a missing id is a tombstone. */
export function loadFindsForPull(store: Store, viewer: Viewer, refs: EntityRef[]): LoadedRows {
  const found = new Map<number, Find>();
  for (const ids of chunked(refs.map((r) => r.entityId))) {
    for (const row of selectFinds(store).where(inArray(finds.id, ids)).all())
      found.set(row.find.id, toFind(row.find, row.username, viewer));
  }
  const out: LoadedRows = new Map();
  for (const ref of refs) {
    const find = found.get(ref.entityId);
    out.set(refKey(ref), find ? { id: find.id, uid: find.uid, data: find, userIds: [find.userId] } : null);
  }
  return out;
}
