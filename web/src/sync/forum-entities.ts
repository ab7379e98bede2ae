/**
 * The forum's sync adapters (PROTOCOL.md S19–S24), beside the finds ones in entities.ts: posts, their
 * comments, and the member's own promotions. Categories are read-only and pulled by id (pull.ts).
 * Posts cannot be edited on the server; an 'update' only ever folds into a queued create (the member
 * fixing a refused post's category, S20), so fold applies its fields like the finds adapter does.
 */
import type { LocalPost, LocalPostComment, LocalPostLike, SyncRecord } from '@web/db/database';
import type { EntityAdapter } from './entities';

export const isLocalPost = (r: SyncRecord | null | undefined): r is LocalPost =>
  !!r && 'categoryId' in r && 'title' in r;
export const isLocalPostComment = (r: SyncRecord | null | undefined): r is LocalPostComment =>
  !!r && 'postUid' in r && 'content' in r;
export const isLocalPostLike = (r: SyncRecord | null | undefined): r is LocalPostLike =>
  !!r && 'postId' in r && !('content' in r);

const str = (o: Record<string, unknown>, k: string) => typeof o[k] === 'string';
const num = (o: Record<string, unknown>, k: string) => typeof o[k] === 'number';
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function overlayPost(post: LocalPost, payload: Record<string, unknown>): LocalPost {
  const next: LocalPost = { ...post };
  next.title = text(payload.title) ?? next.title;
  next.content = text(payload.content) ?? next.content;
  if (typeof payload.categoryId === 'number') next.categoryId = payload.categoryId;
  next.categoryName = text(payload.categoryName) ?? next.categoryName;
  return next;
}

export const postsAdapter: EntityAdapter = {
  entity: 'posts',
  table: 'posts',
  fold(base, m) {
    const post = isLocalPost(base) ? base : null;
    if (m.op === 'delete') return null;
    if (m.op === 'create')
      return post ? overlayPost(post, m.payload) : isLocalPost(m.record) ? m.record : null;
    return post ? overlayPost(post, m.payload) : null;
  },
  fromServer(data) {
    if (!(
      num(data, 'id') &&
      str(data, 'uid') &&
      num(data, 'userId') &&
      num(data, 'categoryId') &&
      str(data, 'title') &&
      str(data, 'content') &&
      str(data, 'created_at')
    ))
      return null;
    return {
      id: Number(data.id),
      uid: String(data.uid),
      userId: Number(data.userId),
      username: String(data.username ?? ''),
      categoryId: Number(data.categoryId),
      categoryName: String(data.categoryName ?? ''),
      title: String(data.title),
      content: String(data.content),
      imageUrl: typeof data.imageUrl === 'string' ? data.imageUrl : null,
      comments: Number(data.comments ?? 0),
      views: Number(data.views ?? 0),
      likes: Number(data.likes ?? 0),
      created_at: String(data.created_at),
    } satisfies LocalPost;
  },
  dependsOn: () => false,
};

export const postCommentsAdapter: EntityAdapter = {
  entity: 'comments',
  table: 'comments',
  fold(base, m) {
    const comment = isLocalPostComment(base) ? base : null;
    if (m.op === 'delete') return null;
    if (m.op === 'create' && !comment) return isLocalPostComment(m.record) ? m.record : null;
    if (!comment) return null;
    return { ...comment, content: text(m.payload.content) ?? comment.content };
  },
  fromServer(data) {
    if (!(
      num(data, 'id') &&
      str(data, 'uid') &&
      str(data, 'postUid') &&
      num(data, 'userId') &&
      str(data, 'content')
    ))
      return null;
    return {
      id: Number(data.id),
      uid: String(data.uid),
      postId: typeof data.postId === 'number' ? data.postId : null,
      postUid: String(data.postUid),
      userId: Number(data.userId),
      username: String(data.username ?? ''),
      content: String(data.content),
      created_at: String(data.created_at ?? ''),
    } satisfies LocalPostComment;
  },
  dependsOn: (m, parent) =>
    parent.entity === 'posts' &&
    parent.op === 'create' &&
    m.op === 'create' &&
    m.payload.postUid === parent.uid,
};

export const postLikesAdapter: EntityAdapter = {
  entity: 'post_likes',
  table: 'post_likes',
  fold(base, m) {
    if (m.op === 'delete') return null;
    return isLocalPostLike(base) ? base : isLocalPostLike(m.record) ? m.record : null;
  },
  fromServer(data) {
    if (!(str(data, 'uid') && num(data, 'userId'))) return null;
    return {
      uid: String(data.uid),
      userId: Number(data.userId),
      postId: typeof data.postId === 'number' ? data.postId : null,
      created_at: String(data.created_at ?? ''),
    } satisfies LocalPostLike;
  },
  dependsOn: (m, parent) => parent.entity === 'posts' && parent.op === 'create' && m.uid === parent.uid,
};
