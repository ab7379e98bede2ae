/**
 * The Treasure clock's rules (docs/treasure.md): each class of Treasure and its near misses, each nation,
 * the 14-day period across month ends, 29 February and both UK clock changes (2025: 30 March and
 * 26 October), and the reminder days.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  assessTreasure,
  daysLeft,
  isValidIsoDate,
  reminderDates,
  remindersStillDue,
  TREASURE_CLASS_REASONS,
  TREASURE_TEXTS,
  treasureDeadline,
  type TreasureAnswers,
  type TreasureClass,
  type TreasureOutcome,
  ukDate,
} from './treasure';

// Run in London's zone, whatever the machine's, so date code that slipped into local time would show
// its off-by-one days across the clock changes (Node re-reads TZ when it is set).
beforeAll(() => {
  vi.stubEnv('TZ', 'Europe/London');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

/** A single modern base-metal object found in England before the 2023 class began. */
const BEFORE_2023 = '2023-07-29';
const FROM_2023 = '2023-07-30';
const answers = (changes: Partial<TreasureAnswers> = {}): TreasureAnswers => ({
  nation: 'england',
  metal: 'base',
  age: 'younger',
  isCoin: false,
  coinsFromSameFind: 1,
  foundWithTreasure: false,
  foundOn: BEFORE_2023,
  ...changes,
});

describe('treasureDeadline: the later of found + 14 days and realised + 13 days', () => {
  it.each([
    ['leap year: 20 Feb + 14', '2024-02-20', null, '2024-03-05'],
    ['not a leap year', '2023-02-20', null, '2023-03-06'],
    ['found on 29 February', '2024-02-29', null, '2024-03-14'],
    ['the deadline falls on 29 February', '2024-02-15', null, '2024-02-29'],
    ['no 29 February in 2023', '2023-02-15', null, '2023-03-01'],
    ['across a month end', '2025-01-31', null, '2025-02-14'],
    ['across a 30-day month end', '2025-04-30', null, '2025-05-14'],
    ['across the year end', '2024-12-25', null, '2025-01-08'],
    ['across the spring clock change (30 March 2025)', '2025-03-29', null, '2025-04-12'],
    ['across the autumn clock change (26 October 2025)', '2025-10-25', null, '2025-11-08'],
    ['realised nine days later', '2025-03-01', '2025-03-10', '2025-03-23'],
    ['realised before the find: ignored', '2025-03-01', '2025-02-20', '2025-03-15'],
    [
      'realised on the day of the find: the period still starts the day after',
      '2025-03-01',
      '2025-03-01',
      '2025-03-15',
    ],
    ['realised the day after: the same period', '2025-03-01', '2025-03-02', '2025-03-15'],
    ['realised two days after: one day later', '2025-03-01', '2025-03-03', '2025-03-16'],
    ['realised across the spring clock change', '2025-03-20', '2025-03-30', '2025-04-12'],
    ['realised across the autumn clock change', '2025-10-01', '2025-10-26', '2025-11-08'],
    ['realised into a leap day', '2024-01-01', '2024-02-16', '2024-02-29'],
  ])('%s', (_case, foundOn, realisedOn, deadline) => {
    expect(treasureDeadline(foundOn, realisedOn)).toBe(deadline);
  });

  it.each(['2023-02-29', '2025-13-01', '5 March 2025', ''])('refuses the date %j', (date) => {
    expect(() => treasureDeadline(date)).toThrow(RangeError);
    expect(() => treasureDeadline('2025-03-01', date || 'x')).toThrow(RangeError);
  });
});

describe('calendar days', () => {
  it('these tests run in London summer time, an hour off UTC', () => {
    expect(new Date('2025-07-01T00:00:00Z').getTimezoneOffset()).toBe(-60);
  });

  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2025-04-31', false],
    ['2025-13-01', false],
    ['2025-1-5', false],
    ['2025-01-05T00:00', false],
    ['', false],
    [null, false],
    [20250105, false],
  ])('isValidIsoDate(%j) is %s', (value, valid) => {
    expect(isValidIsoDate(value)).toBe(valid);
  });

  it.each([
    ['2024-03-05', '2024-02-20', 14],
    ['2024-03-05', '2024-03-04', 1],
    ['2024-03-05', '2024-03-05', 0],
    ['2024-03-05', '2024-03-06', -1],
    ['2025-04-12', '2025-03-29', 14],
    ['2025-11-08', '2025-10-25', 14],
  ])('daysLeft(%s, today %s) = %i', (deadline, today, left) => {
    expect(daysLeft(deadline, today)).toBe(left);
  });

  it('adds calendar days both ways', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-03-30', 1)).toBe('2025-03-31');
  });
});

