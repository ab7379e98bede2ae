/**
 * Eviction (C16): local storage stays bounded. After each pull, for every entity with a `recent:*` window
 * (its descriptor's scope), a record stays when it is
 *   - the member's own (`userId`): all of them, always, on every device;
 *   - waiting in the outbox — its own queued change, or a queued comment or like on it (never evicted:
 *     the member would lose what they wrote, or it would sync under a record that vanished);
 *   - pinned within the budget (pins.ts: kept lists, engaged and opened, then listed; most recent first);
 *   - among the newest N by server id (the window, S27: a record leaving it gets no tombstone, it is ours
 *     to drop). N is the server's SYNC_WINDOW as its last pull answer said (kept in `sync_state`), 300
 *     before the first answer.
 * Everything else is deleted with its comments (unless those are the member's own or queued). It all runs
 * in one transaction with the outbox, so a write queued at the same moment is seen and kept (C1).
 */
import type { ScopeName, WindowScopeName } from '@schema/contracts/sync-constants';
import type { DigQuestDb, OutboxMutation, SyncStateRow } from '@web/db/database';
import { isRow } from '@web/db/entity-fields';
import { childrenOf, entityFor, syncTables, WINDOWED_ENTITIES } from './entities';
import { PIN_BUDGET, pinsWithinBudget } from './pins';

/**
 * The server's default `SYNC_WINDOW` (README "Configuration"): the newest N records each device keeps, until
 * the server's first pull answer says its own N.
 */
export const DEFAULT_WINDOW = 300;

/** N of a `recent:*` window: what the server said last (PROTOCOL.md S27), else its default. */
export function windowSize(state: SyncStateRow | undefined, scope: WindowScopeName): number {
  return (state?.key === 'pull' ? state.windows?.[scope] : undefined) ?? DEFAULT_WINDOW;
}

export interface EvictionOptions {
  viewerId: number | null;
  /** N of every `recent:*` window, instead of what the server said (tests). */
  window?: number;
  pinBudget?: number;
  /** Listed ('seen') pins kept; 0 under storage pressure. */
  seenBudget?: number;
}

export interface EvictionReport {
  records: number;
  children: number;
  pins: number;
}

const fieldOf = (value: unknown, key: string): unknown => (isRow(value) ? value[key] : undefined);

/** entity → uids with a queued change; a queued child also marks its parent (by the child's parentKey). */
function queuedUids(outbox: readonly OutboxMutation[]): Map<string, Set<string>> {
  const byEntity = new Map<string, Set<string>>();
  const add = (entity: string, uid: unknown) => {
    if (typeof uid !== 'string') return;
    let set = byEntity.get(entity);
    if (!set) byEntity.set(entity, (set = new Set()));
    set.add(uid);
  };
  for (const m of outbox) {
    add(m.entity, m.uid);
    const scope = entityFor(m.entity)?.scope;
    if (scope?.kind !== 'child') continue;
    const key = scope.parentKey;
    add(
      scope.parent,
      key === null ? m.uid : (fieldOf(m.payload, key) ?? fieldOf(m.record, key) ?? fieldOf(m.before, key)),
    );
  }
  return byEntity;
}

interface Keep {
  own: number | null;
  window: (scope: WindowScopeName) => number;
  /** entity → pinned uids within the budget. */
  pinned: ReadonlyMap<string, ReadonlySet<string>>;
  queued: ReadonlyMap<string, ReadonlySet<string>>;
}

