/**
 * The pull scopes (PROTOCOL.md S25–S31; docs/sync.md "Scope"): what part of the change log each one
 * reads for a caller, from its own cursor. Every scope is a few index range scans of the log (its
 * (column, seq) indexes) or of a window's table, and stops after `limit` rows: a device's first pull
 * costs what its member holds, never what the community holds.
 *
 * The scopes know entities only through their declarations (registry.ts EntityScope), never by name.
 */
import { and, desc, eq, gte, inArray, lt, notInArray, or, type SQL } from 'drizzle-orm';
import { changeLog } from '@schema/db/tables';
import type { ScopeName } from '@schema/contracts/sync';
import { badRequest } from '../lib/errors';
import { integerBound } from '../lib/sql';
import { readMerged } from './changelog';
import type { PendingChange } from './pull';
import type { RecordWindow, Store, SyncEntityHandler, Viewer, WindowScope } from './registry';

export interface ScopeContext {
  store: Store;
  viewer: Viewer;
  handlers: ReadonlyMap<string, SyncEntityHandler>;
  epoch: string;
  /** The newest seq at the start of this pull (read in its transaction). */
  head: number;
  /** Rows per scope. */
  limit: number;
  /** N of the `recent:*` windows (SYNC_WINDOW). */
  windowSize: number;
  /** Pinned uids, lower case (S28). */
  pins: readonly string[];
}

export interface ScopeRead {
  changes: PendingChange[];
  cursor: string;
  hasMore: boolean;
}

/**
 * A scope cursor: `<epoch>.<seq>`, and for a window `<epoch>.<seq>.<below>` (`below`: the window rows
 * under it are still owed to the client). Empty, or from another epoch (S11): start over.
 */
interface ScopeCursor {
  seq: number;
  below: number | null;
}

function parseCursor(raw: string, epoch: string): ScopeCursor | null {
  if (raw === '') return null;
  const match = /^([0-9a-f]{8})\.(\d{1,15})(?:\.(\d{1,15}))?$/.exec(raw);
  if (!match) throw badRequest('Invalid cursor');
  if (match[1] !== epoch) return null;
  return { seq: Number(match[2]), below: match[3] === undefined ? null : Number(match[3]) };
}

const format = (ctx: ScopeContext, seq: number, below?: number) =>
  below === undefined ? `${ctx.epoch}.${seq}` : `${ctx.epoch}.${seq}.${below}`;

/** Entities of the given scope kinds. */
function entitiesWhere(ctx: ScopeContext, test: (handler: SyncEntityHandler) => boolean): string[] {
  return [...ctx.handlers.values()].filter(test).map((h) => h.entity);
}

/** Rows only their own member pulls (likes, S14) are never read for anyone else. */
function notMemberOnly(ctx: ScopeContext): SQL | undefined {
  const memberOnly = entitiesWhere(ctx, (h) => h.memberOnly);
  return memberOnly.length ? notInArray(changeLog.entity, memberOnly) : undefined;
}

/** Pins reach neither member-only rows nor rows between two members (messages) of anyone else. */
function notPrivate(ctx: ScopeContext): SQL | undefined {
  const hidden = entitiesWhere(ctx, (h) => h.memberOnly || h.participantsOnly === true);
  return hidden.length ? notInArray(changeLog.entity, hidden) : undefined;
}

/**
 * Reads the streams after the cursor. Caught up, the cursor moves to the head: the rows the streams
 * skipped up to there (outside the scope) are never read again.
 */
async function readLog(ctx: ScopeContext, streams: SQL[], afterSeq: number, limit: number) {
  if (streams.length === 0) return { changes: [], seq: ctx.head, hasMore: false };
  const { changes, hasMore } = await readMerged(ctx.store, streams, afterSeq, limit);
  const last = changes[changes.length - 1];
  return { changes, seq: hasMore ? (last?.seq ?? afterSeq) : Math.max(ctx.head, afterSeq), hasMore };
}

/** S26: everything of the member's, comments and counters on their records, and messages sent to them. */
async function readOwn(ctx: ScopeContext, cursor: ScopeCursor | null): Promise<ScopeRead> {
  if (ctx.viewer === null) throw new Error('own needs a member (checked by the route)');
  const streams = [eq(changeLog.ownerId, ctx.viewer.id)];
  const parentOwned = and(eq(changeLog.parentOwnerId, ctx.viewer.id), notMemberOnly(ctx));
  if (parentOwned) streams.push(parentOwned);
  const read = await readLog(ctx, streams, cursor?.seq ?? 0, ctx.limit);
  return { changes: read.changes, cursor: format(ctx, read.seq), hasMore: read.hasMore };
}

