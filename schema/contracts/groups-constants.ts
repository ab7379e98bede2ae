/**
 * The groups contracts' plain values — page sizes, states and the exact texts (docs/product/social.md
 * "Groups") — kept apart from the Zod schemas in ./groups so that the sync engine and the app shell do
 * not download Zod on the first visit (docs/architecture.md). ./groups re-exports everything here.
 */

/** Groups per page of `GET /api/groups` (Browse Groups) and `GET /api/social/groups`. */
export const GROUPS_PAGE_SIZE = 20;
/** Members per page of `GET /api/groups/{id}/members`. */
export const GROUP_MEMBERS_PAGE_SIZE = 50;
/** Not in the product spec (no bounds shown): long enough for any club's name, short enough for a card. */
export const GROUP_NAME_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 2000;
export const GROUP_LOCATION_MAX = 200;
/** Tags (the spec's `tags`, no bounds shown): a few short labels a card can show on one line. */
export const GROUP_TAGS_MAX = 5;
export const GROUP_TAG_MAX = 24;
/** The group's rules (the spec's `rules`): plain text, a few paragraphs. */
export const GROUP_RULES_MAX = 2000;
/** A discussion comment (not in the product spec): a line or a paragraph. */
export const GROUP_COMMENT_MAX = 1000;
/** Comments per page of `GET /api/groups/{id}/comments`. */
export const GROUP_COMMENTS_PAGE_SIZE = 50;
/** A search term longer than any group name is cut. */
export const GROUP_SEARCH_MAX = GROUP_NAME_MAX;

/**
 * A membership's states (docs/product/social.md "Groups"): a request to join a private group is `pending`
 * until the creator approves it, an invitation by the creator is `invited` until the member accepts it
 * (by joining), and a member is `active`. Only `active` members count and see a private group.
 */
export const membershipStatuses = ['pending', 'invited', 'active'] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];
export const membershipRoles = ['creator', 'member'] as const;
export type MembershipRole = (typeof membershipRoles)[number];

export const groupMessages = {
  loginRequired: 'Please log in to follow users, join groups, send messages and view stats.',
  nameRequired: 'Group name is required',
  nameTooLong: `Group name cannot be longer than ${GROUP_NAME_MAX} characters`,
  descriptionTooLong: `Description cannot be longer than ${GROUP_DESCRIPTION_MAX} characters`,
  locationTooLong: `Location cannot be longer than ${GROUP_LOCATION_MAX} characters`,
  isPrivateInvalid: 'isPrivate must be true or false',
  notFound: 'Group not found',
  notFoundText: 'This group does not exist, or it is private and you are not a member.',
  notCreator: "Only the group's creator can do this",
  creatorCannotLeave:
    'The creator cannot leave the group. Delete the group or hand it to another member first.',
  notMember: 'You are not a member of this group',
  membershipNotFound: 'There is no request to join from this member',
  transferToSelf: 'You are already the creator of this group',
  transferNotMember: 'Only an active member of the group can take it over',
  alreadyMember: 'This member is already in the group',
  uidTaken: 'This record id is already used by another member.',
  userIdRequired: 'userId is required',
  userNotFound: 'User not found',
  membershipNotEditable: 'A membership is only joined or left.',
  tooManyTags: `A group can have at most ${GROUP_TAGS_MAX} tags`,
  tagTooLong: `Each tag can be at most ${GROUP_TAG_MAX} characters`,
  tagEmpty: 'Tags cannot be empty',
  tagsRepeated: 'Each tag can only be used once',
  tagsInvalid: 'Tags must be a list of words',
  rulesTooLong: `Rules cannot be longer than ${GROUP_RULES_MAX} characters`,
  invalidFileType: 'Invalid file type',
  selectImage: 'Please select an image file',
  commentEmpty: 'Comment cannot be empty.',
  commentTooLong: `Comment cannot be longer than ${GROUP_COMMENT_MAX} characters.`,
  commentNotFound: 'Comment not found',
  notCommentOwnerEdit: 'You can only edit your own comments.',
  notCommentOwnerDelete: 'You can only delete your own comments.',
  loginToComment: 'Please log in to take part in the discussion.',
  membersOnlyComment: 'Join the group to take part in the discussion.',
  // Toasts (spec's error catalogue).
  created: 'Group Created',
  updated: 'Group Updated',
  deleted: 'Group Deleted',
  left: 'Left Group',
  joined: 'Joined Group',
  requested: 'Request sent',
  requestedText: "The group's creator will see your request.",
  approved: 'Member approved',
  invited: 'Invitation sent',
  createFailed: 'Failed to create group. Please try again.',
  updateFailed: 'Failed to update group. Please try again.',
  deleteFailed: 'Failed to delete group. Please try again.',
  leaveFailed: 'Failed to leave group. Please try again.',
  joinFailed: 'Failed to join group. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this group? This action cannot be undone.',
  // Empty texts.
  mineEmpty: "You haven't joined any groups yet",
  noDescription: 'No description provided',
  browseEmpty: 'No groups found',
  membersEmpty: 'No members yet',
  requestsEmpty: 'No pending requests',
  discussionEmpty: 'No comments yet. Start the discussion!',
  offline: 'Groups need a connection. They will show here when you are back online.',
  loadFailed: 'Groups could not be loaded. Please try again later.',
} as const;
