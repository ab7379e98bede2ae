/**
 * The seam between the shared sync layer and the features that own each synced entity.
 * A feature implements a SyncEntityHandler (how to apply a mutation, how to load rows for a pull);
 * entities.ts lists them. The sync layer never touches a feature's tables itself.
 */
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type { RunResult } from 'better-sqlite3';
import type * as tables from '@schema/db/tables';
import type { Mutation, PullEntity } from '@schema/contracts/sync';
import type { UserRow } from '../lib/auth/session';

/** The database or a transaction on it: service functions take either, so push can wrap them in its own. */
export type Store = BaseSQLiteDatabase<'sync', RunResult, typeof tables>;

/** Who is asking: visibility (coordinates, own likes) is decided per caller. Null when signed out. */
export type Viewer = { id: number } | null;

export interface ApplyContext {
  store: Store;
  user: UserRow;
  mutation: Mutation;
}

/** Rejections are thrown as HttpError (the same one the REST route throws); this is the success answer. */
export interface ApplyOutcome {
  status: 'applied' | 'duplicate';
  id?: number;
}

/** One change-log row to load, identified as it was logged. */
export interface EntityRef {
  entityId: number;
  uid: string | null;
}

export interface PulledRow {
  id: number;
  uid: string | null;
  data: Record<string, unknown>;
  /** Members this row shows (author, commenter): pulled alongside as public users. */
  userIds: number[];
}

/**
 * Keyed by refKey: a row to send (upsert), null to send a tombstone (gone, or hidden from this caller),
 * and no entry at all when the change was never this caller's business (another member's like).
 */
export type LoadedRows = Map<string, PulledRow | null>;

export interface SyncEntityHandler {
  entity: PullEntity;
  /** Absent for read-only entities: a mutation of them is rejected as 'unsupported-entity'. */
  apply?: (ctx: ApplyContext) => ApplyOutcome;
  load: (store: Store, viewer: Viewer, refs: EntityRef[]) => LoadedRows;
}

export const refKey = (ref: EntityRef) => `${ref.entityId}|${ref.uid ?? ''}`;

/** IN lists are chunked: SQLite (and PostgreSQL drivers) bound the number of parameters per statement. */
export function chunked<T>(items: readonly T[], size = 900): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
