/**
 * The protected-area cache refresher (docs/protected-areas.md "On the device"). Online, it fetches the areas
 * within DEVICE_RADIUS_METRES (5 km) of each of the signed-in member's spots — of a spot's permission
 * boundary when it has one — and of the map's view when the map asks, a 0.1° cell at a time (cells.ts),
 * in boxes of at most 0.4° and page by page. A cell fetched less than a day ago is not fetched again. The
 * cache is bounded (PROTECTED_AREA_CAP areas): the cells around spots come first and are never evicted;
 * the map's cells go least recently used first. Offline it does nothing and keeps what it has; a failed
 * request keeps what was stored before it. The imported sources are read again once a day.
 */
import {
  DEVICE_RADIUS_METRES,
  expandBBox,
  PROTECTED_SOURCES,
  validateGeometry,
  type BBox,
  type ProtectedArea,
  type ProtectedSource,
} from '@schema/contracts/protected-areas';
import type { DigQuestDb, LocalLocation } from '@web/db/database';
import { request, type FetchLike } from '../transport';
import { blocksOf, cellKey, cellsInBox, type Cell } from './cells';
import { evictCells, sourcesFrom, storeCells, storeSources, touchCells } from './store';

/** A cell (and the sources list) is read again after this long. */
export const CELL_REFRESH_MS = 24 * 60 * 60 * 1000;
/** The areas the device keeps at most, beyond the cells around the member's spots and the current view. */
export const PROTECTED_AREA_CAP = 20_000;
/** A view wider or taller than this is too far out to fetch for (the map is zoomed out). */
export const MAX_VIEW_DEGREES = 0.6;
/** The server's page size limit for lists (docs/api.md "Paging"). */
const PAGE_SIZE = 200;

export interface RefreshOptions {
  db: DigQuestDb;
  fetch: FetchLike;
  now?: number;
  isOnline?: () => boolean;
  /** The map's visible box (west, south, east, north), when the map asks. */
  view?: BBox | null;
  cap?: number;
}

export interface RefreshReport {
  outcome: 'offline' | 'done' | 'failed';
  /** Cells fetched in this run. */
  fetched: number;
  /** Cells let go to stay under the cap. */
  evicted: number;
  error?: string;
}

const defaultOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** The box a spot needs covered: its permission boundary's, or its position, grown by 5 km. */
export function spotBox(spot: Pick<LocalLocation, 'latitude' | 'longitude' | 'permissionBoundary'>): BBox {
  let box: BBox = [spot.longitude, spot.latitude, spot.longitude, spot.latitude];
  for (const [lng, lat] of spot.permissionBoundary?.coordinates.flat() ?? [])
    if (Number.isFinite(lng) && Number.isFinite(lat))
      box = [Math.min(box[0], lng), Math.min(box[1], lat), Math.max(box[2], lng), Math.max(box[3], lat)];
  return expandBBox(box, DEVICE_RADIUS_METRES);
}

/** The cells around the signed-in member's own spots (none when nobody is signed in). */
export async function spotCells(db: DigQuestDb): Promise<Map<string, Cell>> {
  const userId = (await db.session.get('current'))?.user?.id;
  const cells = new Map<string, Cell>();
  if (userId === undefined) return cells;
  const spots = await db.locations.where('userId').equals(userId).toArray();
  for (const spot of spots) for (const cell of cellsInBox(spotBox(spot))) cells.set(cellKey(cell), cell);
  return cells;
}

