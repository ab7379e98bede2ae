/**
 * Groups: every query and rule of the groups themselves (docs/product/social.md "Groups"; docs/sync.md).
 * REST routes and sync push handlers call these same functions, so an offline write obeys the rules of an
 * online one. Each write runs in a transaction (a savepoint inside push's) that also appends to the change
 * log: a group is logged under its creator (`own`), and devices of its members hold it by pinning it
 * (docs/product/social.md "Offline"). Memberships are memberships.ts.
 *
 * `memberCount` is the number of active members, recounted by the server in the transaction of every
 * membership change (refreshGroup) — clients only read it.
 */
import { and, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { groupMemberships, groups, imageStorage, users } from '@schema/db/tables';
import { UPLOADED_IMAGE_URL } from '@schema/contracts/forum';
import {
  groupMessages,
  type Group,
  type GroupCreateInput,
  type GroupUpdateInput,
} from '@schema/contracts/groups';
import type { UserRow } from '../../lib/auth/user-row';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { first, insertedRow, namesNoField, returnedRow } from '../../lib/query';
import { integerBound } from '../../lib/sql';
import { notHiddenFrom, withHiddenNotices } from '../../lib/moderation';
import { recordChange } from '../../sync/changelog';
import { loadRowsById, whereRef } from '../../sync/registry';
import type { EntityRef, LoadedRows, RecordRef, Store, Viewer } from '../../sync/registry';
import { groupEngagement } from './engagement';
import { toGroup, toMyMembership, type GroupRow, type MembershipRow } from './shape';
import { myMemberships, seesGroup, visibleGroups } from './visibility';

export const logGroup = (tx: Store, row: GroupRow, op: 'upsert' | 'delete' = 'upsert') =>
  recordChange(tx, 'groups', row.id, row.uid, op, { ownerId: row.creatorId });

export const logMembership = (tx: Store, row: MembershipRow, op: 'upsert' | 'delete' = 'upsert') =>
  recordChange(tx, 'group_memberships', row.id, row.uid, op, { ownerId: row.userId });

export async function groupRow(store: Store, ref: RecordRef): Promise<GroupRow | undefined> {
  return first(store.select().from(groups).where(whereRef(groups, ref)));
}

/** The group and the viewer's membership of it; 404 when the viewer may not see it (visibility.ts). */
export async function visibleGroupRow(
  store: Store,
  viewer: Viewer,
  ref: RecordRef,
): Promise<{ row: GroupRow; mine: MembershipRow | undefined }> {
  const row = await groupRow(store, ref);
  const mine = row ? (await myMemberships(store, viewer, [row.id])).get(row.id) : undefined;
  if (!row || !seesGroup(row, mine?.status)) throw notFound(groupMessages.notFound);
  return { row, mine };
}

async function creatorNames(store: Store, rows: readonly GroupRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((r) => r.creatorId))];
  if (ids.length === 0) return new Map();
  const found = await store
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id, u.username]));
}

/** Rows → wire for one viewer: creator names and the viewer's memberships in two queries. */
export async function shapeGroups(store: Store, viewer: Viewer, rows: readonly GroupRow[]): Promise<Group[]> {
  const names = await creatorNames(store, rows);
  const mine = await myMemberships(
    store,
    viewer,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    toGroup(
      row,
      names.get(row.creatorId) ?? `User ${row.creatorId}`,
      toMyMembership(mine.get(row.id)),
      viewer,
    ),
  );
}

export async function getGroup(store: Store, viewer: Viewer, ref: RecordRef): Promise<Group> {
  const { row } = await visibleGroupRow(store, viewer, ref);
  const [group] = await shapeGroups(store, viewer, [row]);
  if (!group) throw notFound(groupMessages.notFound);
  return group;
}

/** Groups a moderator hid: left out of lists, except for their creator (docs/moderation.md). */
const shownGroups = (viewerId: number | null) =>
  notHiddenFrom('groups', groups.id, groups.creatorId, viewerId);
const shownWithNotices = (store: Store, viewer: Viewer, rows: Group[]) =>
  withHiddenNotices(store, 'groups', rows, viewer?.id, (group) => group.creatorId);

/** `?q=`: the name contains the term, ignoring case (LIKE wildcards in the term are literal). */
function nameMatches(q: string): SQL {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql`lower(${groups.name}) like ${pattern} escape '\\'`;
}

