/**
 * Comments on any opted-in parent (finds, posts): list, add, edit, delete and the pull loader, for REST
 * and sync alike. Members only; edited by their writer alone and deleted by their writer (or, where the
 * descriptor says so — every kind does today — the official account as moderator) — decided from the
 * session, never from a client-sent userId. A comment under a parent the caller may not read
 * (`readableBy`) does not exist for them on any path, the moderator included. The parent's counter moves in the comment's transaction and the parent's counts are
 * logged (S30), so every device's count follows (PROTOCOL.md S17). A comment is logged as its writer's,
 * under its parent and the parent's owner, for the `own` and `pinned` scopes (S26, S28).
 *
 * Offline: a comment is created under a device-made uid; replaying its create (lost answer, reload)
 * answers the stored comment instead of adding another (S4), and a queued comment whose parent was
 * deleted meanwhile is `parent-missing` (S8, see sync.ts).
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { users } from '@schema/db/tables';
import type { UserRow } from '../lib/auth/user-row';
import { forbidden, notFound } from '../lib/errors';
import { first, insertedRow } from '../lib/query';
import { integerBound } from '../lib/sql';
import { recordChange } from '../sync/changelog';
import { loadRowsById, whereRef } from '../sync/registry';
import type { EntityRef, LoadedRows, RecordRef, Store, Viewer } from '../sync/registry';
import { commentAdded } from '../notifications/engagement';
import { ownRecordForCreate } from '../sync/records';
import { isModerator, isOwner, nameFor } from '../sync/visibility';
import { HELD_FOR_MODERATOR, isHideable } from '@schema/contracts/moderation';
import { hiddenFromViewer, holdIfLinky, notHiddenFrom, withHiddenNotices } from '../lib/moderation';
import type { CommentsConfig, EngagementParent, ParentWireKeys, WireComment } from './descriptor';
import { bumpCounter, columnKey, requireParent } from './parent';

export interface CommentsService<K extends ParentWireKeys> {
  /**
   * Oldest first, `limit + 1` rows after the previous page's last id. A missing parent — or one the viewer
   * may not read (`readableBy`) — is its 404.
   */
  list(
    store: Store,
    viewer: Viewer,
    parentRef: RecordRef,
    page: { after: number | null; limit: number },
  ): Promise<WireComment<K>[]>;
  /** A replayed create (same uid, same writer) answers the existing comment instead of adding another. */
  add(
    store: Store,
    user: UserRow,
    parentRef: RecordRef,
    input: { content: string },
    uid?: string,
  ): Promise<{ comment: WireComment<K>; created: boolean }>;
  update(store: Store, user: UserRow, ref: RecordRef, input: { content: string }): Promise<WireComment<K>>;
  /** `missingOk`: a sync delete of a comment already gone (deleted elsewhere, or with its parent) succeeds. */
  remove(
    store: Store,
    user: UserRow,
    ref: RecordRef,
    options?: { missingOk?: boolean },
  ): Promise<number | undefined>;
  /**
   * Pull loader: a missing comment (deleted, or gone with its parent) is a tombstone, and so is one under a
   * parent the viewer may not read (`readableBy`).
   */
  load(store: Store, viewer: Viewer, refs: EntityRef[]): Promise<LoadedRows>;
}

