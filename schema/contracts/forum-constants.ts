/**
 * The forum contracts' plain values — limits, page sizes, the exact messages and the preview rule — kept
 * apart from the Zod schemas in ./forum so that the home page does not download Zod on the first visit
 * (docs/architecture.md). ./forum re-exports everything here.
 */

export const POST_TITLE_MIN = 5;
export const POST_TITLE_MAX = 100;
export const POST_CONTENT_MIN = 10;
/** Not in the spec: a long forum post is a few thousand words; this bounds a pull page and the FTS index. */
export const POST_CONTENT_MAX = 20_000;
/** Not in the spec ("trimmed content non-empty"): long enough for any reply, bounded like the content. */
export const POST_COMMENT_MAX = 2000;
/** Post previews and the Home "Hot Topics" card (docs/product/forum.md). */
export const POST_PREVIEW_LENGTH = 120;
export const HOT_TOPICS_COUNT = 3;
/** Page sizes (lists are paged: docs/api.md). */
export const POSTS_PAGE_SIZE = 20;
export const POST_COMMENTS_PAGE_SIZE = 50;
/** The Community Members card shows at most this many online members (X-Total-Count gives them all). */
export const ONLINE_MEMBERS_LIMIT = 50;
/** Search: more terms than this are ignored (a pasted paragraph is not a query). */
export const SEARCH_MAX_TERMS = 12;

export const forumMessages = {
  titleTooShort: 'Title must be at least 5 characters',
  titleTooLong: 'Title cannot exceed 100 characters',
  contentTooShort: 'Content must be at least 10 characters',
  contentTooLong: `Content cannot exceed ${POST_CONTENT_MAX} characters`,
  categoryRequired: 'Please select a category',
  commentRequired: 'Please write a comment',
  commentTooLong: `Comment cannot exceed ${POST_COMMENT_MAX} characters`,
  fileTooLargeTitle: 'File too large',
  fileTooLarge: 'Please select an image smaller than 5MB',
  invalidFileTypeTitle: 'Invalid file type',
  invalidFileType: 'Please select an image file',
  invalidImageUrl: 'Please upload the image again',
  oneImage: 'A post has one image: send imageSha256 or imageUrl, not both',
  photoMissing:
    'The image of this post has not been uploaded. Retry, or remove the image and send the post again.',
  authRequiredTitle: 'Authentication required',
  loginToPost: 'Please log in to create a post.',
  authenticationRequiredTitle: 'Authentication Required',
  loginRequired: 'Please log in',
  loginForMyPosts: 'Please log in to see your posts.',
  imageUploadFailedTitle: 'Image upload failed',
  imageUploadFailed: 'Could not upload image. Post will be created without image.',
  uploadFailed: 'Failed to upload image',
  unknownError: 'Unknown error occurred',
  createFailed: (status: number) => `HTTP ${status}: Failed to create post`,
  promotionFailed: 'Failed to update promotion status',
  deleteFailedTitle: 'Delete Failed',
  deleteFailed: 'Failed to delete post. Please try again.',
  permissionDeniedTitle: 'Permission Denied',
  notOwnerDelete: 'You can only delete your own posts.',
  notCommentOwnerEdit: 'You can only edit your own comments.',
  notCommentOwnerDelete: 'You can only delete your own comments.',
  commentFailedTitle: 'Comment Failed',
  commentFailed: 'Failed to post comment. Please try again.',
  updateFailedTitle: 'Update Failed',
  commentsLoadFailed: 'Failed to load comments. Please try again later.',
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  categoryNotFound: 'Category not found',
  postNotEditable: 'A post cannot be edited once it is published.',
  notOwnerEdit: 'You can only edit your own posts.',
  likeNotEditable: 'A promotion can only be added or removed.',
  onlineOnly: 'Only online members are listed here; GET /api/users lists every member.',
  uidTaken: 'This record id is already used by another member.',
  // Success notices (docs/product/forum.md).
  postCreated: 'Success! Your post has been created successfully.',
  postPromoted: 'Post Promoted!',
  promotionRemoved: 'Promotion Removed',
  postDeleted: 'Post Deleted',
  commentPosted: 'Comment Posted',
  commentUpdated: 'Updated',
  commentDeleted: 'Deleted',
} as const;

/** Only images this server stored (POST /api/upload-image answers them): never a third-party tracker URL. */
export const UPLOADED_IMAGE_URL = /^\/uploads\/[0-9a-f]{64}\.webp$/;

/** A list preview: the first 120 characters (docs/product/forum.md), then '...' when the post is longer. */
export function postPreview(text: string, length = POST_PREVIEW_LENGTH): string {
  return text.length <= length ? text : `${text.slice(0, length).trimEnd()}...`;
}
