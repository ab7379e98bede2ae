/**
 * Moderation's plain values (docs/moderation.md): what can be reported and acted on, the reasons with
 * their labels, the actions, suspension lengths and the texts members and moderators read. Zod-free, so
 * the web app can show them without loading a schema.
 */

/** Records a member can report, named as the sync protocol names them (PROTOCOL.md), plus `users` (profiles). */
export const reportableEntities = [
  'finds',
  'find_comments',
  'posts',
  'comments',
  'events',
  'event_comments',
  'stories',
  'story_comments',
  'groups',
  'group_comments',
  'locations',
  'routes',
  'messages',
  'users',
] as const;
export type ReportableEntity = (typeof reportableEntities)[number];

/** Records a moderator can hide: every reportable one but messages (private already) and profiles. */
export const hideableEntities = reportableEntities.filter(
  (e): e is Exclude<ReportableEntity, 'messages' | 'users'> => e !== 'messages' && e !== 'users',
);
export type HideableEntity = (typeof hideableEntities)[number];

/**
 * Kinds a moderator may delete: the server deletes through the record's own delete, which only these let a
 * moderator use. Spots, routes, groups and messages only their owner deletes (hide them instead); a profile
 * is acted on through its member (warn, suspend).
 */
export const moderatorDeletableEntities: readonly ReportableEntity[] = [
  'finds',
  'find_comments',
  'posts',
  'comments',
  'events',
  'event_comments',
  'stories',
  'story_comments',
  'group_comments',
];

export const reportReasons = [
  'spam',
  'abuse',
  'reveals_location',
  'stolen_or_fake',
  'illegal',
  'other',
] as const;
export type ReportReason = (typeof reportReasons)[number];

export const reportReasonLabels: Record<ReportReason, string> = {
  spam: 'Spam',
  abuse: 'Abuse or harassment',
  reveals_location: "Reveals a site or a member's location",
  stolen_or_fake: 'Stolen or fake find',
  illegal: 'Illegal sale or detecting',
  other: 'Other',
};

export const moderationActionNames = [
  'dismiss',
  'hide',
  'restore',
  'delete',
  'warn',
  'suspend',
  'unsuspend',
] as const;
export type ModerationActionName = (typeof moderationActionNames)[number];

/** Actions on a record (`entity` + `id`); the others concern a member (`userId`, or the record's author). */
export const recordActions: readonly ModerationActionName[] = ['dismiss', 'hide', 'restore', 'delete'];

/** Suspension lengths in days; null: until a moderator lifts it. */
export const suspensionDays = [1, 7, 30] as const;
export type SuspensionDays = (typeof suspensionDays)[number] | null;

/** suspended_until of a suspension "until lifted": later than any real date, and sorts as one. */
export const SUSPENDED_UNTIL_LIFTED = '9999-12-31T23:59:59.999Z';

export const REPORT_NOTE_MAX = 1000;
export const MODERATION_REASON_MAX = 500;
/** The reason a new account's post with many links is held under (system report and hidden notice). */
export const HELD_FOR_MODERATOR = 'Waiting for a moderator';
/**
 * The notes of the system report that puts an author's hidden record back in the queue: they edited it
 * (every edit asks), or they asked without editing (docs/moderation.md "Hidden records").
 */
export const REVIEW_AFTER_EDIT = 'Edited by its author, who asks for a review';
export const REVIEW_ASKED = 'Its author asks for a review';
/** A new account is one younger than this: lower write limits, and links are held (docs/moderation.md). */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;
/** A new account's post with more links than this waits for a moderator. */
export const NEW_ACCOUNT_MAX_LINKS = 2;

/** Links in a text, as a new account's post or comment is held for them: web addresses and `www.` names. */
export function countLinks(text: string): number {
  return text.match(/\bhttps?:\/\/\S+|\bwww\.[^\s.]+\.\S+/gi)?.length ?? 0;
}

/** Whether an account created at `createdAt` (ISO time) is still new at `now` (NEW_ACCOUNT_MS). */
export function isNewAccount(createdAt: string, now = Date.now()): boolean {
  const at = Date.parse(createdAt);
  return Number.isFinite(at) && now - at < NEW_ACCOUNT_MS;
}

export const roles = ['member', 'moderator'] as const;
export type Role = (typeof roles)[number];

export const moderationMessages = {
  entityInvalid: 'Please choose something that can be reported',
  idInvalid: 'Please choose the record to report',
  reasonInvalid: 'Please choose a reason',
  noteTooLong: `Please keep the note under ${REPORT_NOTE_MAX} characters`,
  notFound: 'This record was not found',
  ownRecord: 'You cannot report your own post, comment or record',
  tooManyReports: 'You have sent a lot of reports in a short time. Please wait a few minutes and try again.',
  moderatorsOnly: 'Only moderators can do this',
  officialOnly: 'Only the official DigQuest account can change roles',
  officialRole: "The official account's role cannot be changed",
  roleInvalid: "Please choose 'moderator' or 'member'",
  actionInvalid: 'Please choose an action',
  actionReasonRequired: 'Please give a reason',
  actionReasonTooLong: `Please keep the reason under ${MODERATION_REASON_MAX} characters`,
  recordRequired: 'Please choose the record (entity and id)',
  memberRequired: 'Please choose the member',
  daysInvalid: 'Please choose 1, 7 or 30 days, or until lifted',
  notHideable: 'This kind of record cannot be hidden; delete it or act on its author',
  notDeletable: 'This kind of record cannot be deleted by a moderator; hide it instead',
  notHidden: 'This record is not hidden',
  cannotActOnModerators: 'Moderators and the official account cannot be warned or suspended',
  notSuspended: 'This member is not suspended',
  warningNotFound: 'This warning was not found',
  uidInvalid: 'Invalid report id',
  uidTaken: 'This record id is already used by another member.',
  reportNotEditable: 'A report cannot be edited; report the record again to change its reason or note.',
  reportSettled: 'A moderator has already dealt with this report, so it can no longer be withdrawn.',
  reportNotFound: 'This report was not found',
} as const;

// Made on first use: the app loads this module at start, and a formatter with a time zone costs a phone
// several milliseconds to build (treasure-dates.ts says the same).
let suspensionDate: Intl.DateTimeFormat | undefined;

function suspensionDay(iso: string): string {
  suspensionDate ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return suspensionDate.format(new Date(iso));
}

/** Whether a suspension (suspended_until) is in force at `now`: it ends by itself at that moment. */
export function isSuspended(suspendedUntil: string | null, now = new Date()): boolean {
  return suspendedUntil !== null && suspendedUntil > now.toISOString();
}

/** What a suspended member is told by every write they try, REST or sync push (docs/moderation.md). */
export function suspendedMessage(suspendedUntil: string, reason: string | null): string {
  const until =
    suspendedUntil >= SUSPENDED_UNTIL_LIFTED
      ? 'Your account is suspended until a moderator lifts it'
      : `Your account is suspended until ${suspensionDay(suspendedUntil)}`;
  return reason ? `${until}: ${reason}` : `${until}.`;
}

/** The notice an author reads on their hidden record. */
export const hiddenNotice = (reason: string) => `Hidden by a moderator: ${reason}`;
