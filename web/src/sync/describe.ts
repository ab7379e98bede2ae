/**
 * How a queued mutation reads in the Not synced panel, and where "Edit" takes the member to fix it.
 * Kept beside the adapters so a new synced entity adds its wording in the sync layer, not in the panel.
 */
import type { OutboxMutation } from '@web/db/database';
import { isLocalComment, isLocalFind } from './entities';
import { isLocalPost, isLocalPostComment } from './forum-entities';

export interface MutationDescription {
  /** e.g. 'New find "Roman denarius"'. */
  label: string;
  /** The page where the record can be edited; null when there is nothing to edit (a like). */
  editHref: string | null;
}

const quoted = (text: string | undefined) =>
  text ? ` "${text.length > 60 ? `${text.slice(0, 57)}…` : text}"` : '';
const payloadText = (m: OutboxMutation, key: string): string | undefined => {
  const value = m.payload[key];
  return typeof value === 'string' ? value : undefined;
};

export function describeMutation(m: OutboxMutation): MutationDescription {
  switch (m.entity) {
    case 'finds': {
      const known = isLocalFind(m.record) ? m.record : isLocalFind(m.before) ? m.before : undefined;
      const title = quoted(payloadText(m, 'title') ?? known?.title);
      const verb = m.op === 'create' ? 'New find' : m.op === 'update' ? 'Changes to find' : 'Deleting find';
      return { label: `${verb}${title}`, editHref: m.op === 'delete' ? null : `/finds/${m.uid}?edit=1` };
    }
    case 'find_comments': {
      const known = isLocalComment(m.record) ? m.record : isLocalComment(m.before) ? m.before : undefined;
      const findUid = payloadText(m, 'findUid') ?? known?.findUid;
      const verb = m.op === 'create' ? 'Comment' : m.op === 'update' ? 'Edited comment' : 'Deleting comment';
      return {
        label: `${verb}${quoted(payloadText(m, 'content') ?? known?.content)}`,
        editHref: findUid && m.op !== 'delete' ? `/finds/${findUid}#comments` : null,
      };
    }
    case 'find_likes':
      return { label: m.op === 'create' ? 'Like on a find' : 'Removing a like', editHref: `/finds/${m.uid}` };
    case 'posts': {
      const known = isLocalPost(m.record) ? m.record : isLocalPost(m.before) ? m.before : undefined;
      const title = quoted(payloadText(m, 'title') ?? known?.title);
      // A refused post is fixed on its page (another category, S20): the change folds into the queued create.
      return {
        label: `${m.op === 'delete' ? 'Deleting post' : 'New post'}${title}`,
        editHref: m.op === 'delete' ? null : `/forum/post/${m.uid}`,
      };
    }
    case 'comments': {
      const known = isLocalPostComment(m.record)
        ? m.record
        : isLocalPostComment(m.before)
          ? m.before
          : undefined;
      const postUid = payloadText(m, 'postUid') ?? known?.postUid;
      const verb = m.op === 'create' ? 'Reply' : m.op === 'update' ? 'Edited reply' : 'Deleting reply';
      return {
        label: `${verb}${quoted(payloadText(m, 'content') ?? known?.content)}`,
        editHref: postUid && m.op !== 'delete' ? `/forum/post/${postUid}#comments` : null,
      };
    }
    case 'post_likes':
      return {
        label: m.op === 'create' ? 'Promoting a post' : 'Removing a promotion',
        editHref: `/forum/post/${m.uid}`,
      };
    default:
      return { label: 'A change', editHref: null };
  }
}