describe('reminders: days 1, 7, 12 and 14 of the period, until marked reported', () => {
  it.each([
    ['2024-02-20', null, ['2024-02-21', '2024-02-27', '2024-03-03', '2024-03-05']],
    ['2023-02-20', null, ['2023-02-21', '2023-02-27', '2023-03-04', '2023-03-06']],
    ['2025-10-25', null, ['2025-10-26', '2025-11-01', '2025-11-06', '2025-11-08']],
    ['2025-03-01', '2025-03-10', ['2025-03-10', '2025-03-16', '2025-03-21', '2025-03-23']],
    ['2025-03-01', '2025-02-01', ['2025-03-02', '2025-03-08', '2025-03-13', '2025-03-15']],
  ])('found %s, realised %s', (foundOn, realisedOn, dates) => {
    expect(reminderDates(foundOn, realisedOn)).toEqual(dates);
    expect(dates.at(-1)).toBe(treasureDeadline(foundOn, realisedOn));
  });

  it('sends those from today on, and none once reported', () => {
    const dates = reminderDates('2024-02-20');
    expect(remindersStillDue(dates, '2024-02-20', false)).toEqual(dates);
    expect(remindersStillDue(dates, '2024-02-27', false)).toEqual(['2024-02-27', '2024-03-03', '2024-03-05']);
    expect(remindersStillDue(dates, '2024-03-06', false)).toEqual([]);
    expect(remindersStillDue(dates, '2024-02-20', true)).toEqual([]);
  });
});