export function commentsService<K extends ParentWireKeys>(
  parent: EngagementParent<K>,
  config: CommentsConfig,
): CommentsService<K> {
  const { table, messages, policy } = config;
  const parentIdKey = columnKey(table, config.parentId);

  const select = (store: Store) =>
    store
      .select({
        id: table.id,
        uid: table.uid,
        parentId: config.parentId,
        parentUid: parent.table.uid,
        userId: table.userId,
        username: users.username,
        content: table.content,
        createdAt: table.createdAt,
      })
      .from(table)
      .innerJoin(parent.table, eq(parent.table.id, config.parentId))
      .innerJoin(users, eq(users.id, table.userId));
  type Joined = Awaited<ReturnType<typeof select>>[number];

  // Key order as the wire always had it; the parent's keys are the descriptor's, hence the one cast. The
  // writer's name reaches others masked when it looks like an e-mail address (nameFor).
  const toWire = (row: Joined, viewer: Viewer) =>
    ({
      id: row.id,
      uid: row.uid,
      [parent.wire.id]: row.parentId,
      [parent.wire.uid]: row.parentUid,
      userId: row.userId,
      username: nameFor(viewer, row.userId, row.username),
      content: row.content,
      created_at: row.createdAt,
    }) as WireComment<K>;

  /** The comment as its writer, who just wrote it, reads it back. */
  const get = async (store: Store, ref: RecordRef, writer: UserRow) => {
    const row = await first(select(store).where(whereRef(table, ref)));
    if (!row) throw notFound(messages.commentNotFound);
    return toWire(row, writer);
  };

  /**
   * The parents among `ids` the viewer may read what is under: `readableBy` (a group's discussion), and not
   * hidden by a moderator — comments under a hidden record are hidden with it for everyone but the
   * record's author and moderators (docs/moderation.md).
   */
  const readableParents = async (store: Store, viewer: Viewer, ids: readonly number[]) => {
    const readable = parent.readableBy ? await parent.readableBy(store, viewer, ids) : new Set(ids);
    const hidden = await hiddenFromViewer(store, parent.entity, [...readable], viewer?.id);
    return hidden.size === 0 ? readable : new Set([...readable].filter((id) => !hidden.has(id)));
  };

  /**
   * The comment, or its 404 — also when the caller may not read its parent (`readableBy`): a hidden
   * comment answers exactly like a missing one, so an edit or delete cannot probe a private discussion,
   * and the moderator cannot remove what it may not read.
   */
  const requireComment = async (tx: Store, ref: RecordRef, viewer: Viewer) => {
    const row = await first(
      tx
        .select({
          id: table.id,
          uid: table.uid,
          userId: table.userId,
          parentId: config.parentId,
          parentUid: parent.table.uid,
          parentOwnerId: parent.owner,
        })
        .from(table)
        .innerJoin(parent.table, eq(parent.table.id, config.parentId))
        .where(whereRef(table, ref)),
    );
    if (!row || !(await readableParents(tx, viewer, [row.parentId])).has(row.parentId))
      throw notFound(messages.commentNotFound);
    return row;
  };

  /** A replayed sync delete treats a comment the member may no longer read like one already gone. */
  const readableCommentExists = async (tx: Store, viewer: Viewer, ref: RecordRef) => {
    const row = await first(tx.select({ parentId: config.parentId }).from(table).where(whereRef(table, ref)));
    if (!row) return false;
    return (await readableParents(tx, viewer, [row.parentId])).has(row.parentId);
  };

  /** The parent, or its 404 when the viewer may not read what is under it (descriptor `readableBy`). */
  const readableParent = async (store: Store, viewer: Viewer, ref: RecordRef) => {
    const found = await requireParent(store, parent, ref);
    if (!(await readableParents(store, viewer, [found.id])).has(found.id)) throw notFound(parent.notFound);
    return found;
  };

  const log = (
    tx: Store,
    comment: { id: number; uid: string; userId: number },
    under: { parentUid: string; parentOwnerId: number },
    op: 'upsert' | 'delete',
  ) =>
    recordChange(tx, config.entity, comment.id, comment.uid, op, {
      ownerId: comment.userId,
      parentUid: under.parentUid,
      parentOwnerId: under.parentOwnerId,
    });

  return {
    async list(store, viewer, parentRef, page) {
      const found = await readableParent(store, viewer, parentRef);
      // Comments a moderator hid: left out, except for their writer, who sees the notice.
      const where = [
        eq(config.parentId, found.id),
        notHiddenFrom(config.entity, table.id, table.userId, viewer?.id ?? null),
      ];
      if (page.after !== null) where.push(gt(table.id, integerBound(page.after)));
      const rows = await select(store)
        .where(and(...where))
        .orderBy(asc(table.id))
        .limit(page.limit + 1);
      const shaped = rows.map((row) => toWire(row, viewer));
      return withHiddenNotices(store, config.entity, shaped, viewer?.id, (comment) => comment.userId);
    },

    add(store, user, parentRef, input, uid) {
      return store.transaction(async (tx) => {
        if (uid) {
          const existing = ownRecordForCreate(
            await first(
              tx.select({ id: table.id, userId: table.userId }).from(table).where(eq(table.uid, uid)),
            ),
            user,
            messages.uidTaken,
          );
          if (existing) return { comment: await get(tx, { id: existing.id }, user), created: false };
        }
        const found = await readableParent(tx, { id: user.id }, parentRef);
        const refusal = (await policy.mayComment?.({ store: tx, user, parent: found })) ?? null;
        if (refusal !== null) throw forbidden(refusal);
        const row = await insertedRow(
          tx
            .insert(table)
            .values({
              uid: uid ?? uuidv7(),
              content: input.content,
              userId: user.id,
              [parentIdKey]: found.id,
            })
            .returning({ id: table.id, uid: table.uid, userId: table.userId }),
        );
        await log(tx, row, { parentUid: found.uid, parentOwnerId: found.ownerId }, 'upsert');
        await bumpCounter(tx, parent, config.counter, found.id, 1, 'comments');
        // A new account's comment with many links waits for a moderator, unannounced until released.
        const held = isHideable(config.entity)
          ? await holdIfLinky(tx, user, config.entity, row.id, input.content)
          : false;
        if (!held)
          await commentAdded(tx, {
            parent,
            comments: config,
            found,
            actorId: user.id,
            comment: { id: row.id, content: input.content },
          });
        const comment = await get(tx, { id: row.id }, user);
        return {
          comment: held ? { ...comment, hiddenByModerator: { reason: HELD_FOR_MODERATOR } } : comment,
          created: true,
        };
      });
    },

    update(store, user, ref, input) {
      return store.transaction(async (tx) => {
        const row = await requireComment(tx, ref, { id: user.id });
        if (!isOwner({ id: user.id }, row.userId)) throw forbidden(messages.notCommentOwnerEdit);
        await tx
          .update(table)
          .set({ content: input.content, updatedAt: new Date().toISOString() })
          .where(eq(table.id, row.id));
        await log(tx, row, row, 'upsert');
        return get(tx, { id: row.id }, user);
      });
    },

    remove(store, user, ref, options = {}) {
      return store.transaction(async (tx) => {
        const viewer = { id: user.id };
        if (options.missingOk && !(await readableCommentExists(tx, viewer, ref))) return undefined;
        const row = await requireComment(tx, ref, viewer);
        const moderates = policy.deleteBy === 'writer-or-moderator' && isModerator(viewer);
        if (!isOwner(viewer, row.userId) && !moderates) throw forbidden(messages.notCommentOwnerDelete);
        await tx.delete(table).where(eq(table.id, row.id));
        await log(tx, row, row, 'delete');
        await bumpCounter(tx, parent, config.counter, row.parentId, -1, 'comments');
        return row.id;
      });
    },

    load(store, viewer, refs) {
      return loadRowsById(refs, async (ids) => {
        const rows = await select(store).where(inArray(table.id, ids));
        // Comments under a parent the viewer may not read (or hidden by a moderator) are tombstones (S13).
        const readable = await readableParents(store, viewer, [...new Set(rows.map((r) => r.parentId))]);
        return rows
          .filter((row) => readable.has(row.parentId))
          .map((row) => ({ id: row.id, uid: row.uid, data: toWire(row, viewer), userIds: [row.userId] }));
      });
    },
  };
}
