/**
 * The Treasure clock's rules (docs/treasure.md): may a find be Treasure, what the finder must do where in
 * the UK, and the 14-day reporting period with its reminders (the periods' years: period-dates.ts).
 * Pure and dependency-free: no clock is read here (today is always passed in) and dates are plain
 * 'YYYY-MM-DD' calendar days, counted on UTC dates so no clock change can move a day.
 * This is guidance, not legal advice; the texts are exported so the screens show them verbatim.
 */

export type Nation = 'england' | 'wales' | 'northern-ireland' | 'scotland' | 'elsewhere';
export type FindMetal = 'gold' | 'silver' | 'base' | 'unknown';
/**
 * Age bands, each without the older ones: 'prehistoric' is the Iron Age or earlier, 'over-300' any later
 * object at least 300 years old, 'over-200' one between 200 and 300 years old.
 */
export type FindAge = 'prehistoric' | 'over-300' | 'over-200' | 'younger' | 'unknown';

export interface TreasureAnswers {
  nation: Nation;
  /** As the finder answers it: 'gold' or 'silver' stands for "at least 10 % gold or silver". */
  metal: FindMetal;
  age: FindAge;
  isCoin: boolean;
  /** Coins found together, this one included; read only when it is a coin. */
  coinsFromSameFind: number;
  /** Prehistoric base-metal objects found together, this one included; absent = just this one. */
  prehistoricBaseMetalObjectsFromSameFind?: number;
  foundWithTreasure: boolean;
  foundOn: string;
  /** The day the finder first believed, or had reason to believe, it may be Treasure; absent = on finding. */
  realisedOn?: string | null;
}

export type TreasureOutcome =
  'may-be-treasure' | 'ask-flo' | 'report-archaeological' | 'report-to-ttu' | 'unlikely' | 'unknown-nation';

export interface TreasureAssessment {
  outcome: TreasureOutcome;
  /** Plain sentences: which class of Treasure applies, or why the app cannot say. */
  reasons: string[];
  /** True when the date is the law's; false when it is the app's reminder (or there is none). */
  legalDeadline: boolean;
  /** The last day to report ('YYYY-MM-DD'), or null when there is nothing to report by a date. */
  deadline: string | null;
  /** What the date means, in plain words; null with no date. */
  deadlineNote: string | null;
  /** Reminder days (days 1, 7, 12 and 14 of the period); empty with no date. */
  reminders: string[];
  /** The guidance line first, then what to do now. */
  advice: string[];
}

/** The classes of Treasure (Treasure Act 1996 s.1; Treasure (Designation) Order 2002). */
export type TreasureClass =
  | 'precious-object'
  | 'precious-coins'
  | 'ten-coins'
  | 'prehistoric-precious'
  | 'prehistoric-base-metal'
  | 'found-with-treasure';

export const TREASURE_CLASS_REASONS: Readonly<Record<TreasureClass, string>> = {
  'precious-object':
    'An object (not a coin) over 300 years old with at least 10% gold or silver may be Treasure.',
  'precious-coins':
    'Two or more coins over 300 years old with at least 10% gold or silver, from the same find, may be Treasure.',
  'ten-coins': 'Ten or more coins over 300 years old, of any metal, from the same find, may be Treasure.',
  'prehistoric-precious': 'A prehistoric object with any gold or silver in it may be Treasure.',
  'prehistoric-base-metal': 'Two or more prehistoric base-metal objects from the same find may be Treasure.',
  'found-with-treasure': 'Objects found together with Treasure may be Treasure too.',
};

