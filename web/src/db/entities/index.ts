/**
 * Every synced entity this client stores, in one list: the sync engine and the shared sync test suite
 * (web/src/sync/entities.test.ts) read it. Registering an entity here (and its stores line in
 * ../synced-stores.ts) is what makes the device store, push, pull and test it.
 */
import { eventAttendanceEntity, eventCommentsEntity, eventsEntity } from './events';
import { findCommentsEntity, findLikesEntity, findsEntity } from './finds';
import { locationsEntity } from './locations';
import { postCommentsEntity, postLikesEntity, postsEntity } from './forum';
import { storiesEntity, storyCommentsEntity, storyLikesEntity } from './stories';
import { connectionsEntity } from './social';
import { messagesEntity } from './messages';
import { routeCompletionsEntity, routesEntity } from './ar-routes';
import { groupCommentsEntity, groupMembershipsEntity, groupsEntity } from './groups';
import { onboardingEntity } from './onboarding';
import { safetyTripsEntity } from './safety';
import { notificationsEntity } from './notifications';
import { reportsEntity } from './reports';

export const SYNCED_ENTITIES = [
  findsEntity,
  findCommentsEntity,
  findLikesEntity,
  postsEntity,
  postCommentsEntity,
  postLikesEntity,
  eventsEntity,
  eventCommentsEntity,
  eventAttendanceEntity,
  locationsEntity,
  storiesEntity,
  storyCommentsEntity,
  storyLikesEntity,
  connectionsEntity,
  messagesEntity,
  routesEntity,
  routeCompletionsEntity,
  groupsEntity,
  groupMembershipsEntity,
  groupCommentsEntity,
  onboardingEntity,
  notificationsEntity,
  safetyTripsEntity,
  reportsEntity,
] as const;

export type RegisteredEntity = (typeof SYNCED_ENTITIES)[number];
export type SyncedEntityName = RegisteredEntity['entity'];

export {
  connectionsEntity,
  eventAttendanceEntity,
  eventCommentsEntity,
  eventsEntity,
  findCommentsEntity,
  findLikesEntity,
  findsEntity,
  groupCommentsEntity,
  groupMembershipsEntity,
  groupsEntity,
  locationsEntity,
  messagesEntity,
  notificationsEntity,
  onboardingEntity,
  postCommentsEntity,
  postLikesEntity,
  postsEntity,
  routeCompletionsEntity,
  routesEntity,
  safetyTripsEntity,
  storiesEntity,
  storyCommentsEntity,
  storyLikesEntity,
};
