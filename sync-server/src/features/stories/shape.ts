/**
 * Row → wire for stories: the one place it happens, for REST answers and pull changes alike. The author's
 * public fields (name and picture) are read from their account, as the viewer may see them (memberFor: an
 * e-mail-like name masked for others); never their e-mail address (docs/privacy.md).
 */
import type { Story } from '@schema/contracts/stories';
import type { stories } from '@schema/db/tables';
import type { Viewer } from '../../sync/registry';
import { memberFor } from '../../sync/visibility';

export type StoryRow = typeof stories.$inferSelect;

export interface StoryAuthor {
  username: string;
  avatarUrl: string | null;
}

export function toStory(row: StoryRow, author: StoryAuthor, viewer: Viewer): Story {
  const shown = memberFor(viewer, { id: row.userId, ...author });
  return {
    id: row.id,
    uid: row.uid,
    userId: row.userId,
    username: shown.username,
    avatarUrl: shown.avatarUrl,
    content: row.content,
    yearsDetecting: row.yearsDetecting,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    created_at: row.createdAt,
  };
}
