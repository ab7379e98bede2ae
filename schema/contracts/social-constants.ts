/**
 * The social contracts' plain values — page sizes and the exact texts (docs/product/social.md) — kept apart
 * from the Zod schemas in ./social so that the sync engine and the app shell do not download Zod on the
 * first visit (docs/architecture.md). ./social re-exports everything here.
 */

/** Items per page of `GET /api/social/feed`. */
export const FEED_PAGE_SIZE = 20;
/** Members per page of `GET /api/users?q=` in the Find Users dialog. */
export const USER_SEARCH_PAGE_SIZE = 20;
/** A search term longer than any username is cut (usernames are at most 50 characters). */
export const USER_SEARCH_MAX = 50;

export const socialMessages = {
  authRequiredTitle: 'Authentication Required',
  authRequired: 'Please log in to follow users, join groups, send messages and view stats.',
  loginToFollow: 'Please log in to follow users.',
  heading: 'Social Dashboard',
  followSelf: 'You cannot follow yourself',
  targetRequired: 'targetUserId is required',
  actionInvalid: "action must be 'follow' or 'unfollow'",
  userNotFound: 'User not found',
  connectionNotFound: 'Connection not found',
  notOwner: 'You can only change your own connections',
  uidTaken: 'This connection id is already in use',
  updateFailed: 'Failed to update connection',
  updated: 'Connection updated successfully',
  feedEmpty: 'No recent activity to display',
  connectionsEmpty: 'No connections yet. Start following other detectorists!',
  followersEmpty: 'No followers yet',
  searchPrompt: 'Start typing to search for users',
  searchEmpty: 'No users found',
  unknownDate: 'Unknown date',
  groupsEmpty: "You haven't joined any groups yet",
  messagesEmpty: 'No messages yet',
} as const;

/** What a feed item reports. */
/** `group`: joined a public group (never a private one: docs/product/social.md "Groups"). */
export const activityKinds = ['find', 'post', 'event', 'story', 'group'] as const;
export type ActivityKind = (typeof activityKinds)[number];

/** Unknown users show as 'User {id}' (docs/product/social.md). */
export const unknownUserName = (id: number) => `User ${id}`;
