/**
 * The spots the device holds, for the map and its list (docs/map.md "Spots on the map"): read once, then
 * kept in memory by uid (model/spots/spot-index.ts) and changed by what each committed write wrote
 * (db/table-changes.ts), instead of every batch of an import — and every push the engine makes meanwhile
 * — re-reading the whole table. Another tab's writes name their keys, which are read again; a change the
 * feed cannot describe (a cleared table) reads everything again.
 *
 * Changes are applied at most every 250 ms, and not at all while an import holds them (`holdSpotUpdates`),
 * so the map and the list are recomputed once per import rather than once per batch.
 */
import { db as appDb, type DigQuestDb, type LocalLocation } from '@web/db/database';
import { watchTable, type TableChange } from '@web/db/table-changes';
import type { Live } from '@web/sync';
import { SpotIndex, type SpotChange } from '../model/spots/spot-index';

const THROTTLE_MS = 250;

export class SpotStore {
  readonly #db: DigQuestDb;
  #index = new SpotIndex();
  #state: Live<LocalLocation[]> = { state: 'loading' };
  readonly #listeners = new Set<() => void>();
  #unwatch: (() => void) | null = null;
  /** Bumped on stop, so an answer for an earlier subscription is dropped. */
  #generation = 0;
  #ops: SpotChange[] = [];
  #reread = new Set<string>();
  #reload = false;
  /** Whether the index holds a full read (false at the start and after a failed read). */
  #loaded = false;
  #holds = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #flushing = false;
  #lastFlush = -Infinity;
  #idle: Array<() => void> = [];

  constructor(db: DigQuestDb) {
    this.#db = db;
  }

  get state(): Live<LocalLocation[]> {
    return this.#state;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    if (this.#listeners.size === 1) this.#start();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.#stop();
    };
  }

  /** Defers applying changes until every hold is released (an import's batches). */
  hold(): () => void {
    this.#holds += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#holds -= 1;
      this.#schedule();
    };
  }

  /** Resolves once every change committed so far has been applied (tests, and nothing else, wait for it). */
  async settled(): Promise<void> {
    // A commit's changes are handed over in its `complete` event, which may follow the writer's `await`.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (!this.#pending() && !this.#flushing && this.#timer === null) return;
    await new Promise<void>((resolve) => this.#idle.push(resolve));
  }

  #start(): void {
    // Watch first, then read: a write committed in between is in the read or among the changes.
    this.#unwatch = watchTable<LocalLocation>(this.#db, 'locations', (change) => this.#hear(change));
    this.#reload = true;
    this.#schedule();
  }

  #stop(): void {
    this.#unwatch?.();
    this.#unwatch = null;
    this.#generation += 1;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#flushing = false;
    this.#index = new SpotIndex();
    this.#state = { state: 'loading' };
    this.#ops = [];
    this.#reread.clear();
    this.#reload = false;
    this.#loaded = false;
    this.#resolveIdle();
  }

  #hear(change: TableChange<LocalLocation>): void {
    if (change.kind === 'ops') {
      for (const op of change.ops) this.#ops.push(op);
    } else if (change.kind === 'keys') {
      for (const key of change.keys) this.#reread.add(key);
    } else {
      this.#reload = true;
    }
    this.#schedule();
  }

  #pending(): boolean {
    return this.#reload || this.#ops.length > 0 || this.#reread.size > 0;
  }

  #schedule(): void {
    if (this.#timer || this.#flushing || this.#holds > 0 || !this.#pending()) return;
    const wait = Math.max(0, this.#lastFlush + THROTTLE_MS - performance.now());
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#flush();
    }, wait);
  }

  async #flush(): Promise<void> {
    const generation = this.#generation;
    const { ops, reread, reload } = { ops: this.#ops, reread: [...this.#reread], reload: this.#reload };
    this.#ops = [];
    this.#reread.clear();
    this.#reload = false;
    this.#flushing = true;
    try {
      let changed: boolean;
      if (reload || !this.#loaded) {
        // Every change heard so far was committed before this read starts, so the read holds it.
        const all = await this.#db.locations.toArray();
        if (generation !== this.#generation) return;
        this.#index.reset(all);
        this.#loaded = true;
        changed = true;
      } else {
        // Another tab's keys are read after taking the changes heard here: the read is the newer.
        const fresh = reread.length > 0 ? await this.#db.locations.bulkGet(reread) : [];
        if (generation !== this.#generation) return;
        const reads = reread.map((uid, i): SpotChange => {
          const spot = fresh[i];
          return spot ? { put: spot } : { delete: uid };
        });
        changed = this.#index.apply([...ops, ...reads]);
      }
      if (changed || this.#state.state !== 'ready')
        this.#publish({ state: 'ready', value: this.#index.snapshot() });
    } catch (error) {
      if (generation !== this.#generation) return;
      // The next change reads everything again rather than applying itself to a partial index.
      this.#loaded = false;
      this.#publish({ state: 'error', error });
    } finally {
      if (generation === this.#generation) {
        this.#flushing = false;
        this.#lastFlush = performance.now();
        this.#schedule();
        if (!this.#pending()) this.#resolveIdle();
      }
    }
  }

  #publish(state: Live<LocalLocation[]>): void {
    this.#state = state;
    for (const listener of this.#listeners) listener();
  }

  #resolveIdle(): void {
    const idle = this.#idle;
    this.#idle = [];
    for (const resolve of idle) resolve();
  }
}

const stores = new WeakMap<DigQuestDb, SpotStore>();

/** The one store of a database's spots (the app's, unless a test gives its own). */
export function spotStore(db: DigQuestDb = appDb): SpotStore {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new SpotStore(db)));
  return store;
}

/** While an import writes its batches, the map and the list wait and then take them all at once. */
export function holdSpotUpdates(db: DigQuestDb = appDb): () => void {
  return spotStore(db).hold();
}
