/**
 * Pull by scopes (C14; PROTOCOL.md S25–S31): one `POST /api/sync/pull` names the scopes this device wants
 * — `own` when signed in, the `recent:*` window of every windowed entity, `pinned` with the pins within the
 * budget, and `reference` — each with its own cursor from `sync_state`. Each answer is written in slices
 * that yield to input, its new cursors in the last slice's transaction (C9, `applyInSlices`), so a reload
 * mid-pull resumes from the last answer applied whole and applying one twice is harmless. The next request (only the scopes that have more) is sent
 * while the current answer is written.
 *
 * Each `recent:*` scope of an answer says its window's size (the server's SYNC_WINDOW); the last one is kept
 * in `sync_state` beside the cursors, and eviction keeps that many (C16).
 *
 * Offline or failing: the stored cursors stay where the last applied answer left them; nothing is lost.
 */
import type { PinRef, PullRequestBody, PullResponse, ScopeCursor } from '@schema/contracts/sync';
import { isWindowScope, type ScopeName } from '@schema/contracts/sync-constants';
import type { DigQuestDb, PullStateRow } from '@web/db/database';
import { applyChanges, applyInSlices, applyTables } from './apply';
import { CLIENT_ENTITIES, forgetPreviousViewer, syncTables, WINDOWED_ENTITIES } from './entities';
import { forgetViewerPins, pinRefs, pinsWithinBudget } from './pins';
import { isPullResponse } from './protocol';
import { jsonInit, request, SyncHttpError, type FetchLike } from './transport';

/** The server's maximum per scope: fewer round trips on a member's first pull of thousands of records. */
export const PULL_PAGE_SIZE = 1000;

export interface PullContext {
  db: DigQuestDb;
  fetch: FetchLike;
  viewerId: number | null;
  limit?: number;
  /** Rows per transaction while an answer is written (APPLY_SLICE_ROWS). */
  sliceRows?: number;
}

export interface PullReport {
  changes: number;
  pages: number;
}

/** The scopes this device pulls (C14): the windows come from the entity descriptors. */
export function scopesFor(viewerId: number | null): ScopeName[] {
  const windows = WINDOWED_ENTITIES.map((e) => e.scope.window);
  return [...(viewerId === null ? [] : ['own' as const]), 'reference', 'pinned', ...windows];
}

/** Scopes shaped for one viewer: a new viewer starts them over (C11). */
const VIEWER_SCOPES: readonly ScopeName[] = ['own', 'pinned'];

function isPullState(row: unknown): row is PullStateRow {
  return typeof row === 'object' && row !== null && 'cursors' in row;
}

/**
 * Pulled rows are shaped for one viewer (own coordinates S16, own likes S14). When the viewer changes —
 * sign-out, another member signs in — what the previous one alone could see is removed at once, even
 * offline (C11), and `own` and `pinned` restart for the new viewer; the windows and reference data are
 * the same for everyone and keep their cursors. A changed entity set restarts every scope (C10).
 */
export async function prepareViewer(db: DigQuestDb, viewerId: number | null): Promise<PullStateRow> {
  return db.transaction('rw', [db.sync_state, db.pins, ...syncTables(db)], async () => {
    const row = await db.sync_state.get('pull');
    const stored = row?.key === 'pull' ? row : null;
    const state = isPullState(stored) ? stored : null;
    if (state && state.viewerId === viewerId && state.entities === CLIENT_ENTITIES) return state;
    const previousViewer = stored ? stored.viewerId : null;
    if (stored && previousViewer !== viewerId) {
      await forgetPreviousViewer(db, viewerId);
      if (previousViewer !== null) await forgetViewerPins(db);
    }
    const keep = state && state.entities === CLIENT_ENTITIES ? state.cursors : {};
    const cursors = Object.fromEntries(
      Object.entries(keep).filter(([scope]) => !VIEWER_SCOPES.some((s) => s === scope)),
    );
    const fresh: PullStateRow = {
      key: 'pull',
      cursors,
      // The server's window sizes hold for every viewer and entity set.
      ...(state?.windows ? { windows: state.windows } : {}),
      viewerId,
      entities: CLIENT_ENTITIES,
      lastSyncedAt: stored?.lastSyncedAt ?? null,
    };
    await db.sync_state.put(fresh);
    return fresh;
  });
}

/** One `POST /api/sync/pull`, its answer checked before anything is written. */
export async function requestPull(fetchImpl: FetchLike, body: PullRequestBody): Promise<PullResponse> {
  const answer = await request(fetchImpl, '/api/sync/pull', jsonInit('POST', body));
  if (!isPullResponse(answer.data))
    throw new SyncHttpError('server', answer.status, 'bad-answer', 'Unexpected answer from the sync server');
  return answer.data;
}

