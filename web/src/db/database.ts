/**
 * The one Dexie database. Tables of records members can create offline are keyed by `uid` from the first
 * version (Dexie cannot change a primary key later, docs/sync.md "Record identity"). Add a new
 * `db.version(n)` for every schema change; never edit an old one.
 *
 * From version 4 the synced tables are declared in synced-stores.ts (each descriptor in db/entities reads
 * its indexes there). Dexie (3 and later)
 * compares each version with the schema actually installed, not with the previous declaration, so a line
 * that re-declares unchanged tables changes nothing, and the historical lines below stay only as the record
 * of what each release installed.
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
    this.version(1).stores({
      session: 'key',
      users: 'id, username',
    });
    // Version 2 — the synced finds (issue 3). `[period+created_at]` serves the gallery's period filter
    // newest-first without reading rows; `id` resolves /finds/42 links; `[entity+uid]` finds a record's
    // queued writes (pull must not overwrite them); outbox order is the primary key (uuidv7 = time order).
    this.version(2).stores({
      finds: 'uid, created_at, [period+created_at], id',
      find_comments: 'uid, findUid, [findUid+created_at]',
      find_likes: 'uid',
      outbox: 'mutationId, status, [entity+uid]',
      blobs: 'sha256',
      sync_state: 'key',
    });
    // Version 3 — the forum (issue 4). Posts newest first (`created_at`) or most viewed (`views`), a
    // category's or a member's posts, `id` for /forum/post/42 links; comments by post, oldest first;
    // the member's own promotions keyed by the post's uid (S22); read-only categories by id (S21).
    this.version(3).stores({
      posts: 'uid, created_at, views, categoryId, userId, id',
      comments: 'uid, postUid, [postUid+created_at]',
      post_likes: 'uid',
      categories: 'id',
    });
    // Version 4 — the synced tables as synced-stores.ts declares them (issue 9): the same stores as versions 2–3.
    this.version(4).stores(SYNCED_STORES);
    // Version 5 — bounded sync (issue 18; web/src/sync/README.md C14–C17): finds gain a `userId` index
    // (eviction keeps the member's own), pins (by record; `lastUsedAt` for the budget, `list` for a kept
    // list) and the lists a screen keeps offline; the outbox is indexed by the photos its mutations name
    // (`*blobRefs`), so an upload finds its mutations without reading the whole queue. A new synced entity
    // (or index) adds its line to synced-stores.ts and the next version line here.
    this.version(5).stores({
      ...SYNCED_STORES,
      outbox: 'mutationId, status, [entity+uid], *blobRefs',
      pins: '[entity+uid], lastUsedAt, list',
      kept_lists: 'key',
    });
    // Version 6 — events (issue 12): events by date, id and organiser; their comments by event, oldest
    // first; the member's own attendances keyed by the event's uid (the descriptors in db/entities/events.ts).
    this.version(6).stores(SYNCED_STORES);
    // Version 7 — detecting spots (issue 11): by server id (the shared-spots window), owner and latitude (the
    // spots of a map view); the descriptor is db/entities/locations.ts.
    this.version(7).stores(SYNCED_STORES);
    // Version 8 — stories (issue 13): newest first (`created_at`), by server id (the window) and author;
    // their comments by story, oldest first; the member's own likes keyed by the story's uid (the
    // descriptors in db/entities/stories.ts).
    this.version(8).stores(SYNCED_STORES);
    // Version 9 — follows (issue 14): the member's own connections by follower and by followed member (the
    // descriptor in db/entities/social.ts).
    this.version(9).stores(SYNCED_STORES);
    // Version 10 — groups (issue 14): groups, the member's memberships and the group discussion (the
    // descriptors in db/entities/groups.ts).
    this.version(10).stores(SYNCED_STORES);
    // Version 11 — direct messages (issue 14): by sender and receiver (a conversation's two halves, my
    // unread ones) and by date (the descriptor in db/entities/messages.ts).
    this.version(11).stores(SYNCED_STORES);
    // Version 12 — AR routes (issue 16): routes by server id and owner, the member's completions by route
    // (the descriptors in db/entities/ar-routes.ts), and a copy of the member's route preferences by user
    // id (read from REST, kept for offline filtering; not synced).
    this.version(12).stores({ ...SYNCED_STORES, route_preferences: 'userId' });
    // Version 13 — achievements and the tour (issue 15): one row per member, read and written whole.
    this.version(13).stores({ achievement_state: 'userId' });
    // Version 14 — the tour's state as a synced record (issue 15), one per member (the descriptor in
    // db/entities/onboarding.ts); achievement_state keeps the achievements list and what was announced.
    this.version(14).stores(SYNCED_STORES);
    // Version 15 — notifications and safe-return trips (issue 27): the member's own, synced (the
    // descriptors in db/entities/notifications.ts and db/entities/safety.ts).
    this.version(15).stores(SYNCED_STORES);
    // Version 16 — the site-check log of Detecting now (issue 29): device-only, never synced (exact
    // positions), read oldest first by its auto-incremented id (site-check-types.ts).
    this.version(16).stores({ site_checks: '++id' });
    // Version 17 — protected areas on the device (issue 29; docs/protected-areas.md "On the device"): the
    // areas by server id and by the grid cells they were fetched for (`*cells`: a cell's eviction finds its
    // areas), the cells by when they were last needed (least recently used first), the imported sources.
    this.version(17).stores({
      protected_areas: 'id, *cells',
      protected_cells: 'cell, usedAt',
      protected_sources: 'source',
    });
    // Version 18 — reports (issue 30; docs/moderation.md "Reports"): the member's own, synced, so a report
    // made without signal waits in the outbox (the descriptor in db/entities/reports.ts).
    this.version(18).stores(SYNCED_STORES);
    // What each write wrote, for screens that keep a table in memory (table-changes.ts: the map's spots).
    installTableChanges(this);
  }
}

/** Every registered entity's table is a typed field of the database (a compile-time check). */
export type SyncedTables = { [T in SyncedEntityName]: DigQuestDb[T] };

export const db = new DigQuestDb();
