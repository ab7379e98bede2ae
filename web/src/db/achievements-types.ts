/**
 * What the device keeps of a member's achievements and tour (docs/product/achievements.md "Offline"): the
 * last answer of the server with which achievements this device has already announced, and the tour's
 * synced record (one per member, db/entities/onboarding.ts).
 */
import type { Achievement } from '@schema/contracts/achievements-constants';
import type { OnboardingFields } from '@schema/contracts/onboarding';

export interface AchievementStateRow {
  userId: number;
  /** The member's own list with progress, as last read; null before the first read. */
  achievements: Achievement[] | null;
  /** Ids this device has shown (or chose not to show) an 'Achievement Unlocked' toast for. */
  announced: string[];
  fetchedAt: string | null;
}

/**
 * The tour's state as stored: one record per member, keyed by the uid derived from their id
 * (schema/contracts/onboarding.ts `onboardingUid`); `id` is the member's id (known before any pull, but
 * typed like every synced record's server id).
 */
export type LocalOnboarding = OnboardingFields & {
  uid: string;
  id: number | null;
  userId: number;
};
