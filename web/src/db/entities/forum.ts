/**
 * The forum's synced entities (PROTOCOL.md S19–S24): posts, their comments and the member's own
 * promotions. Categories are read-only and pulled by id (web/src/sync/pull.ts). Posts cannot be edited on
 * the server; an 'update' only ever folds into a queued create (the member fixing a refused post's
 * category, S20), so the overlay lists the fields that fix may change.
 */
import type { LocalPost, LocalPostComment, LocalPostLike } from '../forum-types';
import { defineEntity, quoted } from '../entity-descriptor';
import { hasShape, photoNamedIn, text } from '../entity-fields';
import { engagementEntities } from './engagement';

const isLocalPost = hasShape<LocalPost>({
  uid: 'string',
  userId: 'number',
  categoryId: 'number',
  title: 'string',
  content: 'string',
});

export const postsEntity = defineEntity<LocalPost, 'posts'>({
  entity: 'posts',
  label: 'Forum posts',
  scope: {
    kind: 'owned',
    window: 'recent:posts',
    counts: { entity: 'post_counts', fields: ['likes', 'comments', 'views'] },
    rest: { record: (ref) => `/api/posts/${encodeURIComponent(ref)}`, list: '/api/posts' },
  },
  is: isLocalPost,
  fold: { title: 'text', content: 'text', categoryId: 'number', categoryName: 'text' },
  fromServer(data) {
    if (!(isLocalPost(data) && typeof data.id === 'number' && typeof data.created_at === 'string'))
      return null;
    return {
      id: data.id,
      uid: data.uid,
      userId: data.userId,
      username: text(data.username) ?? '',
      categoryId: data.categoryId,
      categoryName: text(data.categoryName) ?? '',
      title: data.title,
      content: data.content,
      imageUrl: text(data.imageUrl) ?? null,
      comments: Number(data.comments ?? 0),
      views: Number(data.views ?? 0),
      likes: Number(data.likes ?? 0),
      created_at: data.created_at,
    } satisfies LocalPost;
  },
  describe: (m, known) => ({
    // A refused post is fixed on its page (another category, S20): the change folds into the queued create.
    // An update of a synced post is its author's edit while a moderator has it hidden.
    label: `${m.op === 'delete' ? 'Deleting post' : m.op === 'update' && known?.id != null ? 'Editing post' : 'New post'}${quoted(text(m.payload.title) ?? known?.title)}`,
    editHref: m.op === 'delete' ? null : `/forum/post/${m.uid}`,
  }),
  blobRefs: photoNamedIn,
});

/** Comments and likes under a post (web/src/db/entities/engagement.ts). */
const engaged = engagementEntities<LocalPostComment, LocalPostLike>()({
  parent: { entity: 'posts', key: 'postUid', idKey: 'postId', href: (uid) => `/forum/post/${uid}` },
  comments: {
    entity: 'comments',
    verbs: ['Comment', 'Edited comment', 'Deleting comment'],
    label: 'Forum comments',
  },
  likes: {
    entity: 'post_likes',
    labels: ['Promoting a post', 'Removing a promotion'],
    label: 'Your promotions',
  },
});
export const postCommentsEntity = engaged.comments;
export const postLikesEntity = engaged.likes;