describe('assessTreasure: the classes and their near misses (England)', () => {
  const coins = (metal: TreasureAnswers['metal'], count: number, age: TreasureAnswers['age'] = 'over-300') =>
    ({ isCoin: true, metal, age, coinsFromSameFind: count }) satisfies Partial<TreasureAnswers>;

  it.each<[string, Partial<TreasureAnswers>, TreasureOutcome, TreasureClass[]]>([
    [
      'a gold object over 300 years',
      { metal: 'gold', age: 'over-300' },
      'may-be-treasure',
      ['precious-object'],
    ],
    [
      'a silver object over 300 years',
      { metal: 'silver', age: 'over-300' },
      'may-be-treasure',
      ['precious-object'],
    ],
    ['a base-metal object over 300 years', { age: 'over-300' }, 'unlikely', []],
    ['a gold object 200–300 years old', { metal: 'gold', age: 'over-200' }, 'unlikely', []],
    ['one silver coin', coins('silver', 1), 'unlikely', []],
    ['two silver coins', coins('silver', 2), 'may-be-treasure', ['precious-coins']],
    ['two gold coins under 300 years', coins('gold', 2, 'over-200'), 'unlikely', []],
    ['nine base-metal coins', coins('base', 9), 'unlikely', []],
    ['ten base-metal coins', coins('base', 10), 'may-be-treasure', ['ten-coins']],
    ['ten gold coins', coins('gold', 10), 'may-be-treasure', ['precious-coins', 'ten-coins']],
    ['ten prehistoric base-metal coins', coins('base', 10, 'prehistoric'), 'may-be-treasure', ['ten-coins']],
    ['ten base-metal coins under 300 years', coins('base', 10, 'over-200'), 'unlikely', []],
    [
      'a prehistoric gold object',
      { metal: 'gold', age: 'prehistoric' },
      'may-be-treasure',
      ['precious-object', 'prehistoric-precious'],
    ],
    ['one prehistoric base-metal object', { age: 'prehistoric' }, 'unlikely', []],
    [
      'two prehistoric base-metal objects',
      { age: 'prehistoric', prehistoricBaseMetalObjectsFromSameFind: 2 },
      'may-be-treasure',
      ['prehistoric-base-metal'],
    ],
    ['two prehistoric base-metal coins', coins('base', 2, 'prehistoric'), 'unlikely', []],
    [
      'a modern object found with Treasure',
      { foundWithTreasure: true },
      'may-be-treasure',
      ['found-with-treasure'],
    ],
    ['a modern gold object', { metal: 'gold' }, 'unlikely', []],
  ])('%s', (_case, changes, outcome, classes) => {
    const result = assessTreasure(answers(changes));
    expect(result.outcome).toBe(outcome);
    if (outcome === 'may-be-treasure')
      expect(result.reasons).toEqual(classes.map((c) => TREASURE_CLASS_REASONS[c]));
    else expect(result.reasons).toEqual([TREASURE_TEXTS.unlikely]);
  });

  it.each<[string, Partial<TreasureAnswers>, TreasureOutcome, string[]]>([
    [
      '200–300 years old, the day before 30 July 2023',
      { age: 'over-200' },
      'unlikely',
      [TREASURE_TEXTS.unlikely],
    ],
    [
      '200–300 years old, from 30 July 2023',
      { age: 'over-200', foundOn: FROM_2023 },
      'ask-flo',
      [TREASURE_TEXTS.significance],
    ],
    [
      'base metal over 300 years, from 30 July 2023',
      { age: 'over-300', foundOn: FROM_2023 },
      'ask-flo',
      [TREASURE_TEXTS.significance],
    ],
    [
      'one silver coin, from 30 July 2023',
      { ...coins('silver', 1), foundOn: FROM_2023 },
      'ask-flo',
      [TREASURE_TEXTS.significance],
    ],
    [
      'under 200 years, from 30 July 2023',
      { metal: 'gold', foundOn: FROM_2023 },
      'unlikely',
      [TREASURE_TEXTS.unlikely],
    ],
    [
      'unknown metal, over 300 years',
      { metal: 'unknown', age: 'over-300' },
      'ask-flo',
      [TREASURE_TEXTS.metalUnknown],
    ],
    ['unknown metal, one coin', { ...coins('unknown', 1) }, 'unlikely', [TREASURE_TEXTS.unlikely]],
    [
      'unknown metal, ten coins',
      { ...coins('unknown', 10) },
      'may-be-treasure',
      [TREASURE_CLASS_REASONS['ten-coins']],
    ],
    ['unknown age, gold', { metal: 'gold', age: 'unknown' }, 'ask-flo', [TREASURE_TEXTS.ageUnknown]],
    ['unknown age, one base-metal object', { age: 'unknown' }, 'unlikely', [TREASURE_TEXTS.unlikely]],
    [
      'unknown age, from 30 July 2023',
      { age: 'unknown', foundOn: FROM_2023 },
      'ask-flo',
      [TREASURE_TEXTS.ageUnknown],
    ],
    [
      'unknown metal and age',
      { metal: 'unknown', age: 'unknown' },
      'ask-flo',
      [TREASURE_TEXTS.metalUnknown, TREASURE_TEXTS.ageUnknown],
    ],
  ])('%s', (_case, changes, outcome, reasons) => {
    const result = assessTreasure(answers(changes));
    expect(result.outcome).toBe(outcome);
    expect(result.reasons).toEqual(reasons);
  });
});

