/**
 * The protected-area cache bound to the app's database and the browser's fetch: one refresh at a time
 * (a request while one runs makes one more run after it), started after each completed sync
 * (app-engine.ts), when the member's spots change, and by the map with its view.
 */
import type { BBox } from '@schema/contracts/protected-areas';
import { db } from '@web/db/database';
import { watchTable } from '@web/db/table-changes';
import type { FetchLike } from '../transport';
import { refreshProtectedAreas, type RefreshReport } from './refresh';

/** Spots written in a burst (an import, a pull) make one refresh, this long after the last write. */
const SPOTS_SETTLE_MS = 5_000;
/** The map's view is fetched for once it has stayed put this long. */
const VIEW_SETTLE_MS = 800;

const browserFetch: FetchLike = (input, init) => fetch(input, init);

let running: Promise<RefreshReport | null> | null = null;
let again = false;
/** The map's last view: fetched for, and kept from eviction, until the map shows another. */
let lastView: BBox | null = null;
let stopWatching: (() => void) | null = null;
let spotsTimer: ReturnType<typeof setTimeout> | undefined;
let viewTimer: ReturnType<typeof setTimeout> | undefined;

/** Refreshes now (after the run in progress, if any); resolves with the last run's report. */
export function refreshProtectedAreasNow(): Promise<RefreshReport | null> {
  watchSpots();
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    let last: RefreshReport | null = null;
    do {
      again = false;
      last = await refreshProtectedAreas({ db, fetch: browserFetch, view: lastView }).catch(() => null);
    } while (again);
    return last;
  })().finally(() => {
    running = null;
  });
  return running;
}

/** Fire and forget: what the sync engine calls after a completed cycle. */
export function requestProtectedRefresh(): void {
  void refreshProtectedAreasNow();
}

/**
 * The map's way in: called with the visible bounds after each move. Once the view has settled, the areas
 * around it are fetched (online; not when zoomed out beyond MAX_VIEW_DEGREES) and kept for offline use.
 */
export function refreshProtectedAreasForView(bounds: {
  west: number;
  south: number;
  east: number;
  north: number;
}): void {
  lastView = [bounds.west, bounds.south, bounds.east, bounds.north];
  clearTimeout(viewTimer);
  viewTimer = setTimeout(requestProtectedRefresh, VIEW_SETTLE_MS);
}

/** From the first refresh on, a change to the spots (a new one, a moved one, a new boundary) refreshes. */
function watchSpots(): void {
  if (stopWatching) return;
  stopWatching = watchTable(db, 'locations', () => {
    clearTimeout(spotsTimer);
    spotsTimer = setTimeout(requestProtectedRefresh, SPOTS_SETTLE_MS);
  });
}
