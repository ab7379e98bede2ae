/**
 * The stories contracts' plain values — limits and the exact messages — kept apart from the Zod schemas in
 * ./stories so that a screen needing only these (the home page's Wellbeing section, the sync engine) does
 * not download Zod on the first visit (docs/architecture.md). ./stories re-exports everything here. The
 * rules and texts are docs/product/stories.md's.
 */

export const STORY_CONTENT_MIN = 20;
/** Not in the product spec: a story, not a book, small enough that every device can hold the window. */
export const STORY_CONTENT_MAX = 5000;
export const STORY_YEARS_MIN = 0;
/** Not in the product spec: nobody has been detecting for longer than a lifetime. */
export const STORY_YEARS_MAX = 100;
export const STORY_COMMENT_MIN = 3;
export const STORY_COMMENT_MAX = 1000;

/** Stories per page of `GET /api/stories` and of the hub's Community Stories. */
export const STORIES_PAGE_SIZE = 12;
/** The home page's Wellbeing section shows the newest few. */
export const HOME_STORIES = 3;

export const storyMessages = {
  contentTooShort: `Your story must be at least ${STORY_CONTENT_MIN} characters long`,
  contentTooLong: `Your story cannot be longer than ${STORY_CONTENT_MAX} characters`,
  yearsTooLow: 'Years must be 0 or greater',
  yearsTooHigh: `Years must be ${STORY_YEARS_MAX} or fewer`,
  yearsWhole: 'Years must be a whole number',
  authRequiredTitle: 'Authentication Required',
  loginToShare: 'Please log in to share your story.',
  loginToEdit: 'Please log in to edit a story.',
  loginToDelete: 'Please log in to delete a story.',
  loginToLike: 'Please log in to like a story.',
  loginToComment: 'Please log in to comment on a story.',
  notOwner: 'You can only edit your own stories.',
  notOwnerDelete: 'You can only delete your own stories.',
  notFound: 'Story Not Found',
  notFoundText: "The story you're looking for doesn't exist or has been removed.",
  likeNotEditable: 'A like can only be added or removed.',
  uidTaken: 'This record id is already used by another member.',
  commentTooShort: `Comment must be at least ${STORY_COMMENT_MIN} characters.`,
  commentTooLong: `Comment cannot be longer than ${STORY_COMMENT_MAX} characters.`,
  commentNotFound: 'Comment not found',
  notCommentOwnerEdit: 'You can only edit your own comments.',
  notCommentOwnerDelete: 'You can only delete your own comments.',
  // Toasts (docs/product/stories.md "Rules and messages").
  shared: 'Story Shared',
  shareFailed: 'There was a problem sharing your story. Please try again.',
  updated: 'Story Updated',
  updateFailed: 'There was a problem updating your story. Please try again.',
  deleted: 'Story Deleted',
  deleteFailed: 'There was a problem deleting the story. Please try again.',
  savedOnDevice: 'Saved on this device. It will be shared with the community once it has synced.',
} as const;
