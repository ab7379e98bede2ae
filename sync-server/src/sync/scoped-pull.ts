/**
 * POST /api/sync/pull (PROTOCOL.md S25–S31): the client names the scopes it wants, each with its own
 * cursor, and gets the changes inside them — its member's own records, the newest window of each list,
 * what it pinned, the reference data — instead of the whole community's log.
 *
 * Each scope reads at most `limit` rows and answers its own cursor and `hasMore`; the client asks again
 * with the scopes that have more. All scopes of one request are read in one snapshot (lib/db.ts
 * readSnapshot), so they agree on the log's head. Changes are deduplicated across scopes and shaped once
 * (pull.ts shapeChanges), with the users they show first (S15). Each `recent:*` scope also answers its
 * window's size (SYNC_WINDOW, S27). Offline and on retry: an answer applied twice is harmless, and a
 * dropped answer is asked again from the old cursors.
 */
import {
  DEFAULT_PULL_LIMIT,
  isWindowScope,
  MAX_PULL_LIMIT,
  type PullRequestInput,
  type PullResponse,
  type ScopeState,
} from '@schema/contracts/sync';
import { readSnapshot } from '../lib/db';
import { logHead } from './changelog';
import { pullEpoch, shapeChanges, type PendingChange } from './pull';
import type { Store, SyncEntityHandler, Viewer } from './registry';
import { readScope, type ScopeContext } from './scopes';

export interface ScopedPullOptions {
  /** N of every `recent:*` window (SYNC_WINDOW, default 300). */
  windowSize: number;
}

export async function pullScopes(
  store: Store,
  viewer: Viewer,
  request: PullRequestInput,
  handlers: ReadonlyMap<string, SyncEntityHandler>,
  options: ScopedPullOptions,
): Promise<PullResponse> {
  return readSnapshot(store, async (tx) => {
    const ctx: ScopeContext = {
      store: tx,
      viewer,
      handlers,
      epoch: pullEpoch(handlers),
      head: await logHead(tx),
      limit: Math.min(request.limit ?? DEFAULT_PULL_LIMIT, MAX_PULL_LIMIT),
      windowSize: options.windowSize,
      pins: [...new Set((request.pins ?? []).map((pin) => pin.uid.toLowerCase()))],
    };
    const pending: PendingChange[] = [];
    const scopes: ScopeState[] = [];
    for (const { scope, cursor } of request.scopes) {
      const read = await readScope(ctx, scope, cursor);
      pending.push(...read.changes);
      // A window says its size, so the client evicts down to this server's N, not an assumed one (C16).
      const window = isWindowScope(scope) ? { window: options.windowSize } : {};
      scopes.push({ scope, cursor: read.cursor, hasMore: read.hasMore, ...window });
    }
    return { changes: await shapeChanges(tx, viewer, pending, handlers), scopes };
  });
}
