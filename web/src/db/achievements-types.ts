/**
 * What the device keeps of a member's achievements and tour (docs/product/achievements.md "Offline"): the
 * last answer of the server, which achievements this device has already announced, and tour actions made
 * offline, sent when the server is reachable again.
 */
import type { Achievement, OnboardingState, OnboardingUpdate } from '@schema/contracts/achievements';

export interface AchievementStateRow {
  userId: number;
  /** The member's own list with progress, as last read; null before the first read. */
  achievements: Achievement[] | null;
  /** Ids this device has shown (or chose not to show) an 'Achievement Unlocked' toast for. */
  announced: string[];
  onboarding: OnboardingState | null;
  /** Tour actions not yet accepted by the server, oldest first. */
  pending: OnboardingUpdate[];
  fetchedAt: string | null;
}
