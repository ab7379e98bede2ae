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
  'locations',
  'stories',
] as const;
export type SyncEntity = (typeof syncEntities)[number];

/**
 * Entities the server sends in pulls (writable ones plus read-only public data). `find_counts` and
 * `post_counts` carry only a parent's counters (S30): a client applies one to a record it holds
 * (table.update), never creates a record from it.
 */
export type PullEntity = SyncEntity | 'users' | 'categories' | 'find_counts' | 'post_counts';

/**
 * Scopes of a pull (S25, sync-server/src/sync/PROTOCOL.md; docs/sync.md "Scope"): `own` (signed in only,
 * S26), `recent:<entity>` windows (S27), `pinned` (S28), `reference` (S31).
 */
export const scopeNames = ['own', 'reference', 'pinned', 'recent:finds', 'recent:posts'] as const;
export type ScopeName = 'own' | 'reference' | 'pinned' | `recent:${'finds' | 'posts'}`;

/** At most this many pins in one pull request (S28). */
export const MAX_PINS = 500;

export const MAX_PUSH_BATCH = 100;
export const DEFAULT_PULL_LIMIT = 500;
export const MAX_PULL_LIMIT = 2000;
