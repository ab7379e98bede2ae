/**
 * Comments and likes as synced entities (PROTOCOL.md S1–S8, S13, S14), made from an engagement
 * descriptor: a queued comment or like is applied through the same engagement services as the REST
 * routes, so "Not synced" reads exactly like the online form would have.
 *
 * Offline and on conflict: a comment or like whose parent is gone on the server (deleted, or its create
 * was rejected) answers `parent-missing` with the parent's REST message (S8); deleting a comment that is
 * already gone, or unliking a parent that is gone, is `applied` — the member's intent already holds.
 */
import { inArray } from 'drizzle-orm';
import type { SyncedEntity } from '../sync/entity';
import { applied, createdOrDuplicate, parentRequired, unsupported, writeOp } from '../sync/entity';
import { chunked, refKey, type LoadedRows } from '../sync/registry';
import type { CommentsService } from './comments';
import type { CommentsConfig, EngagementParent, IntColumn, LikesConfig, ParentWireKeys } from './descriptor';
import type { LikesService } from './likes';

export function commentsEntity<K extends ParentWireKeys>(
  parent: EngagementParent<K>,
  config: CommentsConfig,
  comments: CommentsService<K>,
): SyncedEntity {
  return {
    entity: config.entity,
    // A parent that is not public (a private group) hides its comments from those who may not read it.
    visibility: parent.readableBy
      ? { rows: 'rules', rule: `only to those who may read the ${parent.entity} record` }
      : { rows: 'public' },
    scope: { kind: 'child', parent: parent.entity },
    load: comments.load,
    write: {
      uid: 'record',
      create: writeOp(config.schemas.syncCreate, async ({ store, user, mutation }, input) => {
        const parentUid = String(input[parent.wire.uid]).toLowerCase();
        const { comment, created } = await parentRequired(() =>
          comments.add(store, user, { uid: parentUid }, { content: input.content }, mutation.uid),
        );
        return createdOrDuplicate(created, comment.id);
      }),
      update: writeOp(config.schemas.content, async ({ store, user, ref }, input) =>
        applied((await comments.update(store, user, ref, input)).id),
      ),
      delete: async ({ store, user, ref }) =>
        applied(await comments.remove(store, user, ref, { missingOk: true })),
    },
  };
}

/** The mutation's uid is the liked parent's uid; create = like, delete = unlike; update is meaningless. */
export function likesEntity(
  parent: EngagementParent,
  config: LikesConfig,
  likes: LikesService,
): SyncedEntity {
  return {
    entity: config.entity,
    visibility: { rows: 'member-only' },
    scope: { kind: 'child', parent: parent.entity },
    load: likes.load,
    write: {
      uid: 'parent',
      create: async ({ store, user, ref }) => {
        await parentRequired(() => likes.set(store, user, ref, true));
        return applied(undefined);
      },
      update: unsupported(config.notEditable),
      delete: async ({ store, user, ref }) => {
        await likes.set(store, user, ref, false, { missingOk: true });
        return applied(undefined);
      },
    },
  };
}

/** A counter of the parent as it travels on the wire: its field name and column. */
export interface WireCounter {
  field: string;
  column: IntColumn;
}

/**
 * The parent's counters as their own read-only entity (`find_counts`, PROTOCOL.md S30): data is
 * `{ uid, id, ...counters }`. A counts change of a parent that is gone is left out (the parent's own
 * tombstone removes it); clients apply one only to a record they hold. Counters are as visible as
 * their parent (`readableBy`).
 */
export function countsEntity(parent: EngagementParent, counters: readonly WireCounter[]): SyncedEntity {
  return {
    entity: parent.counts,
    visibility: { rows: 'public' },
    scope: { kind: 'counts', parent: parent.entity },
    async load(store, viewer, refs) {
      const found = new Map<number, Record<string, unknown>>();
      const columns = Object.fromEntries(counters.map((c) => [c.field, c.column]));
      for (const ids of chunked([...new Set(refs.map((r) => r.entityId))]))
        for (const row of await store
          .select({ id: parent.table.id, uid: parent.table.uid, ...columns })
          .from(parent.table)
          .where(inArray(parent.table.id, ids)))
          found.set(row.id, row);
      // Counts of a parent the viewer may not read are left out, like a parent that is gone.
      const readable = parent.readableBy ? await parent.readableBy(store, viewer, [...found.keys()]) : null;
      const out: LoadedRows = new Map();
      for (const ref of refs) {
        const row = readable && !readable.has(ref.entityId) ? undefined : found.get(ref.entityId);
        if (row) out.set(refKey(ref), { id: ref.entityId, uid: String(row.uid), data: row, userIds: [] });
      }
      return out;
    },
  };
}
