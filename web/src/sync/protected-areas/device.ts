/**
 * What the device holds of protected areas, in memory (docs/protected-areas.md "On the device"): the cached
 * areas, their spatial index (AreaIndex, built once, again only after the cache changed), the cells held and
 * the imported sources. The check answers as the server's does over the same areas, and no-data wherever the
 * device cannot know: a place no imported monument list covers, or one whose cells it does not hold.
 */
import {
  AreaIndex,
  bboxIntersects,
  expandBBox,
  isCovered,
  nearLimitM,
  type BBox,
  type CheckResult,
} from '@schema/contracts/protected-areas';
import type { DigQuestDb, ProtectedAreaRow, ProtectedSourceRow } from '@web/db/database';
import { watchTable } from '@web/db/table-changes';
import { cellAreaKm2, cellKey, cellsInBox, parseCell } from './cells';

export interface DevicePosition {
  latitude: number;
  longitude: number;
  /** The position's accuracy in metres, as the phone reports it (0 when unknown). */
  accuracyM: number;
}

export interface DeviceAreasSummary {
  /** Areas held. */
  areas: number;
  /** Their JSON size: roughly the space they take. */
  bytes: number;
  /** The ground the held cells cover, in km². */
  coveredKm2: number;
}

interface Snapshot {
  areas: ProtectedAreaRow[];
  cells: ReadonlySet<string>;
  sources: ProtectedSourceRow[];
  index: AreaIndex | null;
}

/**
 * Every write to the areas changes the cells in the same transaction (store.ts), so watching the two small
 * tables is enough — and spares the watcher a copy of every geometry written.
 */
const WATCHED = ['protected_cells', 'protected_sources'] as const;

/** The cache of one database in memory; read on first use and again after any change to its tables. */
export class DeviceAreas {
  readonly #db: DigQuestDb;
  #snapshot: Promise<Snapshot> | null = null;
  readonly #listeners = new Set<() => void>();

  constructor(db: DigQuestDb) {
    this.#db = db;
    for (const table of WATCHED) watchTable(db, table, () => this.#changed());
  }

  #changed(): void {
    this.#snapshot = null;
    for (const listener of this.#listeners) listener();
  }

  /** Calls `listener` after each change to the cache; returns the way to stop. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #read(): Promise<Snapshot> {
    if (this.#snapshot) return this.#snapshot;
    const db = this.#db;
    const reading = db
      .transaction('r', [db.protected_areas, db.protected_cells, db.protected_sources], async () => ({
        areas: await db.protected_areas.toArray(),
        cells: new Set(await db.protected_cells.toCollection().primaryKeys()),
        sources: await db.protected_sources.toArray(),
        index: null,
      }))
      .catch((err: unknown) => {
        if (this.#snapshot === reading) this.#snapshot = null;
        throw err;
      });
    // A change committed while reading sets it aside (#changed): that answer is used once, never kept.
    this.#snapshot = reading;
    return reading;
  }

  /**
   * The check of a position over the cached areas: inside, near, clear — or no-data where no imported
   * monument list covers the place (isCovered with nationAt, as on the server) or where the device does not
   * hold every cell within the near limit of the position.
   */
  async check(position: DevicePosition): Promise<CheckResult> {
    const snapshot = await this.#read();
    const point = { latitude: position.latitude, longitude: position.longitude };
    const { nationAt } = await import('@schema/contracts/protected-areas/nation');
    const sources = snapshot.sources.map((s) => s.source);
    const around = expandBBox(
      [point.longitude, point.latitude, point.longitude, point.latitude],
      nearLimitM(position.accuracyM),
    );
    const held = cellsInBox(around).every((cell) => snapshot.cells.has(cellKey(cell)));
    const covered = held && isCovered(nationAt(point), sources);
    snapshot.index ??= new AreaIndex(snapshot.areas);
    return snapshot.index.check(point, position.accuracyM, covered);
  }

  /** The cached areas whose boxes meet a box (the map's view). */
  async areasIn(bbox: BBox): Promise<ProtectedAreaRow[]> {
    const { areas } = await this.#read();
    return areas.filter((area) => bboxIntersects(area.bbox, bbox));
  }

  async sources(): Promise<ProtectedSourceRow[]> {
    return (await this.#read()).sources;
  }

  async summary(): Promise<DeviceAreasSummary> {
    const { areas, cells } = await this.#read();
    return {
      areas: areas.length,
      bytes: areas.reduce((sum, a) => sum + a.bytes, 0),
      coveredKm2: [...cells].reduce((sum, key) => sum + cellAreaKm2(parseCell(key)), 0),
    };
  }
}

const byDb = new WeakMap<DigQuestDb, DeviceAreas>();

/** The one in-memory cache of a database. */
export function deviceAreasOf(db: DigQuestDb): DeviceAreas {
  let areas = byDb.get(db);
  if (!areas) byDb.set(db, (areas = new DeviceAreas(db)));
  return areas;
}
