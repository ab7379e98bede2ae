/**
 * The entities this server syncs, one declaration each (entity.ts; PROTOCOL.md "Entity descriptors").
 * Like app.ts for routes, this is a composition root: the one file of the sync layer that names features.
 * Registering an entity is adding its descriptor here; the contract suite (contract.test.ts) then runs
 * the shared rules against it and fails until it has a fixture. An entity of `syncEntities` that is not
 * listed is rejected as 'unsupported-entity' (S7). Changing the list changes the pull epoch (S11).
 */
import { eventEngagement } from '../features/events/engagement';
import { eventsEntity } from '../features/events/sync';
import { findEngagement } from '../features/finds/engagement';
import { findsEntity } from '../features/finds/sync';
import { locationsEntity } from '../features/locations/sync';
import { storyEngagement } from '../features/stories/engagement';
import { storiesEntity } from '../features/stories/sync';
import { connectionsEntity } from '../features/social/sync';
import { groupEngagement } from '../features/groups/engagement';
import { groupsEntity, membershipsEntity } from '../features/groups/sync';
import { messagesEntity } from '../features/social/messages-sync';
import { routeCompletionsEntity, routesEntity } from '../features/routes/sync';
import { postEngagement } from '../features/forum/engagement';
import { categoriesEntity, postsEntity } from '../features/forum/sync';
import { achievementsListener } from '../features/achievements/listener';
import { onboardingEntity } from '../features/achievements/onboarding-sync';
import { notificationsEntity } from '../features/notifications/sync';
import { safetyTripsEntity } from '../features/safety/sync';
import { reportsEntity } from '../features/moderation/sync';
import { provideSyncHandlers } from '../features/moderation/records';
import { onRecordedChange } from './changelog';
import { handlersFor, type SyncedEntity } from './entity';
import type { SyncEntityHandler } from './registry';
import { usersEntity } from './users';

/** Parents with comments and likes: account deletion runs each one's cascade (features/auth). */
export const registeredEngagements = [
  findEngagement,
  postEngagement,
  eventEngagement,
  storyEngagement,
  groupEngagement,
] as const;

export const syncedEntities: readonly SyncedEntity[] = [
  findsEntity,
  ...findEngagement.syncEntities, // find_comments, find_likes
  postsEntity,
  ...postEngagement.syncEntities, // comments, post_likes
  categoriesEntity,
  eventsEntity,
  ...eventEngagement.syncEntities, // event_comments, event_attendees
  locationsEntity,
  storiesEntity,
  ...storyEngagement.syncEntities, // story_comments, story_likes
  connectionsEntity,
  groupsEntity,
  membershipsEntity,
  ...groupEngagement.syncEntities, // group_comments, group_counts
  messagesEntity,
  routesEntity,
  routeCompletionsEntity,
  onboardingEntity,
  notificationsEntity,
  safetyTripsEntity,
  reportsEntity,
  usersEntity,
];

// Achievements unlock on every logged write, REST or push alike (features/achievements/listener.ts).
onRecordedChange(achievementsListener);

export function defaultSyncHandlers(): ReadonlyMap<string, SyncEntityHandler> {
  return handlersFor(syncedEntities);
}

// Moderation reads any record through its entity's loader (features/moderation/records.ts); handed over
// from here, since that feature's own entity (reports) is in this list.
provideSyncHandlers(defaultSyncHandlers);
