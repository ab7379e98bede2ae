/**
 * What goes with a parent, and with a member. Foreign keys cascade the rows themselves; this logs what a
 * cascade cannot: a tombstone for every synced row that vanishes (PROTOCOL.md S13) and, after an account
 * deletion, the counters of other members' parents that the member's comments and likes fed, recomputed
 * from the rows that remain and logged as the parents' counts (S30). Other devices then drop or refresh
 * their copies. Every row is logged with its owner and parent, so the scopes that carried the record
 * carry its tombstone too (S26, S28).
 */
import { eq, inArray, or, sql } from 'drizzle-orm';
import { first } from '../lib/query';
import { forgetChange, recordChange } from '../sync/changelog';
import { chunked, type Store } from '../sync/registry';
import type { EngagementDescriptor, ParentRow } from './descriptor';
import { columnKey, logCounts } from './parent';

/** Call in the parent's delete transaction, before the parent row is deleted. */
export async function logParentCascade(tx: Store, d: EngagementDescriptor, parent: ParentRow): Promise<void> {
  const owner = await first(
    tx.select({ ownerId: d.parent.owner }).from(d.parent.table).where(eq(d.parent.table.id, parent.id)),
  );
  // The parent's tombstone removes it, counters and all, from every device (S30).
  await forgetChange(tx, d.parent.counts, parent.id, parent.uid);
  if (d.comments) {
    const { table } = d.comments;
    for (const comment of await tx
      .select({ id: table.id, uid: table.uid, userId: table.userId })
      .from(table)
      .where(eq(d.comments.parentId, parent.id)))
      await recordChange(tx, d.comments.entity, comment.id, comment.uid, 'delete', {
        ownerId: comment.userId,
        parentUid: parent.uid,
        parentOwnerId: owner?.ownerId ?? null,
      });
  }
  if (d.likes) {
    const { table } = d.likes;
    for (const like of await tx
      .select({ userId: table.userId })
      .from(table)
      .where(eq(d.likes.parentId, parent.id)))
      await recordChange(tx, d.likes.entity, like.userId, parent.uid, 'delete', {
        ownerId: like.userId,
        parentUid: parent.uid,
      });
  }
}

/**
 * Call in the transaction that changed who may read under a parent (a group made private or public,
 * descriptor `readableBy`): its comments are logged again, so a device that held one it may no longer read
 * pulls its tombstone, and one that may now read them gets them (S13). O(comments), for a rare change.
 */
export async function logParentReadersChanged(
  tx: Store,
  d: EngagementDescriptor,
  parent: ParentRow,
): Promise<void> {
  if (!d.comments) return;
  const owner = await first(
    tx.select({ ownerId: d.parent.owner }).from(d.parent.table).where(eq(d.parent.table.id, parent.id)),
  );
  const { table } = d.comments;
  for (const comment of await tx
    .select({ id: table.id, uid: table.uid, userId: table.userId })
    .from(table)
    .where(eq(d.comments.parentId, parent.id)))
    await recordChange(tx, d.comments.entity, comment.id, comment.uid, 'upsert', {
      ownerId: comment.userId,
      parentUid: parent.uid,
      parentOwnerId: owner?.ownerId ?? null,
    });
}

/**
 * Account deletion, step one, in its transaction and before the member's row is deleted: reads what the
 * cascade is about to remove (afterwards it is gone) — the member's parents, the member's comments and
 * likes anywhere, and everyone's on the member's parents. Answers step two, to run once the member is
 * deleted: recount the parents left behind, then log every tombstone.
 */
export async function prepareMemberCascade(
  tx: Store,
  d: EngagementDescriptor,
  memberId: number,
): Promise<() => Promise<void>> {
  const { parent, comments, likes } = d;
  const ownParents = await tx
    .select({ id: parent.table.id, uid: parent.table.uid })
    .from(parent.table)
    .where(eq(parent.owner, memberId));
  const ownIds = new Set(ownParents.map((p) => p.id));
  const ownedBy = () =>
    tx.select({ id: parent.table.id }).from(parent.table).where(eq(parent.owner, memberId));
  const goneComments = comments
    ? await tx
        .select({
          id: comments.table.id,
          uid: comments.table.uid,
          userId: comments.table.userId,
          parentId: comments.parentId,
          parentUid: parent.table.uid,
          parentOwnerId: parent.owner,
        })
        .from(comments.table)
        .innerJoin(parent.table, eq(parent.table.id, comments.parentId))
        .where(or(eq(comments.table.userId, memberId), inArray(comments.parentId, ownedBy())))
    : [];
  const goneLikes = likes
    ? await tx
        .select({ userId: likes.table.userId, parentId: likes.parentId, parentUid: parent.table.uid })
        .from(likes.table)
        .innerJoin(parent.table, eq(parent.table.id, likes.parentId))
        .where(or(eq(likes.table.userId, memberId), inArray(likes.parentId, ownedBy())))
    : [];
  const touched = [...goneComments, ...goneLikes].map((r) => r.parentId).filter((id) => !ownIds.has(id));

  return async () => {
    await recountParents(tx, d, [...new Set(touched)]);
    if (comments)
      for (const c of goneComments)
        await recordChange(tx, comments.entity, c.id, c.uid, 'delete', {
          ownerId: c.userId,
          parentUid: c.parentUid,
          parentOwnerId: c.parentOwnerId,
        });
    if (likes)
      for (const l of goneLikes)
        await recordChange(tx, likes.entity, l.userId, l.parentUid, 'delete', {
          ownerId: l.userId,
          parentUid: l.parentUid,
        });
    for (const own of ownParents) {
      await forgetChange(tx, parent.counts, own.id, own.uid);
      await recordChange(tx, parent.entity, own.id, own.uid, 'delete', { ownerId: memberId });
    }
  };
}

/** Counters recomputed from the rows that remain, so no count includes vanished rows. */
async function recountParents(tx: Store, d: EngagementDescriptor, parentIds: number[]): Promise<void> {
  const { parent, comments, likes } = d;
  const set: Record<string, ReturnType<typeof sql>> = {};
  if (comments)
    set[columnKey(parent.table, comments.counter)] =
      sql`(select count(*) from ${comments.table} where ${comments.parentId} = ${parent.table.id})`;
  if (likes)
    set[columnKey(parent.table, likes.counter)] =
      sql`(select count(*) from ${likes.table} where ${likes.parentId} = ${parent.table.id})`;
  if (Object.keys(set).length === 0) return;
  for (const part of chunked(parentIds)) {
    const refreshed = await tx
      .update(parent.table)
      .set(set)
      .where(inArray(parent.table.id, part))
      .returning({ id: parent.table.id, uid: parent.table.uid, ownerId: parent.owner });
    for (const row of refreshed) await logCounts(tx, parent, row);
  }
}