/** Deletes the windowed records no rule keeps, with their comments. Call inside a transaction. */
async function evictRecords(db: DigQuestDb, keep: Keep): Promise<Omit<EvictionReport, 'pins'>> {
  const report = { records: 0, children: 0 };
  for (const { entity, scope } of WINDOWED_ENTITIES) {
    const table = db.table<{ uid: string }, string>(entity.table);
    const window = keep.window(scope.window);
    if ((await table.count()) <= window) continue;
    const kept = new Set<string>([
      ...(keep.pinned.get(entity.entity) ?? []),
      ...(keep.queued.get(entity.entity) ?? []),
    ]);
    const newest = window > 0 ? await table.orderBy('id').reverse().limit(window).primaryKeys() : [];
    for (const uid of newest) kept.add(uid);
    if (keep.own !== null)
      for (const uid of await table.where('userId').equals(keep.own).primaryKeys()) kept.add(uid);
    const evicted = (await table.toCollection().primaryKeys()).filter((uid) => !kept.has(uid));
    if (evicted.length === 0) continue;
    await table.bulkDelete(evicted);
    report.records += evicted.length;
    for (const child of childrenOf(entity.entity)) {
      // Likes (keyed by their parent) are only ever the member's own: they stay. Comments leave with their
      // parent, except the member's own and queued ones.
      if (child.scope.parentKey === null) continue;
      const queuedChildren = keep.queued.get(child.entity.entity) ?? new Set<string>();
      report.children += await db
        .table<Record<string, unknown>, string>(child.entity.table)
        .where(child.scope.parentKey)
        .anyOf(evicted)
        .filter((row) => row.userId !== keep.own && !queuedChildren.has(String(row.uid)))
        .delete();
    }
  }
  return report;
}

const tablesOf = (db: DigQuestDb) => [...syncTables(db), db.outbox, db.pins, db.sync_state];

/** C16: drops the pins beyond the budget, then what no rule keeps. */
export async function evictOutsideScopes(db: DigQuestDb, options: EvictionOptions): Promise<EvictionReport> {
  return db.transaction('rw', tablesOf(db), async () => {
    const live = await pinsWithinBudget(db, options.pinBudget ?? PIN_BUDGET, options.seenBudget);
    const liveKeys = new Set(live.map((p) => `${p.entity}|${p.uid}`));
    const dropped = (await db.pins.toArray()).filter((p) => !liveKeys.has(`${p.entity}|${p.uid}`));
    if (dropped.length) await db.pins.bulkDelete(dropped.map((p): [string, string] => [p.entity, p.uid]));
    const pinned = new Map<string, Set<string>>();
    for (const pin of live) pinned.set(pin.entity, (pinned.get(pin.entity) ?? new Set()).add(pin.uid));
    const state = await db.sync_state.get('pull');
    const records = await evictRecords(db, {
      own: options.viewerId,
      window: (scope) => options.window ?? windowSize(state, scope),
      pinned,
      queued: queuedUids(await db.outbox.toArray()),
    });
    return { ...records, pins: dropped.length };
  });
}

/** The scopes that bring community records back after a clear. */
const refilledScopes = (): ScopeName[] => ['pinned', ...WINDOWED_ENTITIES.map((e) => e.scope.window)];

/**
 * Settings → "Clear cached community data": every windowed record that is not the member's own and has no
 * queued change leaves, with its comments; listed and opened pins go. Kept lists stay pinned and, like the
 * windows, are read again at the next sync (their scopes start over). Never the member's own, never
 * anything pending.
 */
export async function clearCommunityData(db: DigQuestDb, viewerId: number | null): Promise<EvictionReport> {
  return db.transaction('rw', tablesOf(db), async () => {
    const pins = await db.pins.filter((p) => p.reason !== 'kept').delete();
    await db.pins.toCollection().modify({ hydrated: false });
    const records = await evictRecords(db, {
      own: viewerId,
      window: () => 0,
      pinned: new Map(),
      queued: queuedUids(await db.outbox.toArray()),
    });
    const row = await db.sync_state.get('pull');
    if (row?.key === 'pull' && 'cursors' in row) {
      const cursors = { ...row.cursors };
      for (const scope of refilledScopes()) delete cursors[scope];
      await db.sync_state.put({ ...row, cursors });
    }
    return { ...records, pins };
  });
}