export const TREASURE_TEXTS = {
  guidance: 'This is guidance, not legal advice.',
  dontClean: "Don't clean it.",
  bagIt: 'Bag it with its grid reference.',
  contactFlo: 'Contact your Finds Liaison Officer (FLO), who can report it for you.',
  contactTtu: 'Report it to the Treasure Trove Unit.',
  checkLocalLaw: 'Check the law where you found it before you do anything else with it.',
  significance:
    "Since 30 July 2023 an object at least 200 years old may be Treasure if it is of outstanding historical, archaeological or cultural significance. The app can't judge that: ask your FLO.",
  metalUnknown: 'If it has gold or silver in it, it may be Treasure: ask your FLO.',
  ageUnknown: 'If it is old enough, it may be Treasure: ask your FLO, who can date it.',
  unlikely: 'From your answers it is unlikely to be Treasure. If you are not sure, ask your FLO.',
  northernIreland:
    'In Northern Ireland any archaeological object must be reported within 14 days, even if it is not Treasure.',
  scotland: 'In Scotland every significant find, of any age, must be reported to the Treasure Trove Unit.',
  elsewhere:
    'The app only knows the rules in England, Wales, Northern Ireland and Scotland, not where you found it.',
  treasureDeadline:
    'By law you must tell the coroner within 14 days, starting the day after you found it or, if later, the day you first thought it might be Treasure. Your FLO can do it for you.',
  archaeologicalDeadline:
    'By law you must report it within 14 days, starting the day after you found it. Your FLO can help.',
  askFloDeadline:
    'If it is Treasure, the law gives you 14 days to report it, so treat this date as your deadline until your FLO says otherwise.',
  scotlandDeadline: "This is the app's reminder, not a legal deadline: Scotland sets no number of days.",
} as const;

// ---- Calendar days: treasure-dates.ts ------------------------------------------------------------------

import { isValidIsoDate, reminderDates, treasureDeadline } from './treasure-dates';

export * from './treasure-dates';

