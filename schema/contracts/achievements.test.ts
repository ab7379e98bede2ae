/** Achievements contracts (docs/product/achievements.md): the catalogue, the tour's rewards, the words, the rules. */
import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENT_UNLOCKED,
  ACHIEVEMENTS,
  achievementTotals,
  onboardingMessages,
  onboardingUpdateSchema,
  progressBand,
  TOUR_SKIPPED,
  TOUR_SKIPPED_DETAIL,
  TOUR_STEPS,
  TOUR_TOTAL_POINTS,
  type Achievement,
} from './achievements';

describe('the catalogue', () => {
  it("is the spec's first id set with its points and goals; only early-bird is secret", () => {
    expect(ACHIEVEMENTS.map((a) => [a.id, a.points, a.goal])).toEqual([
      ['welcome-aboard', 50, 1],
      ['digquest-explorer', 100, 1],
      ['first-post', 25, 1],
      ['forum-helper', 100, 10],
      ['conversation-starter', 75, 5],
      ['first-treasure', 30, 1],
      ['treasure-hunter', 150, 10],
      ['historian', 200, 5],
      ['map-explorer', 75, 5],
      ['route-master', 125, 3],
      ['pathfinder', 100, 5],
      ['wellbeing-advocate', 60, 1],
      ['community-leader', 250, 50],
      ['early-bird', 500, 1],
    ]);
    expect(ACHIEVEMENTS.filter((a) => a.isSecret).map((a) => a.id)).toEqual(['early-bird']);
  });
});

describe('the tour', () => {
  it('has six steps with their rewards; the total is computed from them (305, not the spec’s 205)', () => {
    expect(TOUR_STEPS.map((s) => [s.id, s.reward, s.points])).toEqual([
      ['welcome', 'Welcome Aboard', 50],
      ['forum', 'Community Explorer', 30],
      ['finds', 'Treasure Shower', 40],
      ['map', 'Explorer', 35],
      ['ar', 'Tech Pioneer', 50],
      ['complete', 'DigQuest Explorer', 100],
    ]);
    expect(TOUR_TOTAL_POINTS).toBe(305);
  });

  it('uses the product’s words', () => {
    expect([ACHIEVEMENT_UNLOCKED, TOUR_SKIPPED, TOUR_SKIPPED_DETAIL]).toEqual([
      'Achievement Unlocked',
      'Tour skipped',
      'You can always restart the tour from your profile settings.',
    ]);
  });

  it('accepts the four actions and refuses others with their messages', () => {
    expect(onboardingUpdateSchema.parse({ action: 'finish-step', step: 'map' })).toEqual({
      action: 'finish-step',
      step: 'map',
    });
    expect(onboardingUpdateSchema.parse({ action: 'restart', extra: 1 })).toEqual({ action: 'restart' });
    const bad = (input: unknown) => onboardingUpdateSchema.safeParse(input).error?.issues[0]?.message;
    expect(bad({ action: 'go-to', step: 'treasure' })).toBe(onboardingMessages.invalidStep);
    expect(bad({ action: 'dance' })).toBe(onboardingMessages.invalidAction);
  });
});

describe('progress and totals', () => {
  it('colours progress: 100 % green, 75 %+ blue, 50 %+ yellow, 25 %+ orange, below grey', () => {
    expect([100, 99, 75, 74, 50, 49, 25, 24, 0].map(progressBand)).toEqual([
      'green',
      'blue',
      'blue',
      'yellow',
      'yellow',
      'orange',
      'orange',
      'grey',
      'grey',
    ]);
  });

  it('totals the unlocked points; completion is unlocked ÷ non-secret', () => {
    const list: Achievement[] = ACHIEVEMENTS.map((a) => ({
      ...a,
      isUnlocked: ['first-post', 'early-bird'].includes(a.id),
      progress: 0,
      maxProgress: a.goal,
      unlockedAt: null,
    }));
    expect(achievementTotals(list)).toEqual({ points: 525, completion: Math.round((2 / 13) * 100) });
  });
});