/** S28: the pinned records, their children and their counters, after the cursor. */
async function readPinned(ctx: ScopeContext, cursor: ScopeCursor | null): Promise<ScopeRead> {
  const streams: SQL[] = [];
  if (ctx.pins.length) {
    const visible = notPrivate(ctx);
    streams.push(and(inArray(changeLog.uid, ctx.pins), visible) as SQL);
    streams.push(and(inArray(changeLog.parentUid, ctx.pins), visible) as SQL);
  }
  const read = await readLog(ctx, streams, cursor?.seq ?? 0, ctx.limit);
  return { changes: read.changes, cursor: format(ctx, read.seq), hasMore: read.hasMore };
}

/**
 * S31: reference data (categories), whole from an empty cursor — it is small — then its changes and the
 * changes of public profiles (a member's new avatar) after the cursor.
 */
async function readReference(ctx: ScopeContext, cursor: ScopeCursor | null): Promise<ScopeRead> {
  const reference = entitiesWhere(ctx, (h) => h.scope.kind === 'reference');
  const profiles = entitiesWhere(ctx, (h) => h.scope.kind === 'profile');
  if (cursor === null) {
    const streams = reference.map((entity) => eq(changeLog.entity, entity));
    const { changes } = await readMerged(ctx.store, streams, 0, Number.MAX_SAFE_INTEGER);
    return { changes, cursor: format(ctx, ctx.head), hasMore: false };
  }
  const streams = [...reference, ...profiles].map((entity) => eq(changeLog.entity, entity));
  const read = await readLog(ctx, streams, cursor.seq, ctx.limit);
  return { changes: read.changes, cursor: format(ctx, read.seq), hasMore: read.hasMore };
}

/** The id of the Nth newest row: rows from it up are the window (0 when there are fewer than N). */
async function windowFloor(ctx: ScopeContext, window: RecordWindow): Promise<number> {
  const [row] = await ctx.store
    .select({ id: window.id })
    .from(window.table)
    .where(window.rows)
    .orderBy(desc(window.id))
    .limit(1)
    .offset(ctx.windowSize - 1);
  return row?.id ?? 0;
}

/**
 * S27: the newest N rows of an entity. From an empty cursor, a snapshot of the window read from its
 * table (newest first) with the log head as cursor; then the entity's changes after the cursor inside
 * the window (its id at or above the floor), its counters', and every tombstone. A row leaving the window
 * gets no tombstone: the client evicts it by its own rule (C16). Rows entering it from below because
 * newer ones were deleted are sent like a snapshot (the cursor's `below` is the floor last sent).
 */
async function readWindow(
  ctx: ScopeContext,
  scope: WindowScope,
  cursor: ScopeCursor | null,
): Promise<ScopeRead> {
  const owner = [...ctx.handlers.values()].find(
    (h) => h.scope.kind === 'owned' && h.scope.window?.scope === scope,
  );
  const window = owner?.scope.kind === 'owned' ? owner.scope.window : undefined;
  if (!owner || !window) return { changes: [], cursor: format(ctx, ctx.head, 0), hasMore: false };

  const floor = await windowFloor(ctx, window);
  const seq = cursor?.seq ?? ctx.head;
  let below = cursor === null ? Number.MAX_SAFE_INTEGER : (cursor.below ?? floor);
  const changes: PendingChange[] = [];
  if (below > floor) {
    const rows = await ctx.store
      .select({ id: window.id, uid: window.uid })
      .from(window.table)
      // No upper bound from an empty cursor; a client's `below` is kept within an integer column's range.
      .where(
        and(
          gte(window.id, floor),
          below === Number.MAX_SAFE_INTEGER ? undefined : lt(window.id, integerBound(below)),
          window.rows,
        ),
      )
      .orderBy(desc(window.id))
      .limit(ctx.limit + 1);
    const sent = rows.slice(0, ctx.limit);
    for (const row of sent)
      changes.push({
        seq,
        entity: owner.entity,
        entityId: row.id,
        uid: row.uid,
        op: 'upsert',
        snapshot: true,
      });
    if (rows.length > ctx.limit)
      return { changes, cursor: format(ctx, seq, sent[sent.length - 1]?.id ?? below), hasMore: true };
    below = floor;
  }

  const counts = entitiesWhere(ctx, (h) => h.scope.kind === 'counts' && h.scope.parent === owner.entity);
  const inWindow = gte(changeLog.entityId, floor);
  const streams = [
    and(eq(changeLog.entity, owner.entity), or(inWindow, eq(changeLog.op, 'delete'))) as SQL,
    ...counts.map((entity) => and(eq(changeLog.entity, entity), inWindow) as SQL),
  ];
  const read = await readLog(ctx, streams, seq, ctx.limit - changes.length);
  changes.push(...read.changes);
  return { changes, cursor: format(ctx, read.seq, below), hasMore: read.hasMore };
}

export async function readScope(ctx: ScopeContext, scope: ScopeName, rawCursor: string): Promise<ScopeRead> {
  const cursor = parseCursor(rawCursor, ctx.epoch);
  switch (scope) {
    case 'own':
      return readOwn(ctx, cursor);
    case 'pinned':
      return readPinned(ctx, cursor);
    case 'reference':
      return readReference(ctx, cursor);
    default:
      return readWindow(ctx, scope, cursor);
  }
}
