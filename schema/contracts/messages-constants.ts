/**
 * Direct messages and blocks: plain values — limits, page sizes and the exact texts (docs/product/social.md
 * "Messages", "Blocking") — apart from the Zod schemas in ./messages, so the header's unread badge and the
 * sync engine do not download Zod on the first visit (docs/architecture.md). ./messages re-exports them.
 */

/** Plain text, 1–2,000 characters once trimmed. */
export const MESSAGE_MAX = 2000;
/** Conversations per page of `GET /api/social/messages`. */
export const CONVERSATIONS_PAGE_SIZE = 30;
/** Messages per page of a thread (`GET /api/social/messages?with=`). */
export const THREAD_PAGE_SIZE = 50;

/** What a message carries (the spec's `messageType`, default text). */
export const messageTypes = ['text', 'photo', 'find'] as const;
export type MessageType = (typeof messageTypes)[number];

/**
 * Where a message's private photo is read (`GET`, its sender and receiver only): the photo store's name
 * after it. `/uploads/` never serves these names (docs/privacy.md "Message photos").
 */
export const MESSAGE_PHOTO_PATH = '/api/social/messages/photos/';

export const messageMessages = {
  empty: 'No messages yet',
  contentRequired: 'Message cannot be empty',
  contentTooLong: `Message must be at most ${MESSAGE_MAX} characters`,
  receiverRequired: 'receiverId is required',
  withUserRequired: 'withUserId is required',
  toSelf: 'You cannot send a message to yourself',
  blocked: 'You cannot message this member',
  userNotFound: 'User not found',
  notFound: 'Message not found',
  uidTaken: 'This message id is already in use',
  notReceiver: 'Only the receiver can mark a message read',
  notSender: 'Only the sender can delete a message',
  sendFailed: 'Failed to send message',
  sending: 'Sending…',
  sent: 'Sent',
  threadEmpty: 'No messages yet. Say hello!',
  conversationsError: 'Messages could not be loaded. Please try again later.',
  offlineOlder: 'Older messages need a connection',
  placeholder: 'Write a message…',
  send: 'Send',
  message: 'Message',
  back: 'All conversations',
  photoInvalid: 'Attach a photo from your device.',
  photoMissing: 'The photo for this message is missing. Please attach it again.',
  findInvalid: 'Choose one of your finds to share its photo.',
  notYourFind: 'You can only share photos of your own finds.',
  onePhoto: 'A message can carry one photo.',
  photoNotFound: 'Photo not found',
  attachPhoto: 'Attach photo',
  shareFind: 'Share a find photo',
  removePhoto: 'Remove photo',
  noFindsToShare: 'Your finds with photos show here once they have synced.',
  photoAlt: 'Photo in a message',
  findPhotoAlt: 'Photo of a find',
  photoOffline: 'The photo shows when you are back online.',
} as const;

/** The Profile Settings dialog (docs/product/social.md "Profile Settings"). */
export const profileSettingsMessages = {
  title: 'Profile Settings',
  updated: 'Profile updated successfully',
  failed: 'Failed to update profile',
  invalidFileType: 'Invalid file type',
  selectImageFile: 'Please select an image file',
  offline: 'Profile changes need an internet connection to save.',
  currentPasswordHint: 'Needed to change your email address.',
} as const;

export const blockMessages = {
  blockSelf: 'You cannot block yourself',
  blocked: 'Member blocked',
  unblocked: 'Member unblocked',
  followBlocked: 'You cannot follow this member',
  failed: 'Failed to update block',
  block: 'Block',
  unblock: 'Unblock',
  listTitle: 'Blocked members',
  listEmpty: 'You have not blocked anyone',
} as const;
