/**
 * Mounted by the app shell for a signed-in member (lazily: it is not part of the first download). Keeps
 * the member's achievements and tour fresh and announces new unlocks (hooks.ts).
 */
import { useAchievementRefresh } from './hooks';

export function AchievementWatcher({ userId }: { userId: number }) {
  useAchievementRefresh(userId);
  return null;
}
