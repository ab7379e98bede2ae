/**
 * Row types of the forum tables (database.ts version 3). Posts and comments are keyed by `uid` like every
 * record a member can write offline (docs/sync.md "Record identity"); the server's numeric `id` is null until the create is
 * acknowledged. Categories are read-only, pulled with their counts (PROTOCOL.md S21), keyed by `id`.
 */
import type { Category, Post, PostComment, PostLike } from '@schema/contracts/forum';
import type { ModeratorMark } from './entity-fields';

/** A post as stored: the wire shape, plus the hash of a picture that is still (or only) on the device. */
export type LocalPost = Omit<Post, 'id'> &
  ModeratorMark & {
    id: number | null;
    /** Set while the picture lives in `blobs` (written offline, not yet replaced by a pulled row). */
    imageSha256?: string | undefined;
  };

export type LocalPostComment = Omit<PostComment, 'id' | 'postId'> &
  ModeratorMark & {
    id: number | null;
    postId: number | null;
  };

/** The member's own promotion, keyed by the promoted post's uid (PROTOCOL.md S22). */
export type LocalPostLike = Omit<PostLike, 'postId'> & { postId: number | null };

export type LocalCategory = Category;