describe('assessTreasure: the nations, the clock and what to do now', () => {
  const gold = { metal: 'gold', age: 'over-300', foundOn: '2025-03-01', realisedOn: '2025-03-10' } as const;
  const floSteps = [
    TREASURE_TEXTS.guidance,
    TREASURE_TEXTS.dontClean,
    TREASURE_TEXTS.bagIt,
    TREASURE_TEXTS.contactFlo,
  ];

  it.each(['england', 'wales', 'northern-ireland'] as const)(
    'possible Treasure in %s: the legal 14 days',
    (nation) => {
      expect(assessTreasure(answers({ ...gold, nation }))).toEqual({
        outcome: 'may-be-treasure',
        reasons: [TREASURE_CLASS_REASONS['precious-object']],
        legalDeadline: true,
        deadline: '2025-03-23',
        deadlineNote: TREASURE_TEXTS.treasureDeadline,
        reminders: ['2025-03-10', '2025-03-16', '2025-03-21', '2025-03-23'],
        advice: floSteps,
      });
    },
  );

  it.each(['england', 'wales'] as const)('not Treasure in %s: no date, the same steps', (nation) => {
    const result = assessTreasure(answers({ nation, foundOn: '2025-03-01' }));
    expect(result).toMatchObject({
      outcome: 'unlikely',
      legalDeadline: false,
      deadline: null,
      reminders: [],
    });
    expect(result.advice).toEqual(floSteps);
  });

  it('an FLO question keeps a cautious date that is not called legal', () => {
    const result = assessTreasure(
      answers({ age: 'over-200', foundOn: '2025-03-01', realisedOn: '2025-03-10' }),
    );
    expect(result).toMatchObject({ outcome: 'ask-flo', legalDeadline: false, deadline: '2025-03-23' });
    expect(result.deadlineNote).toBe(TREASURE_TEXTS.askFloDeadline);
  });

  it('Northern Ireland: an archaeological object has 14 days from the find, even when not Treasure', () => {
    const result = assessTreasure(
      answers({ nation: 'northern-ireland', foundOn: '2025-03-01', realisedOn: '2025-03-10' }),
    );
    expect(result).toEqual({
      outcome: 'report-archaeological',
      reasons: [TREASURE_TEXTS.northernIreland],
      legalDeadline: true,
      deadline: '2025-03-15',
      deadlineNote: TREASURE_TEXTS.archaeologicalDeadline,
      reminders: ['2025-03-02', '2025-03-08', '2025-03-13', '2025-03-15'],
      advice: floSteps,
    });
    const significant = assessTreasure(
      answers({ nation: 'northern-ireland', age: 'over-200', foundOn: FROM_2023 }),
    );
    expect(significant.outcome).toBe('report-archaeological');
    expect(significant.reasons).toEqual([TREASURE_TEXTS.significance, TREASURE_TEXTS.northernIreland]);
  });

  it.each([answers(), answers(gold)])(
    'Scotland: every find to the Treasure Trove Unit, a reminder only (%#)',
    (find) => {
      expect(
        assessTreasure({ ...find, nation: 'scotland', foundOn: '2025-10-25', realisedOn: '2025-11-01' }),
      ).toEqual({
        outcome: 'report-to-ttu',
        reasons: [TREASURE_TEXTS.scotland],
        legalDeadline: false,
        deadline: '2025-11-08',
        deadlineNote: TREASURE_TEXTS.scotlandDeadline,
        reminders: ['2025-10-26', '2025-11-01', '2025-11-06', '2025-11-08'],
        advice: [
          TREASURE_TEXTS.guidance,
          TREASURE_TEXTS.dontClean,
          TREASURE_TEXTS.bagIt,
          TREASURE_TEXTS.contactTtu,
        ],
      });
      expect(TREASURE_TEXTS.scotlandDeadline).toContain('not a legal deadline');
    },
  );

  it('outside the UK: the app does not know the rules', () => {
    expect(assessTreasure(answers({ ...gold, nation: 'elsewhere' }))).toMatchObject({
      outcome: 'unknown-nation',
      reasons: [TREASURE_TEXTS.elsewhere],
      legalDeadline: false,
      deadline: null,
      advice: [
        TREASURE_TEXTS.guidance,
        TREASURE_TEXTS.dontClean,
        TREASURE_TEXTS.bagIt,
        TREASURE_TEXTS.checkLocalLaw,
      ],
    });
  });

  it('always opens with the guidance line', () => {
    expect(TREASURE_TEXTS.guidance).toBe('This is guidance, not legal advice.');
    expect(TREASURE_TEXTS.contactFlo).toContain('who can report it for you');
  });

  it('refuses a find date that is not a calendar date', () => {
    expect(() => assessTreasure(answers({ foundOn: '2023-02-29' }))).toThrow(RangeError);
    expect(() => assessTreasure(answers({ nation: 'elsewhere', realisedOn: 'soon' }))).toThrow(RangeError);
  });
});

describe('ukDate: the law counts days in the UK calendar', () => {
  it('late on a summer evening in UTC is already the next day in London (BST)', () => {
    expect(ukDate(new Date('2025-06-30T23:30:00Z'))).toBe('2025-07-01');
  });
  it('late on a winter evening in UTC is the same day in London (GMT)', () => {
    expect(ukDate(new Date('2025-12-31T23:30:00Z'))).toBe('2025-12-31');
  });
  it('around the spring clock change', () => {
    expect(ukDate(new Date('2025-03-29T23:59:00Z'))).toBe('2025-03-29');
    expect(ukDate(new Date('2025-03-30T23:30:00Z'))).toBe('2025-03-31');
  });
});