export async function pullAll(ctx: PullContext): Promise<PullReport> {
  let state = await prepareViewer(ctx.db, ctx.viewerId);
  const pinned = await pinsWithinBudget(ctx.db);
  const pins = pinRefs(pinned);
  const limit = ctx.limit ?? PULL_PAGE_SIZE;
  const report: PullReport = { changes: 0, pages: 0 };
  const fromStored = (): ScopeCursor[] =>
    scopesFor(ctx.viewerId).map((scope) => ({ scope, cursor: state.cursors[scope] ?? '' }));
  // From an empty cursor the pinned scope sends each pin's whole logged state: those pins need no hydration.
  const pinnedFromStart = (state.cursors.pinned ?? '') === '';
  const fetchPage = (scopes: ScopeCursor[]) => requestPull(ctx.fetch, { scopes, pins, limit });

  let asked = fromStored();
  let restarted = false;
  let next = fetchPage(asked);
  for (;;) {
    let page: PullResponse;
    try {
      page = await next;
    } catch (err) {
      // A cursor the server no longer understands (another deployment): every scope starts over once.
      if (err instanceof SyncHttpError && err.status === 400 && !restarted && asked.some((s) => s.cursor)) {
        restarted = true;
        state = { ...state, cursors: {} };
        asked = fromStored();
        next = fetchPage(asked);
        continue;
      }
      throw err;
    }
    const more = page.scopes
      .filter((s) => s.hasMore)
      .map((s): ScopeCursor => ({ scope: s.scope, cursor: s.cursor }));
    // The next request goes out while this answer is written: the server and IndexedDB work in parallel.
    // Only applied answers move the stored cursors, so a failure here loses nothing (it is asked again).
    if (more.length) {
      asked = more;
      next = fetchPage(more);
      next.catch(() => undefined);
    }
    state = await applyPage(ctx.db, state, page, ctx.sliceRows);
    report.changes += page.changes.length;
    report.pages += 1;
    if (more.length === 0) break;
  }
  if (pinnedFromStart || restarted) await markHydrated(ctx.db, pins);
  return report;
}

async function applyPage(
  db: DigQuestDb,
  state: PullStateRow,
  page: PullResponse,
  sliceRows?: number,
): Promise<PullStateRow> {
  const cursors = { ...state.cursors };
  const windows = { ...state.windows };
  for (const scope of page.scopes) {
    cursors[scope.scope] = scope.cursor;
    if (scope.window !== undefined && isWindowScope(scope.scope)) windows[scope.scope] = scope.window;
  }
  const next: PullStateRow = { ...state, cursors, windows };
  await applyInSlices(db, page.changes, () => db.sync_state.put(next), sliceRows);
  return next;
}

async function markHydrated(db: DigQuestDb, pins: readonly PinRef[]): Promise<void> {
  if (pins.length === 0) return;
  await db.transaction('rw', db.pins, async () => {
    const rows = await db.pins.bulkGet(pins.map((p): [string, string] => [p.entity, p.uid]));
    const stale = rows.flatMap((row) => (row && !row.hydrated ? [{ ...row, hydrated: true }] : []));
    if (stale.length) await db.pins.bulkPut(stale);
  });
}

/**
 * C15: a new pin's record and comments are read with a `pinned` pull of just the new pins from an empty
 * cursor (their whole logged state, S28) — one request for many pins, instead of one REST read per record
 * and per comment page. Its cursor is thrown away: the stored `pinned` cursor follows them from here,
 * since this read comes after that cursor's answer (the engine runs it after the main pull, under its
 * lock), nothing between the two is missed.
 */
export async function hydratePins(ctx: PullContext): Promise<number> {
  const pending = (await pinsWithinBudget(ctx.db)).filter((pin) => !pin.hydrated);
  if (pending.length === 0) return 0;
  const pins = pinRefs(pending);
  let cursor = '';
  for (;;) {
    const page = await requestPull(ctx.fetch, {
      scopes: [{ scope: 'pinned', cursor }],
      pins,
      limit: ctx.limit ?? PULL_PAGE_SIZE,
    });
    await ctx.db.transaction('rw', applyTables(ctx.db), () => applyChanges(ctx.db, page.changes));
    const state = page.scopes.find((s) => s.scope === 'pinned');
    if (!state?.hasMore) break;
    cursor = state.cursor;
  }
  await markHydrated(ctx.db, pins);
  return pins.length;
}
