/**
 * What the engine knows about each synced entity on the client: which Dexie table holds it, how a queued
 * mutation changes a local record (`fold`), how a pulled row becomes one, and which queued mutations
 * depend on another. Posts, events, locations… add an adapter here when their feature syncs.
 *
 * `fold` is the one local reducer. It is used when a pulled server row arrives for a record that still
 * has queued writes (C9: the server row becomes the base, the queued writes are re-applied on top, so a
 * pull never undoes an edit made offline) and when a queued write is discarded (C8: rebuild from the base
 * without it).
 */
import type { SyncEntity } from '@schema/contracts/sync';
import type { Table } from 'dexie';
import type {
  DigQuestDb,
  LocalFind,
  LocalFindComment,
  LocalFindLike,
  OutboxMutation,
  SyncRecord,
} from '@web/db/database';
import { isFindCommentData, isFindData, isFindLikeData } from './protocol';
import { postCommentsAdapter, postLikesAdapter, postsAdapter } from './forum-entities';

export type SyncTableName = 'finds' | 'find_comments' | 'find_likes' | 'posts' | 'comments' | 'post_likes';

export interface EntityAdapter {
  entity: SyncEntity;
  table: SyncTableName;
  fold(base: SyncRecord | null, mutation: OutboxMutation): SyncRecord | null;
  fromServer(data: Record<string, unknown>): SyncRecord | null;
  /** True when `mutation` cannot apply unless `parent` (a create of another record) does. */
  dependsOn(mutation: OutboxMutation, parent: OutboxMutation): boolean;
}

export const isLocalFind = (r: SyncRecord | null | undefined): r is LocalFind => !!r && 'title' in r;
export const isLocalComment = (r: SyncRecord | null | undefined): r is LocalFindComment =>
  !!r && 'content' in r;
export const isLocalLike = (r: SyncRecord | null | undefined): r is LocalFindLike =>
  !!r && !('title' in r) && !('content' in r);

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Applies the fields an update (or create) payload carries; absent fields keep their value (S17). */
function overlayFind(find: LocalFind, payload: Record<string, unknown>): LocalFind {
  const next: LocalFind = { ...find };
  next.title = text(payload.title) ?? next.title;
  if ('description' in payload) next.description = text(payload.description) ?? '';
  next.location = text(payload.location) ?? next.location;
  next.period = text(payload.period) ?? next.period;
  for (const key of ['latitude', 'longitude'] as const) {
    if (!(key in payload)) continue;
    const value = payload[key];
    if (typeof value === 'number') next[key] = value;
    else delete next[key];
  }
  const sha = text(payload.imageSha256);
  if (sha) next.imageSha256 = sha;
  return next;
}

const findsAdapter: EntityAdapter = {
  entity: 'finds',
  table: 'finds',
  fold(base, m) {
    const find = isLocalFind(base) ? base : null;
    if (m.op === 'delete') return null;
    if (m.op === 'create')
      return find ? overlayFind(find, m.payload) : isLocalFind(m.record) ? m.record : null;
    // An update of a record that is gone (deleted on the server) has nothing to apply to.
    return find ? overlayFind(find, m.payload) : null;
  },
  fromServer(data) {
    return isFindData(data) ? { ...data } : null;
  },
  dependsOn: () => false,
};

const commentsAdapter: EntityAdapter = {
  entity: 'find_comments',
  table: 'find_comments',
  fold(base, m) {
    const comment = isLocalComment(base) ? base : null;
    if (m.op === 'delete') return null;
    if (m.op === 'create' && !comment) return isLocalComment(m.record) ? m.record : null;
    if (!comment) return null;
    return { ...comment, content: text(m.payload.content) ?? comment.content };
  },
  fromServer(data) {
    return isFindCommentData(data) ? { ...data } : null;
  },
  dependsOn: (m, parent) =>
    parent.entity === 'finds' &&
    parent.op === 'create' &&
    m.op === 'create' &&
    m.payload.findUid === parent.uid,
};

const likesAdapter: EntityAdapter = {
  entity: 'find_likes',
  table: 'find_likes',
  fold(base, m) {
    if (m.op === 'delete') return null;
    return isLocalLike(base) ? base : isLocalLike(m.record) ? m.record : null;
  },
  fromServer(data) {
    return isFindLikeData(data)
      ? {
          uid: data.uid,
          userId: data.userId,
          created_at: String(data.created_at ?? ''),
          findId: typeof data.findId === 'number' ? data.findId : null,
        }
      : null;
  },
  dependsOn: (m, parent) => parent.entity === 'finds' && parent.op === 'create' && m.uid === parent.uid,
};

const adapters: ReadonlyMap<string, EntityAdapter> = new Map(
  [findsAdapter, commentsAdapter, likesAdapter, postsAdapter, postCommentsAdapter, postLikesAdapter].map(
    (a) => [a.entity, a],
  ),
);

export function adapterFor(entity: string): EntityAdapter | undefined {
  return adapters.get(entity);
}

export const SYNC_TABLES: readonly SyncTableName[] = [
  'finds',
  'find_comments',
  'find_likes',
  'posts',
  'comments',
  'post_likes',
];

/** Every synced record table, for transactions that may touch any of them. */
export const syncTables = (db: DigQuestDb): Table[] => SYNC_TABLES.map((name) => db.table(name));

/** Names the entity set this client stores; a change restarts the pull from the beginning (C10). */
export const CLIENT_ENTITIES = [...adapters.keys(), 'users', 'categories'].sort().join(',');

/** Folds queued mutations (oldest first) over a base record. */
export function foldAll(
  adapter: EntityAdapter,
  base: SyncRecord | null,
  mutations: readonly OutboxMutation[],
): SyncRecord | null {
  return mutations.reduce<SyncRecord | null>((record, m) => adapter.fold(record, m), base);
}
