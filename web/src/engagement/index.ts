/**
 * Comments and likes for any synced parent record (web/src/sync/README.md "Engagement module"): a feature
 * describes its parent once (EngagementDescriptor) and gets the Dexie writes, the comments section, the
 * comment item and the like button.
 */
export { CommentsSection, type CommentsSectionProps } from './comments-section';
export { CommentForm } from './comment-form';
export { CommentItem, type CommentItemProps, type CommentWrites } from './comment-item';
export { LikeButton, type LikeButtonProps } from './like-button';
export { engagementWrites, type EngagementWrites } from './writes';
export type {
  CommentInput,
  CommentRecord,
  EngagedParent,
  EngagementDescriptor,
  EngagementStore,
  EngagementTexts,
  LikeRecord,
  ParentRecord,
  ToastText,
} from './descriptor';
