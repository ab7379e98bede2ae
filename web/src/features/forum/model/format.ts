/** Display rules for the forum (docs/product/forum.md): dates like 'Mar 5, 2024', counts, post links. */
import { format } from 'date-fns';

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(iso: string | null | undefined): string {
  const date = iso ? parse(iso) : null;
  return date ? format(date, 'MMM d, yyyy') : '';
}

/** '1 comment', '3 views'. */
export function countLabel(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

/** `/forum/post/42`, or the uid while the post has no server id yet. */
export const postHref = (post: { id: number | null; uid: string }) => `/forum/post/${post.id ?? post.uid}`;
