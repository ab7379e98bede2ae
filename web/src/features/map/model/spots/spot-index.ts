/**
 * The spots the device holds, kept in memory by uid and changed by what was written instead of re-read
 * (docs/map.md "Spots on the map"). Re-reading and re-projecting every spot after each write made a
 * 5,000-spot import take 13–15 s: ten batches, and every push the engine made meanwhile, each read the
 * whole table again for the map and the list.
 *
 * The order is the table's (uid order; uids are UUIDv7, so creation order), so the map and list see the
 * same array a full read would give. A spot that did not change keeps its object, so per-spot work (a map
 * feature) can be kept; a write that changes nothing (the same record put again) changes nothing here.
 */
import type { LocalLocation } from '@web/db/locations-types';

/** One committed change, in the order it was made: a record written, or the uid of one deleted. */
export type SpotChange = { put: LocalLocation } | { delete: string };

/** Same fields, same values: spot rows are flat (numbers, strings, booleans and nulls). */
export function sameSpot(a: LocalLocation, b: LocalLocation): boolean {
  const keysA = Object.keys(a) as Array<keyof LocalLocation>;
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => Object.is(a[key], b[key]));
}

export class SpotIndex {
  #byUid = new Map<string, LocalLocation>();
  /** Whether the map's insertion order is uid order (a spot older than the newest one arrived later). */
  #ordered = true;
  #last: string | null = null;
  #snapshot: LocalLocation[] = [];
  #stale = false;

  /** Everything the table holds, as a full read returns it. */
  reset(all: readonly LocalLocation[]): void {
    this.#byUid = new Map();
    this.#ordered = true;
    this.#last = null;
    for (const spot of all) this.#insert(spot);
    this.#stale = true;
  }

  /** Applies committed changes; returns whether anything a screen shows changed. */
  apply(changes: Iterable<SpotChange>): boolean {
    let changed = false;
    for (const change of changes) {
      if ('delete' in change) {
        changed = this.#byUid.delete(change.delete) || changed;
        continue;
      }
      const spot = change.put;
      const current = this.#byUid.get(spot.uid);
      if (current && sameSpot(current, spot)) continue;
      // An existing uid keeps its place in the map; a new one is appended.
      if (current) this.#byUid.set(spot.uid, spot);
      else this.#insert(spot);
      changed = true;
    }
    if (changed) this.#stale = true;
    return changed;
  }

  get(uid: string): LocalLocation | undefined {
    return this.#byUid.get(uid);
  }

  get size(): number {
    return this.#byUid.size;
  }

  /** The spots in uid order: the same array until something changes (shared: never change it). */
  snapshot(): LocalLocation[] {
    if (!this.#stale) return this.#snapshot;
    if (!this.#ordered) {
      this.#byUid = new Map([...this.#byUid].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      this.#ordered = true;
      this.#last = [...this.#byUid.keys()].at(-1) ?? null;
    }
    this.#snapshot = [...this.#byUid.values()];
    this.#stale = false;
    return this.#snapshot;
  }

  #insert(spot: LocalLocation): void {
    if (this.#last !== null && spot.uid < this.#last) this.#ordered = false;
    else this.#last = spot.uid;
    this.#byUid.set(spot.uid, spot);
  }
}
