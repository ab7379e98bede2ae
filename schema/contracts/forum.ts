/**
 * Forum contracts (docs/product/forum.md#screens, #rules-and-messages, #errors, docs/product/data-model.md,
 * docs/product/constants.md#forum): the post and comment rules with the product's exact messages, the wire
 * shapes REST and pull both answer with, and the sync payloads of the forum entities (posts, comments,
 * post_likes; categories are read-only). The web forms, the Dexie outbox and the server validate with these
 * same schemas.
 */
import { z } from 'zod';
import { text } from './text';
import { MAX_IMAGE_BYTES } from './constants';
import { optionalUidSchema } from './finds';
import { sha256Schema } from './sync';
import {
  POST_TITLE_MIN,
  POST_TITLE_MAX,
  POST_CONTENT_MIN,
  POST_CONTENT_MAX,
  POST_COMMENT_MAX,
  forumMessages,
  UPLOADED_IMAGE_URL,
} from './forum-constants';

export * from './forum-constants';

const title = text({ error: forumMessages.titleTooShort })
  .trim()
  .min(POST_TITLE_MIN, forumMessages.titleTooShort)
  .max(POST_TITLE_MAX, forumMessages.titleTooLong);

const content = text({ error: forumMessages.contentTooShort })
  .trim()
  .min(POST_CONTENT_MIN, forumMessages.contentTooShort)
  .max(POST_CONTENT_MAX, forumMessages.contentTooLong);

/** A select gives '' or a numeric string; JSON gives a number. Anything else is "no category chosen". */
export const categoryIdSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: forumMessages.categoryRequired })
    .int(forumMessages.categoryRequired)
    .positive(forumMessages.categoryRequired),
);

const imageUrl = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z
    .string({ error: forumMessages.invalidImageUrl })
    .regex(UPLOADED_IMAGE_URL, forumMessages.invalidImageUrl)
    .nullable(),
);

const postShape = { title, content, categoryId: categoryIdSchema };

/** The New Post dialog's fields (the picture is a separate, optional file: postImageFileSchema). */
export const postFormSchema = z.object(postShape);
export type PostFormInput = z.output<typeof postFormSchema>;

/**
 * PATCH /api/posts/{id} and the sync update: a published post is not edited — except by its author while a
 * moderator has it hidden, so they can put it right and ask for a review (docs/moderation.md). Either
 * field may be left out (a queued edit sends what changed).
 */
export const postEditSchema = z.object({ title, content }).partial();
export type PostEditInput = z.output<typeof postEditSchema>;

/** POST /api/posts. `userId` is not read: the session decides the author. */
export const postCreateSchema = z.object({ ...postShape, imageUrl, uid: optionalUidSchema });
export type PostCreateInput = z.output<typeof postCreateSchema>;

/**
 * The optional picture of a post, checked before upload (docs/product/forum.md#rules-and-messages:
 * under 5 MB, an image type).
 */
export const postImageFileSchema = z
  .file({ error: forumMessages.invalidFileType })
  .refine((f) => f.type.startsWith('image/'), forumMessages.invalidFileType)
  .refine((f) => f.size <= MAX_IMAGE_BYTES, forumMessages.fileTooLarge);

export const postCommentSchema = z.object({
  content: text({ error: forumMessages.commentRequired })
    .trim()
    .min(1, forumMessages.commentRequired)
    .max(POST_COMMENT_MAX, forumMessages.commentTooLong),
});
export type PostCommentInput = z.output<typeof postCommentSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A post reference in a body: its numeric id, or its uid while it has none (docs/sync.md#record-identity).
 */
const notFound = forumMessages.postNotFound;
export const postRefSchema = z.union(
  [
    z.number({ error: notFound }).int(notFound).positive(notFound),
    z
      .string({ error: notFound })
      .regex(/^\d{1,15}$/, notFound)
      .transform(Number),
    z
      .string({ error: notFound })
      .regex(UUID, notFound)
      .transform((v) => v.toLowerCase()),
  ],
  { error: notFound },
);

/** POST /api/comments. `userId` is not read: the commenter is the session's member. */
export const postCommentCreateSchema = postCommentSchema.extend({
  postId: postRefSchema,
  uid: optionalUidSchema,
});

/**
 * Sync payloads. Entity 'posts' create: the optional picture is either a blob uploaded first and named by
 * its SHA-256 (written offline), or the `imageUrl` POST /api/upload-image answered (written online); not both.
 */
export const postSyncCreatePayloadSchema = z
  .object({ ...postShape, imageSha256: sha256Schema.optional(), imageUrl })
  .refine((p) => !(p.imageSha256 && p.imageUrl), { message: forumMessages.oneImage, path: ['imageUrl'] });
/** Entity 'comments' create: the parent post by uid, since it may not have a server id yet. */
export const postCommentSyncCreatePayloadSchema = postCommentSchema.extend({
  postUid: z.string({ error: forumMessages.postNotFound }).regex(UUID, forumMessages.postNotFound),
});

/** A post on the wire (REST and pull alike). */
export type Post = {
  id: number;
  uid: string;
  userId: number;
  username: string;
  categoryId: number;
  categoryName: string;
  title: string;
  content: string;
  imageUrl: string | null;
  comments: number;
  views: number;
  likes: number;
  created_at: string;
};

export type PostComment = {
  id: number;
  uid: string;
  postId: number;
  /** The parent's uid: offline clients link comments to posts that have no server id yet. */
  postUid: string;
  userId: number;
  username: string;
  content: string;
  created_at: string;
};

export type Category = {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  icon: string | null;
  /** Posts in the category, kept by the server. */
  count: number;
};

/** Promote / Promoted (docs/product/data-model.md "Post like status"). */
export type PostLikeStatus = {
  isLiked: boolean;
  likes: number;
};

/** The caller's own promotion, as pulled (entity 'post_likes'): keyed by the promoted post's uid. */
export type PostLike = {
  uid: string;
  postId: number;
  userId: number;
  created_at: string;
};

/** POST /api/posts/{id}/view. `counted` is false when this visitor was already counted today. */
export type PostViewResult = {
  views: number;
  counted: boolean;
};

/** GET /api/community/members: a public member plus when they last posted (null: only the caller). */
export type OnlineMember = {
  id: number;
  username: string;
  avatarUrl: string;
  bio: string | null;
  created_at: string;
  lastPostAt: string | null;
};
