/**
 * The entities this server syncs. Like app.ts for routes, this is a composition root: the one file of
 * the sync layer that names features. Events, locations… add their handler here when built;
 * until then their mutations are rejected as 'unsupported-entity' (PROTOCOL.md S7).
 */
import { findsSyncHandlers } from '../features/finds/sync';
import { forumSyncHandlers } from '../features/forum/sync';
import type { SyncEntityHandler } from './registry';
import { usersHandler } from './users';

export function defaultSyncHandlers(): ReadonlyMap<string, SyncEntityHandler> {
  return new Map(
    [...findsSyncHandlers, ...forumSyncHandlers, usersHandler].map((handler) => [handler.entity, handler]),
  );
}
