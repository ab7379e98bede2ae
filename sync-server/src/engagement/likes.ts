/**
 * Likes on any opted-in parent (find likes, post promotions): one per member and parent (a unique index),
 * idempotent both ways — liking twice, or replaying a queued like after a dropped answer, leaves one.
 * The parent's counter moves only when a row really appears or disappears, in the same transaction, and
 * clients only ever read it (PROTOCOL.md S17).
 *
 * Change log: a like changes the parent's counter (its counts, S30, pulled wherever the parent travels)
 * and the member's own like (logged with entity_id = the member's id and uid = the parent's uid, as the
 * member's own record, pulled only by that member so their other devices show it set: S14, S22, S26).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { UserRow } from '../lib/auth/user-row';
import { changedRows, exists } from '../lib/query';
import { likeChanged } from '../notifications/engagement';
import { recordChange } from '../sync/changelog';
import { chunked, refKey } from '../sync/registry';
import type { EntityRef, LoadedRows, RecordRef, Store, Viewer } from '../sync/registry';
import type { EngagementParent, LikeStatus, LikesConfig, ParentWireKeys, WireLike } from './descriptor';
import { bumpCounter, columnKey, findParent, requireParent } from './parent';

export interface LikesService {
  status(store: Store, viewer: Viewer, parentRef: RecordRef): Promise<LikeStatus>;
  /**
   * Sets the member's like to `liked`. A missing parent is its 404 — except unliking with `missingOk` (a
   * sync replay of an unlike whose parent was deleted meanwhile: there is nothing left to undo).
   */
  set(
    store: Store,
    user: UserRow,
    parentRef: RecordRef,
    liked: boolean,
    options?: { missingOk?: boolean },
  ): Promise<LikeStatus>;
  /**
   * Pull loader: only the caller's own likes (entity_id is the member). Other members' like changes are
   * left out entirely (S14) — they were never this caller's to hold, so there is nothing to tombstone.
   */
  load(store: Store, viewer: Viewer, refs: EntityRef[]): Promise<LoadedRows>;
}

export function likesService<K extends ParentWireKeys>(
  parent: EngagementParent<K>,
  config: LikesConfig,
): LikesService {
  const { table } = config;
  const parentIdKey = columnKey(table, config.parentId);
  const own = (userId: number, parentId: number) =>
    and(eq(table.userId, userId), eq(config.parentId, parentId));

  return {
    async status(store, viewer, parentRef) {
      const found = await requireParent(store, parent, parentRef, config.counter);
      const liked =
        viewer !== null &&
        (await exists(store.select({ userId: table.userId }).from(table).where(own(viewer.id, found.id))));
      return { isLiked: liked, likes: found.count };
    },

    set(store, user, parentRef, liked, options = {}) {
      return store.transaction(async (tx) => {
        const found =
          options.missingOk && !liked
            ? await findParent(tx, parent, parentRef, config.counter)
            : await requireParent(tx, parent, parentRef, config.counter);
        if (!found) return { isLiked: false, likes: 0 };
        const changed = await changedRows(
          liked
            ? tx
                .insert(table)
                .values({ userId: user.id, [parentIdKey]: found.id })
                .onConflictDoNothing()
                .returning({ userId: table.userId })
            : tx.delete(table).where(own(user.id, found.id)).returning({ userId: table.userId }),
        );
        if (changed === 0) return { isLiked: liked, likes: found.count };
        // Refused after the insert or delete, inside the transaction: the change rolls back with the throw.
        const ask = liked ? config.mayAdd : config.mayRemove;
        const refusal = (await ask?.({ store: tx, user, parent: found })) ?? null;
        if (refusal) throw refusal;
        const likes = await bumpCounter(tx, parent, config.counter, found.id, liked ? 1 : -1, 'likes');
        await recordChange(tx, config.entity, user.id, found.uid, liked ? 'upsert' : 'delete', {
          ownerId: user.id,
          parentUid: found.uid,
        });
        await likeChanged(tx, { parent, found, actorId: user.id, liked });
        return { isLiked: liked, likes: likes ?? found.count };
      });
    },

    async load(store, viewer, refs) {
      const out: LoadedRows = new Map();
      if (viewer === null) return out;
      const mine = refs.filter((r) => r.entityId === viewer.id && r.uid !== null);
      const found = new Map<string, WireLike<K>>();
      for (const uids of chunked(mine.map((r) => r.uid ?? ''))) {
        const rows = await store
          .select({
            uid: parent.table.uid,
            parentId: parent.table.id,
            userId: table.userId,
            createdAt: table.createdAt,
          })
          .from(table)
          .innerJoin(parent.table, eq(parent.table.id, config.parentId))
          .where(and(eq(table.userId, viewer.id), inArray(parent.table.uid, uids)));
        // Key order as the wire always had it; the parent's key is the descriptor's, hence the one cast.
        for (const row of rows)
          found.set(row.uid, {
            uid: row.uid,
            [parent.wire.id]: row.parentId,
            userId: row.userId,
            created_at: row.createdAt,
          } as WireLike<K>);
      }
      for (const ref of mine) {
        const like = ref.uid === null ? undefined : found.get(ref.uid);
        out.set(refKey(ref), like ? { id: ref.entityId, uid: like.uid, data: like, userIds: [] } : null);
      }
      return out;
    },
  };
}
