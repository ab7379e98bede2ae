/**
 * Every synced entity this client stores, in one list: the sync engine, the Dexie schema (database.ts)
 * and the shared sync test suite (web/src/sync/entities.test.ts) all read it. Registering an entity here
 * is what makes the device store, push, pull and test it.
 */
import { eventAttendanceEntity, eventCommentsEntity, eventsEntity } from './events';
import { findCommentsEntity, findLikesEntity, findsEntity } from './finds';
import { locationsEntity } from './locations';
import { postCommentsEntity, postLikesEntity, postsEntity } from './forum';
import { storiesEntity, storyCommentsEntity, storyLikesEntity } from './stories';
import { connectionsEntity } from './social';
import { routeCompletionsEntity, routesEntity } from './ar-routes';

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
  routesEntity,
  routeCompletionsEntity,
] as const;

export type RegisteredEntity = (typeof SYNCED_ENTITIES)[number];
export type SyncedEntityName = RegisteredEntity['entity'];

/** The Dexie stores of the synced tables, as their descriptors declare them. */
export function syncedStores(): { [table: string]: string } {
  return Object.fromEntries(SYNCED_ENTITIES.map(({ table, indexes }) => [table, indexes]));
}

export {
  connectionsEntity,
  eventAttendanceEntity,
  eventCommentsEntity,
  eventsEntity,
  findCommentsEntity,
  findLikesEntity,
  findsEntity,
  locationsEntity,
  postCommentsEntity,
  postLikesEntity,
  postsEntity,
  routeCompletionsEntity,
  routesEntity,
  storiesEntity,
  storyCommentsEntity,
  storyLikesEntity,
};
