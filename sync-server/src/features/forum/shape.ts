/**
 * Row → wire for posts and categories: the one place it happens, for REST answers and pull changes alike.
 * Only the author's username is read from users — masked for others when it looks like an e-mail address
 * (nameFor): no e-mail address is ever selected here. Comments are shaped by the engagement module.
 */
import type { Category, Post } from '@schema/contracts/forum';
import type { categories, posts } from '@schema/db/tables';
import type { Viewer } from '../../sync/registry';
import { nameFor } from '../../sync/visibility';

export type PostRow = typeof posts.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;

export function toPost(row: PostRow, username: string, categoryName: string, viewer: Viewer): Post {
  return {
    id: row.id,
    uid: row.uid,
    userId: row.userId,
    username: nameFor(viewer, row.userId, username),
    categoryId: row.categoryId,
    categoryName,
    title: row.title,
    content: row.content,
    imageUrl: row.imageUrl,
    comments: row.comments,
    views: row.views,
    likes: row.likes,
    created_at: row.createdAt,
  };
}

export function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    icon: row.icon,
    count: row.count,
  };
}
