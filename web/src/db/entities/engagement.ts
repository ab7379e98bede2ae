/**
 * Comments and likes are the same kind of record under every parent that has them (finds, forum posts;
 * events, stories; groups have comments only, `discussionEntity`): one descriptor factory each, told the parent's entity and the names of
 * its key fields on the wire (`findUid`/`findId`, `postUid`/`postId`). The web engagement module
 * (web/src/engagement) writes them; see docs/architecture.md "Shared building blocks".
 */
import { Dexie } from 'dexie';
import type { SyncEntity } from '@schema/contracts/sync';
import type { SyncRecord } from '../sync-types';
import {
  childOf,
  defineEntity,
  keyedByParent,
  quoted,
  verbFor,
  type SyncedEntity,
} from '../entity-descriptor';
import { hasShape, numberOrNull, text, type ModeratorMark } from '../entity-fields';
import type { SyncedStoreName } from '../synced-stores';

/** The fields every comment has, whatever its parent. */
export interface CommentFields extends ModeratorMark {
  id: number | null;
  uid: string;
  userId: number;
  username: string;
  content: string;
  created_at: string;
}

/** The member's own like, keyed by the liked record's uid (PROTOCOL.md S14, S22). */
export interface LikeFields {
  uid: string;
  userId: number;
  created_at: string;
}

/** Keys of R whose values are T: the parent's key fields must be real fields of the row type. */
export type KeysOf<R, T> = { [K in keyof R]-?: R[K] extends T ? K : never }[keyof R] & string;

/** The parent of comments and likes, named as the wire names it on them. */
export interface EngagedParentLink<C, L> {
  entity: SyncEntity;
  /** The parent's uid on a comment, its Dexie index and the create payload's key ('findUid'). */
  key: KeysOf<C, string>;
  /** The parent's server id on a comment and on a like, null until known ('findId'). */
  idKey: KeysOf<C, number | null> & KeysOf<L, number | null>;
  /** The parent's page, where its comments are edited. */
  href(parentUid: string): string;
}

export interface CommentEntity<
  E extends SyncEntity,
  R extends SyncRecord & CommentFields,
> extends SyncedEntity<E, R> {
  parent: { entity: SyncEntity; key: KeysOf<R, string>; idKey: KeysOf<R, number | null> };
  /** A parent's comments, oldest first (one range of the `[key+created_at]` index). */
  ofParent(db: Dexie, parentUid: string): Promise<R[]>;
}

export interface LikeEntity<E extends SyncEntity, R extends SyncRecord & LikeFields> extends SyncedEntity<
  E,
  R
> {
  parent: { entity: SyncEntity; idKey: KeysOf<R, number | null> };
}

export interface EngagementEntitiesOptions<EC extends SyncedStoreName, EL extends SyncedStoreName, C, L> {
  parent: EngagedParentLink<C, L>;
  /** How queued comment writes read in the Not synced panel (create, update, delete); the storage label. */
  comments: { entity: EC; verbs: readonly [string, string, string]; label: string };
  /** How queued likes read in the Not synced panel (a like, its removal); the storage label. */
  likes: { entity: EL; labels: readonly [string, string]; label: string };
}

/**
 * The comment and like entities of one parent. Usage:
 * `engagementEntities<LocalFindComment, LocalFindLike>()({ parent: …, comments: …, likes: … })`
 * (the row types are named, the entity names inferred).
 */
export function engagementEntities<
  C extends SyncRecord & CommentFields,
  L extends SyncRecord & LikeFields,
>() {
  return <EC extends SyncedStoreName, EL extends SyncedStoreName>(
    options: EngagementEntitiesOptions<EC, EL, C, L>,
  ): { comments: CommentEntity<EC, C>; likes: LikeEntity<EL, L> } => ({
    comments: commentEntity<EC, C>(options.parent, options.comments),
    likes: likeEntity<EL, L>(options.parent, options.likes),
  });
}

/**
 * Comments alone, for a parent whose discussion has no likes (a group's, on the server too): the same
 * comment descriptor, `viewerShaped` when the discussion is not public (a private group's is
 * its members' only, so the next viewer starts without it and pulls what they may read, C11).
 */
