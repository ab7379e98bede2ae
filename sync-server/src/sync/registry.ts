/**
 * The seam between the shared sync layer and the features that own each synced entity: the runtime
 * handler push and pull call (apply a mutation, load rows for a pull) and the types both sides share.
 * Features do not implement handlers by hand: they declare a SyncedEntity (entity.ts), entities.ts lists
 * the declarations and turns each into a handler. The sync layer never touches a feature's tables itself.
 */
import { eq, type Column, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Mutation, PullEntity, ScopeName } from '@schema/contracts/sync';
import type { UserRow } from '../lib/auth/user-row';
import type { Store } from '../lib/db';
import type { Config } from '../lib/config';
import { idEquals } from '../lib/sql';

/** The database or a transaction on it, on either engine (lib/db.ts). */
export type { Store } from '../lib/db';

/** `{id}` path parameters and sync uids address the same records (PROTOCOL.md S1). */
export type RecordRef = { id: number } | { uid: string };

/** The WHERE clause of a record addressed by id or uid. */
export function whereRef(table: { id: Column; uid: Column }, ref: RecordRef): SQL {
  return 'id' in ref ? idEquals(table.id, ref.id) : eq(table.uid, ref.uid);
}

/** Who is asking: visibility (coordinates, own likes) is decided per caller. Null when signed out. */
export type Viewer = { id: number } | null;

export interface ApplyContext {
  store: Store;
  user: UserRow;
  mutation: Mutation;
  /** The server's settings, for a write that needs one (a safe-return trip's grace period). */
  config: Config;
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

export type WindowScope = Extract<ScopeName, `recent:${string}`>;

/** The newest N rows of an entity that every device holds (S27): its table, id and uid columns. */
export interface RecordWindow {
  scope: WindowScope;
  table: SQLiteTable;
  id: AnySQLiteColumn<{ data: number; notNull: true }>;
  uid: AnySQLiteColumn<{ data: string; notNull: true }>;
  /**
   * The rows the window is made of, when not all of them (spots: the shared ones). Rows outside it never
   * count towards N, so a member's thousands of private spots cannot push the shared ones out.
   */
  rows?: SQL;
}

/**
 * Which pull scopes carry an entity's changes (S25–S31; PROTOCOL.md "Scopes"). Every descriptor declares
 * one, and the contract suite checks that the change log rows its writes leave say so:
 * - `owned`: records members own (finds, posts), logged with `owner_id`: in `own` for their member, in
 *   `pinned` by uid, and in their `window` when one is declared;
 * - `child`: records under a parent (comments, likes), logged with `owner_id` and `parent_uid` (comments
 *   also `parent_owner_id`): in `own` for their member and the parent's, in `pinned` under the parent;
 * - `counts`: a parent's counters (`find_counts`), logged with the parent's id, uid and owner: wherever
 *   the parent travels (own, its window, pinned), and only ever applied to a record the client holds (S30);
 * - `reference`: small read-only data every device holds whole (categories, S31);
 * - `profile`: public member profiles (users): they travel with the rows that show them (S15), their own
 *   member's in `own`, and later changes in `reference`.
 */
export type EntityScope =
  | { kind: 'owned'; window?: RecordWindow }
  | { kind: 'child'; parent: PullEntity }
  | { kind: 'counts'; parent: PullEntity }
  | { kind: 'reference' }
  | { kind: 'profile' };

export interface SyncEntityHandler {
  entity: PullEntity;
  /** Absent for read-only entities: a mutation of them is rejected as 'unsupported-entity'. */
  apply?: (ctx: ApplyContext) => Promise<ApplyOutcome>;
  load: (store: Store, viewer: Viewer, refs: EntityRef[]) => Promise<LoadedRows>;
  scope: EntityScope;
  /** Rows only their own member ever pulls (likes, S14): never read into another caller's scopes. */
  memberOnly: boolean;
  /**
   * Rows only the two members named in their log row pull (messages): in `own` for each of them, never
   * in `pinned` or any other scope, so a third member cannot reach one by knowing its uid.
   */
  participantsOnly?: boolean;
  /** The entity's reading route for its private photos (SyncedEntity.blobs `privateUrl`), if it has any. */
  privatePhotoUrl?: ((filename: string) => string) | undefined;
}

export const refKey = (ref: EntityRef) => `${ref.entityId}|${ref.uid ?? ''}`;

/** IN lists are chunked: SQLite (and PostgreSQL drivers) bound the number of parameters per statement. */
export function chunked<T>(items: readonly T[], size = 900): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The usual pull loader: the logged rows by id, one IN query per chunk (never a query per row); a ref
 * whose row is gone answers null, a tombstone (S13). `fetch` shapes each row for the caller.
 */
export async function loadRowsById(
  refs: readonly EntityRef[],
  fetch: (ids: number[]) => Promise<PulledRow[]>,
): Promise<LoadedRows> {
  const found = new Map<number, PulledRow>();
  for (const ids of chunked([...new Set(refs.map((r) => r.entityId))]))
    for (const row of await fetch(ids)) found.set(row.id, row);
  const out: LoadedRows = new Map();
  for (const ref of refs) out.set(refKey(ref), found.get(ref.entityId) ?? null);
  return out;
}
