/** What moderators and members read on the moderation screens (docs/moderation.md). */
import { SUSPENDED_UNTIL_LIFTED, type ModerationActionName } from '@schema/contracts/moderation';

export const moderationTexts = {
  title: 'Moderation',
  intro: 'Reports from members, and every action moderators took.',
  signIn: 'Sign in to see the moderation queue.',
  refused: 'Only moderators can see this page.',
  offline: 'The moderation queue needs a connection.',
  loadFailed: 'The moderation queue could not be loaded. Please try again.',
  empty: 'No open reports. Nothing needs a moderator right now.',
  logEmpty: 'No moderator has acted yet.',
  logFailed: 'The moderation log could not be loaded. Please try again.',
  loadMore: 'Load more',
  retry: 'Try again',
  gone: 'This record no longer exists.',
  noHistory: 'No earlier actions against this member.',
  warned: (reason: string) => `A moderator has warned you: ${reason}`,
  warningTitle: 'A warning from the moderators',
  members: 'Act on a member',
  membersIntro: 'Warn or suspend a member, or lift a suspension, without a report.',
  memberNotFound: 'No member has that username.',
  notSuspended: 'Not suspended.',
  isModerator: 'A moderator: cannot be warned or suspended.',
} as const;

const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A suspension in force, as moderators read it on a queue item and a member's card. */
export const suspendedUntil = (until: string) =>
  until >= SUSPENDED_UNTIL_LIFTED
    ? 'Suspended until a moderator lifts it'
    : `Suspended until ${DAY.format(new Date(until))}`;

/** Each action's button, the dialog's title and what it tells the moderator it does. */
export const actionTexts: Record<
  ModerationActionName,
  { button: string; title: string; does: string; done: string }
> = {
  dismiss: {
    button: 'Dismiss',
    title: 'Dismiss the reports',
    does: 'The record stays as it is and its open reports are closed.',
    done: 'Reports dismissed.',
  },
  hide: {
    button: 'Hide',
    title: 'Hide this record',
    does: 'Everyone but its author stops seeing it. Its author sees your reason and can edit it.',
    done: 'Record hidden.',
  },
  restore: {
    button: 'Restore',
    title: 'Restore this record',
    does: 'Everyone sees it again.',
    done: 'Record restored.',
  },
  delete: {
    button: 'Delete',
    title: 'Delete this record?',
    does: 'It is deleted for everyone, its author included. This cannot be undone.',
    done: 'Record deleted.',
  },
  warn: {
    button: 'Warn',
    title: 'Warn the member',
    does: 'They see your reason once, the next time they open DigQuest.',
    done: 'Member warned.',
  },
  suspend: {
    button: 'Suspend',
    title: 'Suspend the member',
    does: 'They can still read, but cannot post, comment, message, create or join until it ends.',
    done: 'Member suspended.',
  },
  unsuspend: {
    button: 'Lift suspension',
    title: 'Lift the suspension',
    does: 'They can post, comment and message again.',
    done: 'Suspension lifted.',
  },
};

/** How an action reads in the log and an author's history. */
export const actionPast: Record<ModerationActionName, string> = {
  dismiss: 'dismissed the reports on',
  hide: 'hid',
  restore: 'restored',
  delete: 'deleted',
  warn: 'warned',
  suspend: 'suspended',
  unsuspend: 'lifted the suspension of',
};
