/**
 * The protected-area cache in Dexie (db/protected-areas-types.ts; docs/protected-areas.md "On the device"):
 * what a fetched block of cells holds replaces what those cells held, cells are marked used, and the cache
 * is brought under its cap by letting go of the least recently used cells that no spot needs.
 */
import {
  bboxIntersects,
  PROTECTED_SOURCES,
  UK_NATIONS,
  type ProtectedArea,
  type ProtectedSource,
  type UkNation,
} from '@schema/contracts/protected-areas';
import type { DigQuestDb, ProtectedAreaRow, ProtectedSourceRow } from '@web/db/database';
import { cellBox, cellKey, type Cell } from './cells';

const areaTables = (db: DigQuestDb) => [db.protected_areas, db.protected_cells];

/**
 * Stores what the server answered for a block of cells: every area whose box meets one of them. Areas
 * those cells held that the answer no longer lists lose those cells, and go when no cell holds them.
 */
export async function storeCells(
  db: DigQuestDb,
  cells: readonly Cell[],
  areas: readonly ProtectedArea[],
  now: number,
): Promise<void> {
  const keys = new Set(cells.map(cellKey));
  const boxes = cells.map((cell) => ({ key: cellKey(cell), box: cellBox(cell) }));
  await db.transaction('rw', areaTables(db), async () => {
    const held = await db.protected_areas
      .where('cells')
      .anyOf([...keys])
      .distinct()
      .toArray();
    const rows = new Map<number, ProtectedAreaRow>();
    for (const row of held) rows.set(row.id, { ...row, cells: row.cells.filter((c) => !keys.has(c)) });
    // Areas held for other cells only (an area across a block's edge) keep those cells.
    const elsewhere = areas.filter((a) => !rows.has(a.id)).map((a) => a.id);
    for (const row of await db.protected_areas.bulkGet(elsewhere)) if (row) rows.set(row.id, row);
    for (const area of areas) {
      const meets = boxes.filter(({ box }) => bboxIntersects(area.bbox, box)).map(({ key }) => key);
      if (meets.length === 0) continue;
      const kept = (rows.get(area.id)?.cells ?? []).filter((c) => !keys.has(c));
      rows.set(area.id, { ...area, cells: [...kept, ...meets], bytes: JSON.stringify(area).length });
    }
    const gone = [...rows.values()].filter((r) => r.cells.length === 0).map((r) => r.id);
    await db.protected_areas.bulkDelete(gone);
    await db.protected_areas.bulkPut([...rows.values()].filter((r) => r.cells.length > 0));
    const before = await db.protected_cells.bulkGet([...keys]);
    await db.protected_cells.bulkPut(
      [...keys].map((cell, i) => ({ cell, fetchedAt: now, usedAt: Math.max(now, before[i]?.usedAt ?? 0) })),
    );
  });
}

/** A cell's use is recorded at most this often: each write makes the in-memory cache read again. */
const TOUCH_MS = 60 * 60 * 1000;

/** Marks the cells the device holds among these as used now (a spot or the map needs them). */
export async function touchCells(db: DigQuestDb, keys: Iterable<string>, now: number): Promise<void> {
  const wanted = [...new Set(keys)];
  await db.transaction('rw', db.protected_cells, async () => {
    const stale = (await db.protected_cells.bulkGet(wanted)).flatMap((row) =>
      row && now - row.usedAt >= TOUCH_MS ? [{ ...row, usedAt: now }] : [],
    );
    if (stale.length > 0) await db.protected_cells.bulkPut(stale);
  });
}

/** Lets a cell go: its areas lose it, and those no other cell holds are deleted. */
async function dropCell(db: DigQuestDb, key: string): Promise<void> {
  const rows = await db.protected_areas.where('cells').equals(key).toArray();
  const left = rows.map((row) => ({ ...row, cells: row.cells.filter((c) => c !== key) }));
  await db.protected_areas.bulkDelete(left.filter((r) => r.cells.length === 0).map((r) => r.id));
  await db.protected_areas.bulkPut(left.filter((r) => r.cells.length > 0));
  await db.protected_cells.delete(key);
}

/**
 * Brings the cache down to `cap` areas, dropping the least recently used cells first and never one in
 * `keep` (the cells around the member's spots and the map's current view). Answers the cells dropped.
 */
export async function evictCells(db: DigQuestDb, keep: ReadonlySet<string>, cap: number): Promise<number> {
  return db.transaction('rw', areaTables(db), async () => {
    let count = await db.protected_areas.count();
    if (count <= cap) return 0;
    const oldestFirst = await db.protected_cells.orderBy('usedAt').primaryKeys();
    let dropped = 0;
    for (const key of oldestFirst) {
      if (count <= cap) break;
      if (keep.has(key)) continue;
      await dropCell(db, key);
      dropped += 1;
      count = await db.protected_areas.count();
    }
    return dropped;
  });
}

const isSource = (value: unknown): value is ProtectedSource =>
  typeof value === 'string' && (PROTECTED_SOURCES as readonly string[]).includes(value);
const isNation = (value: unknown): value is UkNation =>
  typeof value === 'string' && (UK_NATIONS as readonly string[]).includes(value);

/** The sources list as `GET /api/protected-areas/sources` answers it; what cannot be read is left out. */
export function sourcesFrom(data: unknown, now: number): ProtectedSourceRow[] | null {
  if (!Array.isArray(data)) return null;
  return data.flatMap((item: unknown): ProtectedSourceRow[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { source, attribution, nations } = item as Record<string, unknown>;
    if (!isSource(source)) return [];
    return [
      {
        source,
        attribution: typeof attribution === 'string' ? attribution : null,
        nations: Array.isArray(nations) ? nations.filter(isNation) : [],
        fetchedAt: now,
      },
    ];
  });
}

/** Replaces the stored sources with the server's list. */
export async function storeSources(db: DigQuestDb, rows: readonly ProtectedSourceRow[]): Promise<void> {
  await db.transaction('rw', db.protected_sources, async () => {
    await db.protected_sources.clear();
    await db.protected_sources.bulkPut([...rows]);
  });
}
