/**
 * What a parent record (a find, a forum post; events, stories and groups next) tells the engagement module
 * to get comments and likes: the synced entities involved, the parent's counters, the comment rules, who may
 * delete a comment, the like button's look and every text the member reads. The texts differ per feature on
 * purpose (docs/product/finds.md, docs/product/forum.md); nothing here is shared wording. See
 * docs/architecture.md "Shared building blocks" and docs/decisions/0013-engagement-module.md.
 */
import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { SyncEntity } from '@schema/contracts/sync';
import type { SyncRecord } from '@web/db/database';
import type {
  CommentEntity,
  CommentFields,
  KeysOf,
  LikeEntity,
  LikeFields,
} from '@web/db/entities/engagement';
import type { ZodType } from 'zod';

/** A record that can be commented on and liked. */
export interface EngagedParent {
  uid: string;
  id: number | null;
  /** Names the record in the like button's accessible label. */
  title: string;
}

export type ParentRecord = SyncRecord & EngagedParent;
export type CommentRecord = SyncRecord & CommentFields;
export type LikeRecord = SyncRecord & LikeFields;

export interface CommentInput {
  content: string;
}

/** Resolves to the feature contract's comment schema (a dynamic import of the contract: ./comment-rules.ts). */
export type EngagementSchemaLoader = () => Promise<ZodType<CommentInput, CommentInput>>;

export interface ToastText {
  title: string;
  description: string;
}

export interface EngagementTexts {
  /** Shown to signed-out visitors instead of the form, beside a Sign in button. */
  signInToComment: string;
  commentPlaceholder: string;
  noComments: string;
  /** Shown when the comments cannot be read from the device; without it nothing is shown. */
  commentsLoadFailed?: string;
  commentPosted: string;
  /** When the comment could not be stored; a full device shows its own message instead. */
  commentFailed: ToastText;
  commentUpdated: string;
  updateFailed: ToastText;
  commentDeleted: string;
  deleteFailed: ToastText;
  /** A signed-out visitor pressed the like button (the sign-in dialog opens too). */
  likeNeedsSignIn: ToastText;
  liked: string;
  unliked: string;
  likeFailed: ToastText;
  /**
   * The button's accessible label: what pressing it does, on what, and the current count. It holds the
   * button's visible text in order, outside parentheses (axe's label-content-name-mismatch ignores
   * parenthesised words), so speech users can say what they see.
   */
  likeLabel(liked: boolean, title: string, count: number): string;
}

/** The part the Dexie writes need: where the records live and which counters move with them. */
export interface EngagementStore<P extends ParentRecord, C extends CommentRecord, L extends LikeRecord> {
  /** Its parent entity (`comments.parent.entity`) is the table whose counters move. */
  comments: CommentEntity<SyncEntity, C>;
  likes: LikeEntity<SyncEntity, L>;
  /** The parent's counters, bumped optimistically; the server's values replace them on the next pull. */
  counters: { comments: KeysOf<P, number>; likes: KeysOf<P, number> };
}

export interface EngagementDescriptor<
  P extends ParentRecord,
  C extends CommentRecord,
  L extends LikeRecord,
> extends EngagementStore<P, C, L> {
  /**
   * The contract's comment rules (trimmed, length limits), for the form and for edits: a dynamic import of
   * the contract, so the validation library loads with the first comment written, not with the page
   * (./comment-rules.ts).
   */
  loadCommentSchema: EngagementSchemaLoader;
  /**
   * Who may delete a comment: its writer ('writer', the default), or also the official account as
   * moderator ('writer-or-official'). Only the writer ever edits.
   */
  deleteBy?: 'writer' | 'writer-or-official';
  /** How a commenter is shown; the module's default is their avatar and (masked) name. */
  Author?: ComponentType<{ userId: number; username: string }>;
  like: {
    icon: LucideIcon;
    /**
     * 'icon': a quiet button whose icon fills when liked (finds' heart). 'labelled': an outlined button,
     * solid when liked, that also says what it does (the forum's Promote / Promoted).
     */
    look: 'icon' | 'labelled';
    /** The visible word of a 'labelled' button. */
    word?(liked: boolean): string;
  };
  texts: EngagementTexts;
}

/** A parent's counter, read for display (0 when the row has none yet). */
export function counterOf<P extends ParentRecord>(parent: P, key: KeysOf<P, number>): number {
  const value: unknown = parent[key];
  return typeof value === 'number' ? value : 0;
}
