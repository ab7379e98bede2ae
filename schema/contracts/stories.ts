/**
 * Stories contracts (docs/product/stories.md "Rules and messages", "API calls"; docs/product/data-model.md):
 * the share, edit and comment rules with the product's exact messages, the wire shapes REST and pull both
 * answer with, and the sync payloads of the stories entities (stories, story_comments, story_likes). The
 * Share Your Story dialog, the Dexie outbox and the server validate with these same schemas.
 */
import { z } from 'zod';
import { text } from './text';
import {
  STORY_COMMENT_MAX,
  STORY_COMMENT_MIN,
  STORY_CONTENT_MAX,
  STORY_CONTENT_MIN,
  STORY_YEARS_MAX,
  STORY_YEARS_MIN,
  storyMessages,
} from './stories-constants';

export * from './stories-constants';

const content = text({ error: storyMessages.contentTooShort })
  .trim()
  .min(STORY_CONTENT_MIN, storyMessages.contentTooShort)
  .max(STORY_CONTENT_MAX, storyMessages.contentTooLong);

/**
 * Years detecting: optional. Absent, null and '' (an empty form field) all mean "not said"; a numeric
 * string from a form field is read as its number. A member's profile uses the same rule (profile-details.ts).
 */
export const yearsDetectingSchema = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return null;
    if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
    return v;
  },
  z
    .number({ error: storyMessages.yearsTooLow })
    .int(storyMessages.yearsWhole)
    .min(STORY_YEARS_MIN, storyMessages.yearsTooLow)
    .max(STORY_YEARS_MAX, storyMessages.yearsTooHigh)
    .nullable(),
);

/** Share Your Story (POST /api/stories and the sync create). `userId` is not read: the session decides. */
export const storyCreateSchema = z.object({ content, yearsDetecting: yearsDetectingSchema });
export type StoryCreateInput = z.output<typeof storyCreateSchema>;

/** Edit (PUT /api/stories/{id} and the sync update): the same rules; a field left out keeps its value. */
export const storyUpdateSchema = z.object({
  content: content.optional(),
  yearsDetecting: yearsDetectingSchema.optional(),
});
export type StoryUpdateInput = z.output<typeof storyUpdateSchema>;

export const storySyncCreatePayloadSchema = storyCreateSchema;
export const storySyncUpdatePayloadSchema = storyUpdateSchema;

export const storyCommentSchema = z.object({
  content: text({ error: storyMessages.commentTooShort })
    .trim()
    .min(STORY_COMMENT_MIN, storyMessages.commentTooShort)
    .max(STORY_COMMENT_MAX, storyMessages.commentTooLong),
});
export type StoryCommentInput = z.output<typeof storyCommentSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Entity 'story_comments' create: the story by uid, since it may not have a server id yet. */
export const storyCommentSyncCreatePayloadSchema = storyCommentSchema.extend({
  storyUid: z.string({ error: storyMessages.notFound }).regex(UUID, storyMessages.notFound),
});

/**
 * A story on the wire (REST and pull alike), with its author's public fields (name and picture, never an
 * e-mail address). `likeCount` and `commentCount` are the server's.
 */
export interface Story {
  id: number;
  uid: string;
  userId: number;
  username: string;
  avatarUrl: string;
  content: string;
  yearsDetecting: number | null;
  likeCount: number;
  commentCount: number;
  created_at: string;
}

export interface StoryComment {
  id: number;
  uid: string;
  storyId: number;
  /** The parent's uid: offline clients link comments to stories that have no server id yet. */
  storyUid: string;
  userId: number;
  username: string;
  content: string;
  created_at: string;
}

/** The caller's own like, as pulled (entity 'story_likes'): keyed by the story's uid. */
export interface StoryLike {
  uid: string;
  storyId: number;
  userId: number;
  created_at: string;
}

/** `POST|DELETE /api/stories/{id}/like` and `GET …/like-status` (the engagement module's answer). */
export interface StoryLikeStatus {
  isLiked: boolean;
  likes: number;
}

/** `data` of a `story_counts` change (sync S30). */
export interface StoryCountsData {
  uid: string;
  id: number;
  likeCount: number;
  commentCount: number;
}
