/**
 * What was written to a table, as it commits — so a screen can keep an in-memory copy up to date instead
 * of re-reading the table after every write (the map's spots: docs/map.md "Spots on the map").
 *
 * Dexie's live queries only learn that a part of a table changed, and re-run their whole query; a bulk
 * write of 50 records or more is even reported as "anything may have changed". This DBCore middleware sees
 * the records themselves: each write to a watched table is noted on its transaction and handed to the
 * watchers, in order, when the transaction commits (nothing when it aborts). Writes made in another tab
 * arrive through Dexie's `storagemutated` event, which names the changed keys (or a range, when it cannot):
 * watchers are told which keys to read again, or to read everything.
 *
 * Only tables keyed by a property of the record (inbound keys, as every synced table is) are supported.
 */
import Dexie, {
  type DBCore,
  type DBCoreMutateRequest,
  type IntervalTree,
  type ObservabilitySet,
} from 'dexie';

export type TableChange<T> =
  /** Committed in this tab, in the order written. */
  | { kind: 'ops'; ops: ReadonlyArray<{ put: T } | { delete: string }> }
  /** Committed in another tab: these keys may have changed (read them again). */
  | { kind: 'keys'; keys: readonly string[] }
  /** Anything may have changed (a range delete, a partly failed bulk write, another tab's bulk write). */
  | { kind: 'unknown' };

type Watcher = (change: TableChange<unknown>) => void;
type Op = { put: unknown } | { delete: string };
type Pending = { ops: Op[]; unknown: boolean };

interface FeedState {
  watchers: Map<string, Set<Watcher>>;
  /** The mutated-parts objects of this tab's transactions: their `storagemutated` signals are ours. */
  ownSignals: WeakSet<object>;
  /** Subscribed to Dexie's global event while anything is watched. */
  onStorageMutated: (parts: ObservabilitySet) => void;
}

const feeds = new WeakMap<Dexie, FeedState>();

function deliver(state: FeedState, table: string, change: TableChange<unknown>): void {
  for (const watcher of state.watchers.get(table) ?? []) watcher(change);
}

/** The single keys of an interval tree, or null when it holds a range (or is a shape we do not know). */
function singleKeys(tree: IntervalTree): string[] | null {
  const keys: string[] = [];
  const stack: unknown[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== 'object' || !('from' in node)) continue;
    const { from, to, l, r } = node as { from: unknown; to: unknown; l?: unknown; r?: unknown };
    if (typeof from !== 'string' || from !== to) return null;
    keys.push(from);
    stack.push(l, r);
  }
  return keys;
}

function storageMutated(db: Dexie, state: FeedState, parts: ObservabilitySet): void {
  if (state.ownSignals.has(parts)) return;
  for (const table of state.watchers.keys()) {
    const changed = parts[`idb://${db.name}/${table}/`];
    if ('all' in parts) deliver(state, table, { kind: 'unknown' });
    else if (changed) {
      const keys = singleKeys(changed);
      deliver(state, table, keys ? { kind: 'keys', keys } : { kind: 'unknown' });
    }
  }
}

type CommitEvents = { addEventListener(type: 'complete' | 'abort', listener: () => void): void };

function isEventTarget(trans: object): trans is CommitEvents {
  return 'addEventListener' in trans && typeof trans.addEventListener === 'function';
}

/** Installs the middleware on a database, before it opens (the DigQuestDb constructor does). */
export function installTableChanges(db: Dexie): void {
  const state: FeedState = {
    watchers: new Map(),
    ownSignals: new WeakSet(),
    onStorageMutated: (parts) => storageMutated(db, state, parts),
  };
  feeds.set(db, state);
  const pending = new WeakMap<object, Map<string, Pending>>();

  function note(trans: object, table: string): Pending {
    let tables = pending.get(trans);
    if (!tables) {
      const created = new Map<string, Pending>();
      tables = created;
      pending.set(trans, created);
      // The transaction at this level is IndexedDB's (fake-indexeddb's in tests), an event target; were it
      // not, its commit could not be seen, and "anything may have changed" is all that could be said.
      const observable = isEventTarget(trans);
      const settle = (committed: boolean) => {
        pending.delete(trans);
        if (!committed) return;
        for (const [name, { ops, unknown }] of created)
          deliver(state, name, unknown || !observable ? { kind: 'unknown' } : { kind: 'ops', ops });
      };
      if (isEventTarget(trans)) {
        trans.addEventListener('complete', () => settle(true));
        trans.addEventListener('abort', () => settle(false));
      } else setTimeout(() => settle(true), 0);
    }
    let entry = tables.get(table);
    if (!entry) tables.set(table, (entry = { ops: [], unknown: false }));
    return entry;
  }

  function record(req: DBCoreMutateRequest, entry: Pending, failures: number, outbound: boolean): void {
    if (failures > 0 || outbound || req.type === 'deleteRange') {
      entry.unknown = true;
      return;
    }
    if (req.type === 'delete') {
      for (const key of req.keys) entry.ops.push({ delete: String(key) });
      return;
    }
    // A copy: the caller may change its object after writing it, the stored record does not change.
    for (const value of req.values) entry.ops.push({ put: structuredClone(value) });
  }

  db.use({
    stack: 'dbcore',
    name: 'TableChanges',
    create: (down: DBCore): DBCore => ({
      ...down,
      table(name) {
        const table = down.table(name);
        return {
          ...table,
          mutate(req) {
            // An unwatched table's writes pass straight through, without even a promise in between.
            if (!state.watchers.get(name)?.size) return table.mutate(req);
            return table.mutate(req).then((res) => {
              record(req, note(req.trans, name), res.numFailures, table.schema.primaryKey.outbound === true);
              // Set by Dexie's observability layer below this one; it is what `storagemutated` fires with.
              const signal = 'mutatedParts' in req.trans ? req.trans.mutatedParts : null;
              if (typeof signal === 'object' && signal !== null) state.ownSignals.add(signal);
              return res;
            });
          },
        };
      },
    }),
  });
}

/**
 * Calls `watcher` with each committed change to `table` from now on; returns the way to stop. Start
 * watching before the first full read, so nothing committed in between is missed.
 */
export function watchTable<T>(
  db: Dexie,
  table: string,
  watcher: (change: TableChange<T>) => void,
): () => void {
  const state = feeds.get(db);
  if (!state) throw new Error('watchTable: installTableChanges was not called on this database');
  const watching = () => [...state.watchers.values()].some((set) => set.size > 0);
  if (!watching()) Dexie.on('storagemutated', state.onStorageMutated);
  const watchers = state.watchers.get(table) ?? new Set<Watcher>();
  state.watchers.set(table, watchers);
  const erased = watcher as Watcher;
  watchers.add(erased);
  return () => {
    if (!watchers.delete(erased) || watching()) return;
    Dexie.on.storagemutated.unsubscribe(state.onStorageMutated);
  };
}