/** The cells of a view, or none when it is zoomed too far out to fetch. */
export function viewCells(view: BBox | null | undefined): Map<string, Cell> {
  const cells = new Map<string, Cell>();
  if (!view || view[2] - view[0] > MAX_VIEW_DEGREES || view[3] - view[1] > MAX_VIEW_DEGREES) return cells;
  for (const cell of cellsInBox(view)) cells.set(cellKey(cell), cell);
  return cells;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const isSource = (v: unknown): v is ProtectedSource =>
  typeof v === 'string' && (PROTECTED_SOURCES as readonly string[]).includes(v);

/** An area of the server's answer, or null when it is not one (never stored). */
function areaFrom(item: unknown): ProtectedArea | null {
  if (typeof item !== 'object' || item === null) return null;
  const a: Partial<Record<keyof ProtectedArea, unknown>> = item;
  const geometry = validateGeometry(a.geometry);
  const bbox: unknown[] = Array.isArray(a.bbox) ? a.bbox : [];
  const [w, s, e, n] = bbox;
  if (!isNumber(a.id) || typeof a.name !== 'string' || typeof a.reference !== 'string') return null;
  if (!geometry.ok || !isNumber(w) || !isNumber(s) || !isNumber(e) || !isNumber(n)) return null;
  return {
    id: a.id,
    source: isSource(a.source) ? a.source : 'other',
    reference: a.reference,
    name: a.name,
    kind: typeof a.kind === 'string' ? a.kind : '',
    designatedOn: textOrNull(a.designatedOn),
    recordUrl: textOrNull(a.recordUrl),
    geometry: geometry.geometry,
    bbox: [w, s, e, n],
  };
}

/** Every area meeting a box, page by page. */
async function fetchBox(fetchImpl: FetchLike, bbox: BBox): Promise<ProtectedArea[]> {
  const areas: ProtectedArea[] = [];
  let cursor: string | null = null;
  do {
    const query: string =
      `bbox=${bbox.join(',')}&limit=${PAGE_SIZE}` + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : '');
    const answer = await request(fetchImpl, `/api/protected-areas?${query}`);
    if (!Array.isArray(answer.data)) throw new Error('Unexpected answer from the server');
    for (const item of answer.data) {
      const area = areaFrom(item);
      if (area) areas.push(area);
    }
    cursor = answer.nextCursor;
  } while (cursor);
  return areas;
}

async function refreshSources(db: DigQuestDb, fetchImpl: FetchLike, now: number): Promise<void> {
  const held = await db.protected_sources.toArray();
  if (held.length > 0 && held.every((s) => now - s.fetchedAt < CELL_REFRESH_MS)) return;
  const rows = sourcesFrom((await request(fetchImpl, '/api/protected-areas/sources')).data, now);
  if (rows) await storeSources(db, rows);
}

/** One run: the sources, then the cells around spots (up to the cap), then the view's; then eviction. */
export async function refreshProtectedAreas(options: RefreshOptions): Promise<RefreshReport> {
  const { db, fetch: fetchImpl } = options;
  const now = options.now ?? Date.now();
  const cap = options.cap ?? PROTECTED_AREA_CAP;
  const report: RefreshReport = { outcome: 'done', fetched: 0, evicted: 0 };
  if (!(options.isOnline ?? defaultOnline)()) return { ...report, outcome: 'offline' };
  const spots = await spotCells(db);
  const view = viewCells(options.view);
  const keep = new Set([...spots.keys(), ...view.keys()]);
  await touchCells(db, keep, now);
  const fresh = new Set(
    (await db.protected_cells.toArray())
      .filter((c) => now - c.fetchedAt < CELL_REFRESH_MS)
      .map((c) => c.cell),
  );
  const due = (cells: Map<string, Cell>) => [...cells.values()].filter((c) => !fresh.has(cellKey(c)));
  try {
    await refreshSources(db, fetchImpl, now);
    // The spots' cells first; once the cap is reached the rest stay unfetched (no-data there, never clear).
    for (const block of blocksOf(due(spots))) {
      if ((await db.protected_areas.count()) >= cap) break;
      await storeCells(db, block.cells, await fetchBox(fetchImpl, block.bbox), now);
      report.fetched += block.cells.length;
    }
    for (const block of blocksOf(due(view).filter((c) => !spots.has(cellKey(c))))) {
      await storeCells(db, block.cells, await fetchBox(fetchImpl, block.bbox), now);
      report.fetched += block.cells.length;
    }
  } catch (err) {
    report.outcome = 'failed';
    report.error = err instanceof Error ? err.message : String(err);
  }
  report.evicted = await evictCells(db, keep, cap);
  return report;
}
