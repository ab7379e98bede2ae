/** Display rules for the forum (docs/product/forum.md): dates like '5 Mar 2024', counts, post links. */
import { formatDay } from '@web/lib/dates';
import { formatCount } from '@web/lib/numbers';

/** '5 Mar 2024' (en-GB). */
export function formatDate(iso: string | null | undefined): string {
  return formatDay(iso);
}

/** '1 comment', '3 views'. */
export function countLabel(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** `/forum/post/42`, or the uid while the post has no server id yet. */
export const postHref = (post: { id: number | null; uid: string }) => `/forum/post/${post.id ?? post.uid}`;
