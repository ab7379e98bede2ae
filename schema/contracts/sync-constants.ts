/**
 * The sync protocol's plain values (entity names and batch limits), kept apart from the Zod schemas in
 * ./sync so that the web sync engine, which starts with the app, does not bring Zod into the first load
 * (docs/architecture.md). ./sync re-exports everything here.
 */

/** Entities a member can write offline. Each maps to a server service and a Dexie table keyed by uid. */
export const syncEntities = [
  'finds',
  'find_comments',
  'find_likes',
  'posts',
  'comments',
  'post_likes',
  'events',
  'event_comments',
  'event_attendees',
  'locations',
  'stories',
  'story_comments',
  'story_likes',
  'user_connections',
  'groups',
  'group_memberships',
  'group_comments',
  'messages',
  'routes',
  'route_completions',
  'onboarding',
  'notifications',
  'safety_trips',
  'reports',
] as const;
export type SyncEntity = (typeof syncEntities)[number];

/**
 * Entities the server sends in pulls (writable ones plus read-only public data). `find_counts`,
 * `post_counts`, `event_counts` and `story_counts` carry only a parent's counters (S30): a client applies one to a record it holds
 * (table.update), never creates a record from it.
 */
export type PullEntity =
  | SyncEntity
  | 'users'
  | 'categories'
  | 'find_counts'
  | 'post_counts'
  | 'event_counts'
  | 'story_counts'
  | 'group_counts';

/**
 * Scopes of a pull (S25, sync-server/src/sync/PROTOCOL.md; docs/sync.md "Scope"): `own` (signed in only,
 * S26), `recent:<entity>` windows (S27), `pinned` (S28), `reference` (S31).
 */
export const scopeNames = [
  'own',
  'reference',
  'pinned',
  'recent:finds',
  'recent:posts',
  'recent:events',
  'recent:locations',
  'recent:stories',
] as const;
export type ScopeName =
  'own' | 'reference' | 'pinned' | `recent:${'finds' | 'posts' | 'events' | 'locations' | 'stories'}`;
/** The `recent:*` windows (S27): the newest N records of an entity. */
export type WindowScopeName = Extract<ScopeName, `recent:${string}`>;

export const isWindowScope = (scope: ScopeName): scope is WindowScopeName => scope.startsWith('recent:');

/** At most this many pins in one pull request (S28). */
export const MAX_PINS = 500;

export const MAX_PUSH_BATCH = 100;
/** Photos in one `POST /api/sync/blobs/check` (S9): a push batch's worth. */
export const MAX_BLOB_CHECK = 100;
export const DEFAULT_PULL_LIMIT = 500;
export const MAX_PULL_LIMIT = 2000;
