/**
 * The achievement catalogue and the onboarding tour's steps (docs/product/achievements.md): plain values,
 * kept apart from the Zod schemas in ./achievements so the home page's lazy banner and card stay small.
 * The server seeds its `achievements` table from this list and decides every unlock; the client only shows.
 */

export const achievementCategories = ['community', 'detecting', 'exploration', 'social'] as const;
export type AchievementCategory = (typeof achievementCategories)[number];

export interface AchievementDefinition {
  /** Stable id (the catalogue's slug); also the `achievements.slug` column. */
  id: string;
  name: string;
  /** What earns it, precisely (the README's criteria table says the same). */
  description: string;
  category: AchievementCategory;
  points: number;
  /** Progress needed to unlock. */
  goal: number;
  /** Shown as '???' to members who have not earned it. */
  isSecret: boolean;
}

const a = (
  id: string,
  name: string,
  category: AchievementCategory,
  points: number,
  goal: number,
  description: string,
  isSecret = false,
): AchievementDefinition => ({ id, name, description, category, points, goal, isSecret });

/** The first (newer) id set of the product spec, with its points and goals. */
export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  a('welcome-aboard', 'Welcome Aboard', 'social', 50, 1, "Finish the tour's first step."),
  a('digquest-explorer', 'DigQuest Explorer', 'exploration', 100, 1, 'Finish the whole onboarding tour.'),
  a('first-post', 'First Post', 'community', 25, 1, 'Write your first forum post.'),
  a('forum-helper', 'Forum Helper', 'community', 100, 10, "Comment 10 times on other members' forum posts."),
  a('conversation-starter', 'Conversation Starter', 'community', 75, 5, 'Write 5 forum posts.'),
  a('first-treasure', 'First Treasure', 'detecting', 30, 1, 'Record your first find.'),
  a('treasure-hunter', 'Treasure Hunter', 'detecting', 150, 10, 'Record 10 finds.'),
  a('historian', 'Historian', 'detecting', 200, 5, 'Record finds from 5 different historical periods.'),
  a('map-explorer', 'Map Explorer', 'exploration', 75, 5, 'Save 5 spots on the map.'),
  a('route-master', 'Route Master', 'exploration', 125, 3, 'Complete 3 AR routes.'),
  a('pathfinder', 'Pathfinder', 'social', 100, 5, 'Join 5 events.'),
  a('wellbeing-advocate', 'Wellbeing Advocate', 'social', 60, 1, 'Share your wellbeing story.'),
  a(
    'community-leader',
    'Community Leader',
    'community',
    250,
    50,
    'Receive 50 likes on your finds, forum posts and stories.',
  ),
  a('early-bird', 'Early Bird', 'social', 500, 1, 'Be one of the first 100 members to join.', true),
];

export const achievementById = (id: string) => ACHIEVEMENTS.find((x) => x.id === id);

/** The tour's steps in order, each with its reward (spec: Tour rewards). */
export const TOUR_STEPS: readonly { id: TourStep; reward: string; points: number }[] = [
  { id: 'welcome', reward: 'Welcome Aboard', points: 50 },
  { id: 'forum', reward: 'Community Explorer', points: 30 },
  { id: 'finds', reward: 'Treasure Shower', points: 40 },
  { id: 'map', reward: 'Explorer', points: 35 },
  { id: 'ar', reward: 'Tech Pioneer', points: 50 },
  { id: 'complete', reward: 'DigQuest Explorer', points: 100 },
];
export const tourStepIds = ['welcome', 'forum', 'finds', 'map', 'ar', 'complete'] as const;
export type TourStep = (typeof tourStepIds)[number];

/** The total the last step announces: computed, never written down (the spec's text said 205). */
export const TOUR_TOTAL_POINTS = TOUR_STEPS.reduce((sum, s) => sum + s.points, 0);

export const ACHIEVEMENT_UNLOCKED = 'Achievement Unlocked';
export const TOUR_SKIPPED = 'Tour skipped';
export const TOUR_SKIPPED_DETAIL = 'You can always restart the tour from your profile settings.';

/** What GET /api/achievements and GET /api/users/{id}/achievements answer per achievement. */
export interface Achievement {
  id: string;
  name: string;
  description: string;
  category: AchievementCategory;
  points: number;
  isUnlocked: boolean;
  /** Null when the caller may not see it (another member's progress). */
  progress: number | null;
  maxProgress: number;
  unlockedAt: string | null;
  isSecret: boolean;
}

export interface OnboardingState {
  currentStep: TourStep;
  completedSteps: TourStep[];
  isCompleted: boolean;
  skippedTour: boolean;
  lastActiveStep: TourStep | null;
  completedAt: string | null;
  /** The official account never sees the tour. */
  showTour: boolean;
}

/** Progress bar colour band (spec: Progress bar): 100 % green, 75 %+ blue, 50 %+ yellow, 25 %+ orange. */
export type ProgressBand = 'green' | 'blue' | 'yellow' | 'orange' | 'grey';
export function progressBand(percent: number): ProgressBand {
  if (percent >= 100) return 'green';
  if (percent >= 75) return 'blue';
  if (percent >= 50) return 'yellow';
  if (percent >= 25) return 'orange';
  return 'grey';
}

/** Completion: unlocked ÷ non-secret, as a whole percentage; total points: the unlocked ones'. */
export function achievementTotals(list: readonly Achievement[]): { points: number; completion: number } {
  const unlocked = list.filter((x) => x.isUnlocked);
  const base = list.filter((x) => !x.isSecret).length;
  return {
    points: unlocked.reduce((sum, x) => sum + x.points, 0),
    completion: base === 0 ? 0 : Math.min(100, Math.round((unlocked.length / base) * 100)),
  };
}

/** GET /api/badges: who carries the member-list badges ('Founder', 'Top Poster'; users-display.ts). */
export interface BadgeHolders {
  founder: number;
  topPosters: number[];
}
