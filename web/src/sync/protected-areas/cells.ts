/**
 * The grid the device caches protected areas by (docs/protected-areas.md "On the device"): cells a tenth of
 * a degree square, named `x:y` by their west and south edges in tenths of a degree. A cell the device holds
 * holds every area whose box meets it. The server answers boxes of at most half a degree (MAX_BOX_DEGREES on
 * the server), so cells are fetched in blocks of 4 × 4 (0.4°, clear of that limit whatever the rounding).
 */
import { scaleAt } from '@schema/contracts/protected-areas/bbox';
import type { BBox } from '@schema/contracts/protected-areas';

/** Cells per degree: a cell is 0.1° square (about 11 km north–south, 7 km east–west in Britain). */
export const CELLS_PER_DEGREE = 10;
/** Cells per side of one request's box. */
export const BLOCK_CELLS = 4;

export interface Cell {
  x: number;
  y: number;
}

export const cellKey = ({ x, y }: Cell): string => `${x}:${y}`;

export function parseCell(key: string): Cell {
  const [x = 0, y = 0] = key.split(':').map(Number);
  return { x, y };
}

const index = (degrees: number) => Math.floor(degrees * CELLS_PER_DEGREE);

/** The cell a position lies in. */
export const cellAt = (longitude: number, latitude: number): Cell => ({
  x: index(longitude),
  y: index(latitude),
});

export function cellBox({ x, y }: Cell): BBox {
  return [x / CELLS_PER_DEGREE, y / CELLS_PER_DEGREE, (x + 1) / CELLS_PER_DEGREE, (y + 1) / CELLS_PER_DEGREE];
}

/** Every cell a box meets (a box along a cell's edge meets both cells). */
export function cellsInBox(bbox: BBox): Cell[] {
  const cells: Cell[] = [];
  for (let x = index(bbox[0]); x <= index(bbox[2]); x++)
    for (let y = index(bbox[1]); y <= index(bbox[3]); y++) cells.push({ x, y });
  return cells;
}

export interface Block {
  /** The box to ask for: the cells' own boxes put together, at most 0.4° each way. */
  bbox: BBox;
  cells: Cell[];
}

/** Cells grouped by the 4 × 4 block they fall in, each group with the box that spans it. */
export function blocksOf(cells: Iterable<Cell>): Block[] {
  const groups = new Map<string, Cell[]>();
  for (const cell of cells) {
    const key = `${Math.floor(cell.x / BLOCK_CELLS)}:${Math.floor(cell.y / BLOCK_CELLS)}`;
    const group = groups.get(key) ?? [];
    group.push(cell);
    groups.set(key, group);
  }
  return [...groups.values()].map((group) => {
    const xs = group.map((c) => c.x);
    const ys = group.map((c) => c.y);
    const bbox: BBox = [
      Math.min(...xs) / CELLS_PER_DEGREE,
      Math.min(...ys) / CELLS_PER_DEGREE,
      (Math.max(...xs) + 1) / CELLS_PER_DEGREE,
      (Math.max(...ys) + 1) / CELLS_PER_DEGREE,
    ];
    return { bbox, cells: group };
  });
}

/** A cell's area on the ground in km² (a flat cell at its middle latitude: well within 1 %). */
export function cellAreaKm2({ y }: Cell): number {
  const { kx, ky } = scaleAt((y + 0.5) / CELLS_PER_DEGREE);
  return (kx / CELLS_PER_DEGREE / 1000) * (ky / CELLS_PER_DEGREE / 1000);
}
