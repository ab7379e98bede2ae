/**
 * Row types of the protected-area cache (database.ts version 17; docs/protected-areas.md "On the device"):
 * the areas as `GET /api/protected-areas` answers them, the grid cells they were fetched for, and the
 * imported sources (`GET /api/protected-areas/sources`). Device-only, never synced; the cache refresher in
 * web/src/sync/protected-areas/ writes them.
 */
import type { ProtectedArea, ProtectedSource, UkNation } from '@schema/contracts/protected-areas';

/** An area as the server sent it, plus the cells it was fetched for and its size. */
export interface ProtectedAreaRow extends ProtectedArea {
  /** Keys of the fetched cells its box meets (cells.ts); the row goes when its last cell is evicted. */
  cells: string[];
  /** Its JSON length: roughly the space it takes. */
  bytes: number;
}

/** A grid cell whose areas the device holds: its areas are every area whose box meets the cell. */
export interface ProtectedCellRow {
  /** `x:y`, the cell's west and south edges in tenths of a degree (cells.ts). */
  cell: string;
  /** When its areas were last fetched (ms since the epoch). */
  fetchedAt: number;
  /** When a spot or the map last needed it (ms): the map's cells are evicted least recently used first. */
  usedAt: number;
}

/** One imported source, as `GET /api/protected-areas/sources` lists it. */
export interface ProtectedSourceRow {
  source: ProtectedSource;
  /** With the year of its import filled in; null when the source asks for none. */
  attribution: string | null;
  nations: UkNation[];
  /** When the list was read (ms). */
  fetchedAt: number;
}