export function discussionEntity<C extends SyncRecord & CommentFields>() {
  return <EC extends SyncedStoreName>(options: {
    parent: Omit<EngagedParentLink<C, C>, 'idKey'> & { idKey: KeysOf<C, number | null> };
    comments: CommentOptions<EC>;
  }): CommentEntity<EC, C> => commentEntity<EC, C>(options.parent, options.comments);
}

interface CommentOptions<E> {
  entity: E;
  verbs: readonly [string, string, string];
  label: string;
  /** Readable by some viewers only: the device forgets all but the new viewer's own on a viewer change (C11). */
  viewerShaped?: boolean;
}

function commentEntity<E extends SyncedStoreName, R extends SyncRecord & CommentFields>(
  parent: {
    entity: SyncEntity;
    key: KeysOf<R, string>;
    idKey: KeysOf<R, number | null>;
    href(uid: string): string;
  },
  options: CommentOptions<E>,
): CommentEntity<E, R> {
  const { key, idKey } = parent;
  const is = hasShape<R>({
    uid: 'string',
    [key]: 'string',
    [idKey]: 'number|null',
    userId: 'number',
    content: 'string',
  });
  const byParent = `[${key}+created_at]`;
  const entity = defineEntity<R, E>({
    entity: options.entity,
    label: options.label,
    // Pulled with their parent when it is pinned, or with `own` (C14); evicted with their parent (C16).
    scope: { kind: 'child', parent: parent.entity, parentKey: key },
    is,
    fold: { content: 'text' },
    fromServer(data) {
      const row = {
        id: data.id,
        uid: data.uid,
        [idKey]: numberOrNull(data[idKey]),
        [key]: data[key],
        userId: data.userId,
        username: text(data.username) ?? '',
        content: data.content,
        created_at: text(data.created_at) ?? '',
      };
      return typeof data.id === 'number' && is(row) ? row : null;
    },
    dependsOn: childOf(parent.entity, key),
    describe(m, known) {
      const parentUid = text(m.payload[key]) ?? text(known?.[key]);
      return {
        label: `${verbFor(m, options.verbs)}${quoted(text(m.payload.content) ?? known?.content)}`,
        editHref: parentUid && m.op !== 'delete' ? `${parent.href(parentUid)}#comments` : null,
      };
    },
    // The new viewer's own comments stay (one written before the engine noticed the change included).
    forgetOnViewerChange: options.viewerShaped
      ? (rows, viewerId) => rows.filter((c) => c.userId !== viewerId).delete()
      : undefined,
  });
  return {
    ...entity,
    parent: { entity: parent.entity, key, idKey },
    ofParent: (db, parentUid) =>
      db
        .table<R, string>(options.entity)
        .where(byParent)
        .between([parentUid, Dexie.minKey], [parentUid, Dexie.maxKey])
        .toArray(),
  };
}

function likeEntity<E extends SyncedStoreName, R extends SyncRecord & LikeFields>(
  parent: { entity: SyncEntity; idKey: KeysOf<R, number | null>; href(uid: string): string },
  options: { entity: E; labels: readonly [string, string]; label: string },
): LikeEntity<E, R> {
  const { idKey } = parent;
  const is = hasShape<R>({ uid: 'string', userId: 'number', [idKey]: 'number|null' }, ['content']);
  const entity = defineEntity<R, E>({
    entity: options.entity,
    label: options.label,
    // The member's own, from `own` only (S14): never evicted.
    scope: { kind: 'child', parent: parent.entity, parentKey: null },
    is,
    fold: 'toggle',
    fromServer(data) {
      const row = {
        uid: data.uid,
        userId: data.userId,
        [idKey]: numberOrNull(data[idKey]),
        created_at: text(data.created_at) ?? '',
      };
      return is(row) ? row : null;
    },
    dependsOn: keyedByParent(parent.entity),
    describe: (m) => ({
      label: m.op === 'create' ? options.labels[0] : options.labels[1],
      editHref: parent.href(m.uid),
    }),
    // Likes are private to the member who liked (S14, S22): the next viewer starts without any.
    forgetOnViewerChange: (likes) => likes.clear(),
  });
  return { ...entity, parent: { entity: parent.entity, idKey } };
}
