/**
 * Row → wire for stories: the one place it happens, for REST answers and pull changes alike. The author's
 * public fields (name and picture) are read from their account; never their e-mail address
 * (docs/privacy.md).
 */
import type { Story } from '@schema/contracts/stories';
import { defaultAvatarUrl } from '@schema/contracts/users';
import type { stories } from '@schema/db/tables';

export type StoryRow = typeof stories.$inferSelect;

export interface StoryAuthor {
  username: string;
  avatarUrl: string | null;
}

export function toStory(row: StoryRow, author: StoryAuthor): Story {
  return {
    id: row.id,
    uid: row.uid,
    userId: row.userId,
    username: author.username,
    avatarUrl: author.avatarUrl ?? defaultAvatarUrl(author.username),
    content: row.content,
    yearsDetecting: row.yearsDetecting,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    created_at: row.createdAt,
  };
}