export interface GroupPage {
  before: number | null;
  limit: number;
  q?: string | undefined;
}

const beforeId = (before: number | null) =>
  before === null ? undefined : lt(groups.id, integerBound(before));

/**
 * Browse Groups: the groups the viewer sees (public ones, and private ones they belong to), newest
 * first by id, `limit + 1` rows so the route can tell whether another page follows.
 */
export async function listGroups(store: Store, viewer: Viewer, page: GroupPage): Promise<Group[]> {
  const q = page.q?.trim();
  const rows = await store
    .select()
    .from(groups)
    .where(
      and(
        visibleGroups(store, viewer),
        shownGroups(viewer?.id ?? null),
        q ? nameMatches(q) : undefined,
        beforeId(page.before),
      ),
    )
    .orderBy(desc(groups.id))
    .limit(page.limit + 1);
  return shownWithNotices(store, viewer, await shapeGroups(store, viewer, rows));
}

/** GET /api/social/groups: the groups the member belongs to or was invited to, newest first. */
export async function groupsOf(store: Store, user: UserRow, page: GroupPage): Promise<Group[]> {
  const rows = await store
    .select({ group: groups })
    .from(groups)
    .innerJoin(groupMemberships, eq(groupMemberships.groupId, groups.id))
    .where(
      and(
        eq(groupMemberships.userId, user.id),
        inArray(groupMemberships.status, ['active', 'invited']),
        shownGroups(user.id),
        beforeId(page.before),
      ),
    )
    .orderBy(desc(groups.id))
    .limit(page.limit + 1);
  const viewer = { id: user.id };
  return shownWithNotices(
    store,
    viewer,
    await shapeGroups(
      store,
      viewer,
      rows.map((r) => r.group),
    ),
  );
}

/** Recounts the active members and logs the group, so every device holding it gets the new number. */
export async function refreshGroup(tx: Store, groupId: number): Promise<GroupRow | undefined> {
  const [counted] = await tx
    .select({ n: count() })
    .from(groupMemberships)
    .where(and(eq(groupMemberships.groupId, groupId), eq(groupMemberships.status, 'active')));
  const row = await returnedRow(
    tx
      .update(groups)
      .set({ memberCount: counted?.n ?? 0, updatedAt: new Date().toISOString() })
      .where(eq(groups.id, groupId))
      .returning(),
  );
  if (row) await logGroup(tx, row);
  return row;
}

/** S4: a replayed create under the same uid answers the stored group; another member's uid is a conflict. */
export async function createGroup(
  store: Store,
  user: UserRow,
  input: GroupCreateInput,
  options: { uid?: string | undefined } = {},
): Promise<{ group: Group; created: boolean }> {
  return store.transaction(async (tx) => {
    const existing = options.uid ? await groupRow(tx, { uid: options.uid }) : undefined;
    if (existing) {
      if (existing.creatorId !== user.id) throw conflict(groupMessages.uidTaken);
      return { group: await getGroup(tx, { id: user.id }, { id: existing.id }), created: false };
    }
    const row = await insertedRow(
      tx
        .insert(groups)
        .values({
          uid: options.uid ?? uuidv7(),
          name: input.name,
          description: input.description ?? null,
          location: input.location ?? null,
          isPrivate: input.isPrivate ?? false,
          avatarUrl: (await requireStoredImage(tx, input.avatarUrl, 'avatarUrl')) ?? null,
          coverImageUrl: (await requireStoredImage(tx, input.coverImageUrl, 'coverImageUrl')) ?? null,
          tags: input.tags ?? [],
          rules: input.rules ?? null,
          creatorId: user.id,
          memberCount: 1,
        })
        .returning(),
    );
    // The creator is the group's first active member (role 'creator').
    const membership = await insertedRow(
      tx
        .insert(groupMemberships)
        .values({ uid: uuidv7(), userId: user.id, groupId: row.id, role: 'creator', status: 'active' })
        .returning(),
    );
    await logGroup(tx, row);
    await logMembership(tx, membership);
    return { group: toGroup(row, user.username, toMyMembership(membership), user), created: true };
  });
}

/** The creator alone edits or deletes; anyone else who sees the group is refused, others get a 404. */
export async function requireCreator(store: Store, user: UserRow, ref: RecordRef): Promise<GroupRow> {
  const { row } = await visibleGroupRow(store, { id: user.id }, ref);
  if (row.creatorId !== user.id) throw forbidden(groupMessages.notCreator);
  return row;
}

