/**
 * The one place achievements unlock (docs/product/achievements.md "When an achievement unlocks"): every
 * server write logs its records in the change log (sync/changelog.ts), whether it came through a REST
 * route or a sync push applying a member's offline writes, so listening there covers both. The check
 * runs in the write's own transaction: a write that rolls back unlocks nothing.
 *
 * Offline: an offline find unlocks 'first-treasure' when its push is applied, not when it was made; the
 * device hears of it on its next read of the member's achievements (web: after each sync).
 */
import type { ChangeListener } from '../../sync/changelog';
import { evaluate } from './service';

/**
 * Which logged entity moves which achievements, and for whom: the change's `ownerId` is the member whose
 * record it is — for a counts row (`*_counts`, logged on every like) the liked record's owner.
 * Deletes are not listened to: a lower count can never take an achievement back.
 */
export const TRIGGERS: Readonly<Record<string, readonly string[]>> = {
  finds: ['first-treasure', 'treasure-hunter', 'historian'],
  posts: ['first-post', 'conversation-starter'],
  comments: ['forum-helper'],
  locations: ['map-explorer'],
  event_attendees: ['pathfinder'],
  stories: ['wellbeing-advocate'],
  find_counts: ['community-leader'],
  post_counts: ['community-leader'],
  story_counts: ['community-leader'],
  // Registration logs the new member's profile.
  users: ['early-bird'],
  // A walk of an AR route, online or pushed from the device (features/routes/completions.ts).
  route_completions: ['route-master'],
  // The tour's record, written over REST or pushed from a device (onboarding.ts).
  onboarding: ['welcome-aboard', 'digquest-explorer'],
};

/**
 * The achievements a logged change may move. A counts row moves community-leader only when a like moved
 * it: a post's views and comments are logged on the same row (every view of a post), and counting them
 * would re-check the member's likes on each one. A counts row with no counter named (a recount after a
 * member's deletion) may have moved any.
 */
export function achievementsMovedBy(change: Parameters<ChangeListener>[1]): readonly string[] {
  if (change.op === 'delete' || change.owner.ownerId === null) return [];
  if (change.counter !== undefined && change.counter !== 'likes') return [];
  return TRIGGERS[change.entity] ?? [];
}

export const achievementsListener: ChangeListener = async (tx, change) => {
  const ids = achievementsMovedBy(change);
  if (ids.length === 0 || change.owner.ownerId === null) return;
  await evaluate(tx, change.owner.ownerId, ids);
};
