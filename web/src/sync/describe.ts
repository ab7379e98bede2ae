/**
 * How a queued mutation reads in the Not synced panel, and where "Edit" takes the member to fix it.
 * Kept beside the adapters so a new synced entity adds its wording in the sync layer, not in the panel.
 */
import type { OutboxMutation } from '@web/db/database';
import { isLocalComment, isLocalFind } from './entities';

export interface MutationDescription {
  /** e.g. 'New find "Roman denarius"'. */
  label: string;
  /** The page where the record can be edited; null when there is nothing to edit (a like). */
  editHref: string | null;
}

const quoted = (text: string | undefined) => (text ? ` "${text.length > 60 ? `${text.slice(0, 57)}…` : text}"` : '');
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
      return { label: `${verb}${quoted(payloadText(m, 'content') ?? known?.content)}`, editHref: findUid && m.op !== 'delete' ? `/finds/${findUid}#comments` : null };
    }
    case 'find_likes':
      return { label: m.op === 'create' ? 'Like on a find' : 'Removing a like', editHref: `/finds/${m.uid}` };
    default:
      return { label: 'A change', editHref: null };
  }
}
