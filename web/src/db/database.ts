/**
 * The one Dexie database. Tables of records members can create offline are keyed by `uid` from the first
 * version (Dexie cannot change a primary key later, docs/sync.md "Record identity"). A schema change edits
 * the one declaration below and raises its version number; a change that must rewrite rows adds its own
 * version line with an upgrade function.
 *
 * The synced tables are declared in synced-stores.ts (each descriptor in db/entities reads its indexes
 * there).
 */
import Dexie, { type EntityTable, type Table } from 'dexie';
import type { PublicUser, SelfUser } from '@schema/contracts/users';
import type {
  BlobRow,
  KeptListRow,
  LocalFind,
  LocalFindComment,
  LocalFindLike,
  OutboxMutation,
  PinRow,
  SyncStateRow,
} from './sync-types';
import type { LocalCategory, LocalPost, LocalPostComment, LocalPostLike } from './forum-types';
import type { LocalEvent, LocalEventAttendance, LocalEventComment } from './events-types';
import type { LocalLocation } from './locations-types';
import type { LocalStory, LocalStoryComment, LocalStoryLike } from './stories-types';
import type { LocalConnection, LocalGroup, LocalGroupComment, LocalGroupMembership } from './social-types';
import type { AchievementStateRow, LocalOnboarding } from './achievements-types';
import type { LocalMessage } from './messages-types';
import type { LocalNotification } from './notifications-types';
import type { LocalSafetyTrip } from './safety-types';
import type { LocalReport } from './moderation-types';
import type { SiteCheckRow } from './site-check-types';
import type { ProtectedAreaRow, ProtectedCellRow, ProtectedSourceRow } from './protected-areas-types';
import type { LocalRoute, LocalRouteCompletion, LocalRoutePreferences } from './ar-routes-types';
import type { SyncedEntityName } from './entities';
import { SYNCED_STORES } from './synced-stores';
import { installTableChanges } from './table-changes';

export type * from './sync-types';
export type * from './forum-types';
export type * from './events-types';
export type * from './locations-types';
export type * from './stories-types';
export type * from './social-types';
export type * from './achievements-types';
export type * from './messages-types';
export type * from './ar-routes-types';
export type * from './notifications-types';
export type * from './safety-types';
export type * from './moderation-types';
export type * from './site-check-types';
export type * from './protected-areas-types';

/** The signed-in member, kept so the header still shows them offline. Always one row, key 'current'. */
export interface SessionRow {
  key: 'current';
  user: SelfUser | null;
  /** When the server last confirmed the session. */
  checkedAt: string;
}

export class DigQuestDb extends Dexie {
  session!: EntityTable<SessionRow, 'key'>;
  users!: EntityTable<PublicUser, 'id'>;
  finds!: EntityTable<LocalFind, 'uid'>;
  find_comments!: EntityTable<LocalFindComment, 'uid'>;
  find_likes!: EntityTable<LocalFindLike, 'uid'>;
  outbox!: EntityTable<OutboxMutation, 'mutationId'>;
  blobs!: EntityTable<BlobRow, 'sha256'>;
  posts!: EntityTable<LocalPost, 'uid'>;
  comments!: EntityTable<LocalPostComment, 'uid'>;
  post_likes!: EntityTable<LocalPostLike, 'uid'>;
  categories!: EntityTable<LocalCategory, 'id'>;
  events!: EntityTable<LocalEvent, 'uid'>;
  event_comments!: EntityTable<LocalEventComment, 'uid'>;
  event_attendees!: EntityTable<LocalEventAttendance, 'uid'>;
  locations!: EntityTable<LocalLocation, 'uid'>;
  stories!: EntityTable<LocalStory, 'uid'>;
  story_comments!: EntityTable<LocalStoryComment, 'uid'>;
  story_likes!: EntityTable<LocalStoryLike, 'uid'>;
  user_connections!: EntityTable<LocalConnection, 'uid'>;
  messages!: EntityTable<LocalMessage, 'uid'>;
  routes!: EntityTable<LocalRoute, 'uid'>;
  route_completions!: EntityTable<LocalRouteCompletion, 'uid'>;
  route_preferences!: EntityTable<LocalRoutePreferences, 'userId'>;
  groups!: EntityTable<LocalGroup, 'uid'>;
  group_memberships!: EntityTable<LocalGroupMembership, 'uid'>;
  group_comments!: EntityTable<LocalGroupComment, 'uid'>;
  onboarding!: EntityTable<LocalOnboarding, 'uid'>;
  notifications!: EntityTable<LocalNotification, 'uid'>;
  safety_trips!: EntityTable<LocalSafetyTrip, 'uid'>;
  reports!: EntityTable<LocalReport, 'uid'>;
  /** A union of row kinds keyed by their literal key: a plain Table keeps each kind's fields intact. */
  sync_state!: Table<SyncStateRow, SyncStateRow['key']>;
  /** Records kept beyond the window (web/src/sync/README.md C15), keyed by [entity+uid]. */
  pins!: Table<PinRow, [string, string]>;
  kept_lists!: EntityTable<KeptListRow, 'key'>;
  /** Per member: the last achievements read and what this device announced (achievements-types.ts). */
  achievement_state!: EntityTable<AchievementStateRow, 'userId'>;
  /** Detecting now's site checks on this device (site-check-types.ts); never synced. */
  site_checks!: EntityTable<SiteCheckRow, 'id'>;
  /** The protected-area cache (protected-areas-types.ts; web/src/sync/protected-areas/); never synced. */
  protected_areas!: EntityTable<ProtectedAreaRow, 'id'>;
  protected_cells!: EntityTable<ProtectedCellRow, 'cell'>;
  protected_sources!: EntityTable<ProtectedSourceRow, 'source'>;

  constructor(name = 'digquest') {
    super(name);
    // The whole schema in one declaration. Dexie (3 and later) compares it with the schema a device has
    // installed and adds what is missing, whichever earlier version the device is on; only a version with
    // an upgrade function would need its own line, and none has one. One line instead of one per release
    // also spares every start-up the re-merging of each historical schema (about 60 ms of the first task at
    // Lighthouse's 4× CPU slowdown). What each version added: docs/sync.md "The device's database".
    this.version(18).stores({
      session: 'key',
      users: 'id, username',
      ...SYNCED_STORES,
      // The forum's categories, read-only, as the server lists them (S21).
      categories: 'id',
      // `[entity+uid]` finds a record's queued writes (pull must not overwrite them); the primary key is
      // the outbox order (uuidv7 = time order); `*blobRefs` finds the mutations naming a photo.
      outbox: 'mutationId, status, [entity+uid], *blobRefs',
      blobs: 'sha256',
      sync_state: 'key',
      // Kept records by record, least recently used first, and by the list that keeps them (C15).
      pins: '[entity+uid], lastUsedAt, list',
      kept_lists: 'key',
      // Copies kept on this device only, never synced.
      route_preferences: 'userId',
      achievement_state: 'userId',
      site_checks: '++id',
      // Protected areas by id and by the grid cells they were fetched for (a cell's eviction finds its
      // areas), the cells least recently used first, the imported sources (docs/protected-areas.md).
      protected_areas: 'id, *cells',
      protected_cells: 'cell, usedAt',
      protected_sources: 'source',
    });
    // What each write wrote, for screens that keep a table in memory (table-changes.ts: the map's spots).
    installTableChanges(this);
  }
}

/** Every registered entity's table is a typed field of the database (a compile-time check). */
export type SyncedTables = { [T in SyncedEntityName]: DigQuestDb[T] };

export const db = new DigQuestDb();
