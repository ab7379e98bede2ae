/**
 * The Treasure screens' own words, shared with their tests. The rules' sentences (reasons, advice, what a
 * date means) are the contract's, shown verbatim: schema/contracts/treasure.ts TREASURE_TEXTS.
 */
import type { FindAge, FindMetal, Nation, TreasureOutcome } from '@schema/contracts/treasure';

export const treasureTexts = {
  assistantTitle: 'Could this be Treasure?',
  assistantIntro: 'A few questions about this find, and the app tells you what the law asks of you.',
  nationLabel: 'Where was it found?',
  nationFromSpot: 'From the find spot. Borders on the map are approximate: change it if it is wrong.',
  nationLookingUp: 'Looking up where the find spot is…',
  nationNoSpot: 'This find has no find spot saved, so please choose where it was found.',
  choose: 'Choose…',
  metalLabel: 'What metal is it?',
  ageLabel: 'How old is it likely to be?',
  isCoinLabel: 'It is a coin',
  coinsLabel: 'How many coins came from the same place, this one included?',
  baseObjectsLabel: 'How many prehistoric metal objects came from the same place, this one included?',
  foundWithLabel: 'It was found with something that may be Treasure (for example a gold or silver object)',
  realisedLabel: 'When did you first think it might be Treasure?',
  realisedHint: 'The 14 days start the day after you found it, or from this day if it is later.',
  foundOn: (day: string) => `Found on ${day}.`,
  answerHeading: 'What the app can say',
  answerPending: 'Answer the questions above to see what to do.',
  reportBy: (day: string) => `Report it by ${day}`,
  remindOn: (day: string) => `The app will remind you until ${day}`,
  whatToDo: 'What to do now',
  markPossible: 'Mark as possible Treasure',
  markPossibleReminders: 'Remind me to report it',
  markedPossible: 'Marked as possible Treasure. The app will remind you before the deadline.',
  alreadyPossible: 'This find is already marked as possible Treasure.',
  alreadyReported: 'This find has been marked as reported.',
  saveFailed: 'Could not save that on this device. Please try again.',
  close: 'Done',

  cardTitle: 'Treasure',
  cardNone: 'Not marked as possible Treasure.',
  cardPossible: 'Possible Treasure, not reported yet.',
  cardReported: 'Reported as possible Treasure.',
  openAssistant: 'Could this be Treasure?',
  deadline: (day: string) => `Deadline: ${day}`,
  reportedDetails: (day: string, to: string | null, reference: string | null) =>
    `Reported on ${day}${to ? ` to ${to}` : ''}${reference ? ` (reference ${reference})` : ''}.`,

  markReported: 'Mark as reported',
  reportedTitle: 'Mark as reported',
  reportedIntro: 'Keep a note of who you told, when, and any reference they gave you.',
  reportedOnLabel: 'Day it was reported',
  reportedToLabel: 'Reported to (for example your FLO or the coroner)',
  referenceLabel: 'Reference (if you were given one)',
  saveReported: 'Save',
  savedReported: 'Marked as reported. Well done for reporting it.',
  cancel: 'Cancel',

  pageTitle: 'Treasure reporting',
  pageDescription:
    'Your finds that may be Treasure and are not reported yet, the most urgent first. Works without signal.',
  signedOut: 'Sign in to see the finds you have to report.',
  signIn: 'Sign in',
  loading: 'Loading your finds…',
  loadFailed: 'Could not read your finds on this device. Please reload the page.',
  empty: 'No finds waiting to be reported',
  emptyHint:
    'Nothing on the clock. When a find may be Treasure, open it and choose “Could this be Treasure?”: it will wait here until you report it.',
  listLabel: 'Finds to report',
  draftEmail: 'Draft e-mail to FLO',
  draftNeedsFlo: 'Add your FLO’s e-mail address under My contacts to draft an e-mail.',

  contactsTitle: 'My contacts',
  contactsIntro: 'Kept on this device only, to fill in e-mails to them.',
  flo: 'Finds Liaison Officer (FLO)',
  coroner: 'Coroner',
  contactName: 'Name',
  contactEmail: 'E-mail',
  contactPhone: 'Phone',
  saveContacts: 'Save contacts',
  savedContacts: 'Contacts saved on this device.',
  badEmail: 'Please enter an e-mail address like name@example.org',
} as const;

/** Days to the deadline in words: '3 days left', 'Last day today', '2 days overdue'. */
export function daysLeftWords(days: number): string {
  if (days === 0) return 'Last day today';
  if (days > 0) return days === 1 ? '1 day left' : `${days} days left`;
  return days === -1 ? '1 day overdue' : `${-days} days overdue`;
}

export const NATION_LABELS: Readonly<Record<Nation, string>> = {
  england: 'England',
  wales: 'Wales',
  scotland: 'Scotland',
  'northern-ireland': 'Northern Ireland',
  elsewhere: 'Somewhere else (the Isle of Man, the Channel Islands or abroad)',
};

export const METAL_LABELS: Readonly<Record<FindMetal, string>> = {
  gold: 'Gold (at least 10% gold)',
  silver: 'Silver (at least 10% silver)',
  base: 'Another metal (copper alloy, lead, iron…)',
  unknown: 'Not sure',
};

export const AGE_LABELS: Readonly<Record<FindAge, string>> = {
  prehistoric: 'Prehistoric (Iron Age or earlier)',
  'over-300': 'Over 300 years old',
  'over-200': '200 to 300 years old',
  younger: 'Less than 200 years old',
  unknown: 'Not sure',
};

/** The answer's headline, in plain words; the contract's sentences follow it. */
export const OUTCOME_HEADLINES: Readonly<Record<TreasureOutcome, string>> = {
  'may-be-treasure': 'It may be Treasure',
  'ask-flo': 'It might be Treasure: ask your FLO',
  'report-archaeological': 'Report it as an archaeological find',
  'report-to-ttu': 'Report it to the Treasure Trove Unit',
  unlikely: 'It is unlikely to be Treasure',
  'unknown-nation': 'The app does not know the law there',
};