/** Only the fields given change (S17). */
export async function updateGroup(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  input: GroupUpdateInput,
): Promise<Group> {
  return store.transaction(async (tx) => {
    const row = await requireCreator(tx, user, ref);
    if (namesNoField(input)) return getGroup(tx, { id: user.id }, { id: row.id });
    const updated = await returnedRow(
      tx
        .update(groups)
        .set({
          name: input.name,
          description: input.description,
          location: input.location,
          isPrivate: input.isPrivate,
          avatarUrl: await requireStoredImage(tx, input.avatarUrl, 'avatarUrl'),
          coverImageUrl: await requireStoredImage(tx, input.coverImageUrl, 'coverImageUrl'),
          // null clears the tags: stored as an empty list, which reads the same.
          tags: input.tags === null ? [] : input.tags,
          rules: input.rules,
          updatedAt: new Date().toISOString(),
        })
        .where(eq(groups.id, row.id))
        .returning(),
    );
    if (!updated) throw notFound(groupMessages.notFound);
    await logGroup(tx, updated);
    // Who may see the memberships and the discussion changes with the group's privacy: each is logged
    // again, so devices that held one they may no longer see pull its tombstone (S13). Rare (a creator's
    // toggle), O(members + comments).
    if (updated.isPrivate !== row.isPrivate) {
      const members = await tx.select().from(groupMemberships).where(eq(groupMemberships.groupId, row.id));
      for (const m of members) await logMembership(tx, m);
      await groupEngagement.parentReadersChanged(tx, updated);
    }
    return getGroup(tx, { id: user.id }, { id: updated.id });
  });
}

/**
 * The creator deletes the group with its memberships (foreign-key cascade); each removal is logged so
 * every member's devices drop the group and their membership (S13). `missingOk`: a replayed sync delete of
 * a group already gone succeeds quietly (S8).
 */
export async function deleteGroup(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  options: { missingOk?: boolean } = {},
): Promise<number | undefined> {
  return store.transaction(async (tx) => {
    if (options.missingOk && !(await groupRow(tx, ref))) return undefined;
    const row = await requireCreator(tx, user, ref);
    const members = await tx.select().from(groupMemberships).where(eq(groupMemberships.groupId, row.id));
    await groupEngagement.parentDeleted(tx, row);
    await tx.delete(groupMemberships).where(eq(groupMemberships.groupId, row.id));
    await tx.delete(groups).where(eq(groups.id, row.id));
    for (const m of members) await logMembership(tx, m, 'delete');
    await logGroup(tx, row, 'delete');
    return row.id;
  });
}

/** Pull loader: a group the viewer may not see (any more) is a tombstone (S13). */
export async function loadGroupsForPull(
  store: Store,
  viewer: Viewer,
  refs: EntityRef[],
): Promise<LoadedRows> {
  return loadRowsById(refs, async (ids) => {
    const rows = await store.select().from(groups).where(inArray(groups.id, ids));
    const mine = await myMemberships(store, viewer, ids);
    const visible = rows.filter((row) => seesGroup(row, mine.get(row.id)?.status));
    return (await shapeGroups(store, viewer, visible)).map((group) => ({
      id: group.id,
      uid: group.uid,
      data: { ...group },
      userIds: [group.creatorId],
    }));
  });
}

/**
 * A group's picture and cover must be images this server stored (POST /api/upload-image, re-encoded
 * without metadata), so a card never loads a third-party address that tracks its viewers — checked here,
 * for REST and queued (sync) writes alike. Anything else is 'Invalid file type' (the spec's text).
 */
export async function requireStoredImage(
  store: Store,
  url: string | null | undefined,
  field: 'avatarUrl' | 'coverImageUrl',
): Promise<string | null | undefined> {
  if (!url) return url;
  const filename = UPLOADED_IMAGE_URL.test(url) ? url.slice('/uploads/'.length) : null;
  const stored = filename
    ? await first(
        store.select({ id: imageStorage.id }).from(imageStorage).where(eq(imageStorage.filename, filename)),
      )
    : undefined;
  if (!stored)
    throw badRequest(groupMessages.invalidFileType, { fields: { [field]: groupMessages.selectImage } });
  return url;
}