/** A RangeError for a date that is not a real calendar day, as the calendar functions throw. */
function mustBeDate(value: string): void {
  if (!isValidIsoDate(value)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${value}`);
}

/** The significance class (docs/treasure.md) covers finds made on or after this day. */
export const SIGNIFICANCE_CLASS_FROM = '2023-07-30';

// ---- May it be Treasure? ------------------------------------------------------------------------------

const KNOWN_AGES = ['prehistoric', 'over-300', 'over-200', 'younger'] as const satisfies readonly FindAge[];

const atLeastOne = (count: number | undefined) =>
  count !== undefined && Number.isFinite(count) ? Math.max(1, Math.floor(count)) : 1;

/** The classes these answers fall in, reading the metal and age as answered. */
export function treasureClasses(answers: Omit<TreasureAnswers, 'nation' | 'foundOn'>): TreasureClass[] {
  const { metal, age, isCoin } = answers;
  const over300 = age === 'prehistoric' || age === 'over-300';
  const precious = metal === 'gold' || metal === 'silver';
  const coins = atLeastOne(answers.coinsFromSameFind);
  const baseObjects = atLeastOne(answers.prehistoricBaseMetalObjectsFromSameFind);
  const classes: TreasureClass[] = [];
  if (!isCoin && over300 && precious) classes.push('precious-object');
  if (isCoin && over300 && precious && coins >= 2) classes.push('precious-coins');
  if (isCoin && over300 && coins >= 10) classes.push('ten-coins');
  if (!isCoin && age === 'prehistoric' && precious) classes.push('prehistoric-precious');
  if (!isCoin && age === 'prehistoric' && metal === 'base' && baseObjects >= 2)
    classes.push('prehistoric-base-metal');
  if (answers.foundWithTreasure) classes.push('found-with-treasure');
  return classes;
}

/** The 2023 class: 200 years or more, on or after 30 July 2023 (only an FLO can judge significance). */
const significanceMayApply = (age: FindAge, foundOn: string) =>
  foundOn >= SIGNIFICANCE_CLASS_FROM && (age === 'prehistoric' || age === 'over-300' || age === 'over-200');

/** Why it might be Treasure when no class applies as answered: an unknown metal or age, or the 2023 class. */
function reasonsToAskFlo(answers: TreasureAnswers): string[] {
  const ages = answers.age === 'unknown' ? KNOWN_AGES : [answers.age];
  const metals: FindMetal[] = answers.metal === 'unknown' ? ['gold', 'base'] : [answers.metal];
  const mayBe = (metal: FindMetal, age: FindAge) =>
    treasureClasses({ ...answers, metal, age }).length > 0 || significanceMayApply(age, answers.foundOn);
  const reasons: string[] = [];
  if (answers.age !== 'unknown' && significanceMayApply(answers.age, answers.foundOn))
    reasons.push(TREASURE_TEXTS.significance);
  if (
    answers.metal === 'unknown' &&
    ages.some((age) => treasureClasses({ ...answers, metal: 'gold', age }).length)
  )
    reasons.push(TREASURE_TEXTS.metalUnknown);
  if (answers.age === 'unknown' && metals.some((metal) => ages.some((age) => mayBe(metal, age))))
    reasons.push(TREASURE_TEXTS.ageUnknown);
  return reasons;
}

function whatToDoNow(nation: Nation): string[] {
  const lastStep =
    nation === 'scotland'
      ? TREASURE_TEXTS.contactTtu
      : nation === 'elsewhere'
        ? TREASURE_TEXTS.checkLocalLaw
        : TREASURE_TEXTS.contactFlo;
  return [TREASURE_TEXTS.guidance, TREASURE_TEXTS.dontClean, TREASURE_TEXTS.bagIt, lastStep];
}

type Clock = Pick<TreasureAssessment, 'legalDeadline' | 'deadline' | 'deadlineNote' | 'reminders'>;

const NO_CLOCK: Clock = { legalDeadline: false, deadline: null, deadlineNote: null, reminders: [] };

function clock(legal: boolean, note: string, foundOn: string, realisedOn?: string | null): Clock {
  return {
    legalDeadline: legal,
    deadline: treasureDeadline(foundOn, realisedOn),
    deadlineNote: note,
    reminders: reminderDates(foundOn, realisedOn),
  };
}

/**
 * What the app can say about a find (docs/treasure.md): Treasure classes in England, Wales and Northern
 * Ireland, Northern Ireland's duty for every archaeological object, Scotland's Treasure Trove, and nothing
 * outside the UK. Throws a RangeError when `foundOn` or `realisedOn` is not a calendar date.
 */
export function assessTreasure(answers: TreasureAnswers): TreasureAssessment {
  const { nation, foundOn, realisedOn } = answers;
  // Checked up front so a bad date is refused alike for every nation, dated outcome or not.
  mustBeDate(foundOn);
  if (realisedOn) mustBeDate(realisedOn);
  const advice = whatToDoNow(nation);
  if (nation === 'elsewhere')
    return { outcome: 'unknown-nation', reasons: [TREASURE_TEXTS.elsewhere], ...NO_CLOCK, advice };
  if (nation === 'scotland') {
    // Treasure Trove has no day count: a reminder from the find, never called a deadline.
    const reminder = clock(false, TREASURE_TEXTS.scotlandDeadline, foundOn);
    return { outcome: 'report-to-ttu', reasons: [TREASURE_TEXTS.scotland], ...reminder, advice };
  }
  const classes = treasureClasses(answers);
  if (classes.length > 0) {
    const reasons = classes.map((found) => TREASURE_CLASS_REASONS[found]);
    const legal = clock(true, TREASURE_TEXTS.treasureDeadline, foundOn, realisedOn);
    return { outcome: 'may-be-treasure', reasons, ...legal, advice };
  }
  const askFlo = reasonsToAskFlo(answers);
  if (nation === 'northern-ireland') {
    // The archaeological-object duty runs from the find, whatever the finder believed.
    const legal = clock(true, TREASURE_TEXTS.archaeologicalDeadline, foundOn);
    const reasons = [...askFlo, TREASURE_TEXTS.northernIreland];
    return { outcome: 'report-archaeological', reasons, ...legal, advice };
  }
  if (askFlo.length > 0) {
    // Not known to be Treasure, so not called legal; but if it is, this is the law's date.
    const cautious = clock(false, TREASURE_TEXTS.askFloDeadline, foundOn, realisedOn);
    return { outcome: 'ask-flo', reasons: askFlo, ...cautious, advice };
  }
  return { outcome: 'unlikely', reasons: [TREASURE_TEXTS.unlikely], ...NO_CLOCK, advice };
}
