/**
 * Comments and likes as local writes (web/src/sync writeLocal): the record changes in IndexedDB and its
 * mutation is queued in one transaction (C1), so it shows at once — offline too — marked waiting, and the
 * engine pushes it when it can. The parent's counters are bumped in the same transaction; they are the
 * server's to compute, and its values replace ours on the next pull (PROTOCOL.md S17, S24).
 *
 * Commenting on or liking a record pins it 'engaged' in the same transaction (web/src/sync/README.md C15):
 * it stays on this device beyond the window, and the engine reads its comments at the next sync.
 *
 * Offline and on conflict: a comment on a parent that is itself still queued goes after it (the
 * descriptor's dependsOn); deleting the unsent parent drops both (C2); liking then unliking before either
 * was sent leaves nothing to send (C2). Each write takes the database last (the app's by default) so the
 * sync tests drive them on a device of their own.
 */
import { uuidv7 } from 'uuidv7';
import type { SelfUser } from '@schema/contracts/users';
import { db as appDb, type DigQuestDb } from '@web/db/database';
import { pinRecords, writeLocal } from '@web/sync';
import type { CommentRecord, EngagementStore, LikeRecord, ParentRecord } from './descriptor';

export interface EngagementWrites<P extends ParentRecord, C extends CommentRecord> {
  /** Returns the new comment's uid. */
  addComment(user: SelfUser, parent: P, content: string, db?: DigQuestDb): Promise<string>;
  editComment(user: SelfUser, comment: C, content: string, db?: DigQuestDb): Promise<void>;
  deleteComment(user: SelfUser, comment: C, db?: DigQuestDb): Promise<void>;
  setLiked(user: SelfUser, parent: P, liked: boolean, db?: DigQuestDb): Promise<void>;
  /**
   * The parent's comments and the member's like leave the device with it: call inside the parent delete's
   * writeLocal (its `extra.run`). The server removes them too and tombstones them (S13).
   */
  forgetParent(parentUid: string, db?: DigQuestDb): Promise<void>;
}

export function engagementWrites<P extends ParentRecord, C extends CommentRecord, L extends LikeRecord>({
  comments,
  likes,
  counters,
}: EngagementStore<P, C, L>): EngagementWrites<P, C> {
  const { key, idKey } = comments.parent;

  async function bump(db: DigQuestDb, parentUid: string, counter: string, delta: 1 | -1): Promise<void> {
    const parents = db.table<Record<string, unknown>, string>(comments.parent.entity);
    const value = (await parents.get(parentUid))?.[counter];
    if (typeof value === 'number') await parents.update(parentUid, { [counter]: Math.max(0, value + delta) });
  }

  /** C15: the parent stays on the device (and its comments are read) once the member engaged with it. */
  const pinParent = (db: DigQuestDb, parentUid: string) =>
    pinRecords(db, comments.parent.entity, [parentUid], 'engaged');

  /** A comment's parent uid, from the field the descriptor names. */
  const parentUidOf = (comment: C): string => String(comment[key]);

  return {
    async addComment(user, parent, content, db = appDb) {
      const uid = uuidv7();
      const record: unknown = {
        id: null,
        uid,
        [idKey]: parent.id,
        [key]: parent.uid,
        userId: user.id,
        username: user.username,
        content,
        created_at: new Date().toISOString(),
      };
      if (!comments.is(record)) throw new Error(`Not a ${comments.entity} record`);
      await writeLocal(
        db,
        {
          entity: comments.entity,
          op: 'create',
          uid,
          userId: user.id,
          payload: { [key]: parent.uid, content },
          record,
        },
        {
          tables: [db.pins],
          run: async () => {
            await bump(db, parent.uid, counters.comments, 1);
            await pinParent(db, parent.uid);
          },
        },
      );
      return uid;
    },

    async editComment(user, comment, content, db = appDb) {
      await writeLocal(db, {
        entity: comments.entity,
        op: 'update',
        uid: comment.uid,
        userId: user.id,
        payload: { content },
      });
    },

    async deleteComment(user, comment, db = appDb) {
      await writeLocal(
        db,
        { entity: comments.entity, op: 'delete', uid: comment.uid, userId: user.id },
        { tables: [], run: () => bump(db, parentUidOf(comment), counters.comments, -1) },
      );
    },

    async setLiked(user, parent, liked, db = appDb) {
      // Keyed by the parent's uid: one like per member and record (S14, S22).
      const record: unknown = {
        uid: parent.uid,
        userId: user.id,
        [likes.parent.idKey]: parent.id,
        created_at: new Date().toISOString(),
      };
      if (!likes.is(record)) throw new Error(`Not a ${likes.entity} record`);
      await writeLocal(
        db,
        {
          entity: likes.entity,
          op: liked ? 'create' : 'delete',
          uid: parent.uid,
          userId: user.id,
          record: liked ? record : undefined,
        },
        {
          tables: [db.pins],
          run: async () => {
            await bump(db, parent.uid, counters.likes, liked ? 1 : -1);
            if (liked) await pinParent(db, parent.uid);
          },
        },
      );
    },

    async forgetParent(parentUid, db = appDb) {
      await db.table(comments.table).where(key).equals(parentUid).delete();
      await db.table(likes.table).delete(parentUid);
    },
  };
}
