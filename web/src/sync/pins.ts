/**
 * Pins (C15): records the device keeps beyond the `recent:*` windows and follows in the `pinned` scope
 * (S28) — what the member opened, commented on or liked, what a screen keeps offline, and what a list
 * beyond the window showed. A new pin is `hydrated: false` until the engine has read the record and its
 * comments (pull.ts hydratePins), since the `pinned` cursor may be past their earlier changes.
 *
 * The budget (C16): at most PIN_BUDGET pins are kept and sent — kept lists first, then what the member
 * engaged with or opened, then what lists showed; within each, the most recently used. Pins beyond it are
 * dropped at eviction, and their records leave unless another rule keeps them.
 */
import type { PinRef } from '@schema/contracts/sync';
import { MAX_PINS, type SyncEntity } from '@schema/contracts/sync-constants';
import type { DigQuestDb, PinReason, PinRow } from '@web/db/database';
import { CHILD_ENTITIES, recordsHeld } from './entities';

/** As many as one pull may name (S28). */
export const PIN_BUDGET = MAX_PINS;

const STRENGTH: Record<PinReason, number> = { kept: 3, engaged: 2, opened: 2, seen: 1 };

/**
 * Pins records of one entity, or marks them used now. A stronger reason replaces a weaker one (a listed
 * find the member then opens), never the reverse. Runs in the caller's transaction when there is one.
 * Returns how many of them still wait for hydration (new pins included).
 */
export async function pinAll(
  db: DigQuestDb,
  entity: SyncEntity,
  uids: readonly string[],
  reason: PinReason,
  list?: string,
  now = Date.now(),
): Promise<number> {
  if (uids.length === 0) return 0;
  const keys = uids.map((uid): [string, string] => [entity, uid]);
  const existing = await db.pins.bulkGet(keys);
  let unhydrated = 0;
  const rows = uids.map((uid, i): PinRow => {
    const pin = existing[i];
    if (!pin?.hydrated) unhydrated += 1;
    if (!pin) return { entity, uid, reason, lastUsedAt: now, list, hydrated: false };
    const stronger = STRENGTH[reason] > STRENGTH[pin.reason] || (reason === 'kept' && list !== undefined);
    const lastUsedAt = Math.max(pin.lastUsedAt, now);
    return stronger ? { ...pin, reason, list, lastUsedAt } : { ...pin, lastUsedAt };
  });
  await db.pins.bulkPut(rows);
  return unhydrated;
}

type Ranked = Pick<PinRow, 'reason' | 'lastUsedAt'>;
const byRank = (a: Ranked, b: Ranked) =>
  STRENGTH[b.reason] - STRENGTH[a.reason] || b.lastUsedAt - a.lastUsedAt;

/** Every pin, strongest and most recently used first: the first PIN_BUDGET are within the budget. */
export async function rankedPins(db: DigQuestDb): Promise<PinRow[]> {
  return (await db.pins.toArray()).sort(byRank);
}

/** The pins within the budget (`seenBudget` lower under storage pressure: C16). */
export async function pinsWithinBudget(
  db: DigQuestDb,
  budget = PIN_BUDGET,
  seenBudget = budget,
): Promise<PinRow[]> {
  let seen = 0;
  return (await rankedPins(db))
    .filter((pin) => pin.reason !== 'seen' || seen++ < seenBudget)
    .slice(0, budget);
}

export const pinRefs = (pins: readonly PinRow[]): PinRef[] =>
  pins.map((pin) => ({ entity: pin.entity, uid: pin.uid }));

interface Engagement {
  parent: SyncEntity;
  uid: string;
  /** When the member commented or liked: the pin's last use, so the budget keeps the latest. */
  at: number;
}

/** The parents of the member's comments and likes that the device does not hold. */
async function missingEngagedParents(db: DigQuestDb, viewerId: number): Promise<Engagement[]> {
  const found = new Map<string, Engagement>();
  for (const { entity, scope } of CHILD_ENTITIES) {
    const own = await db
      .table<Record<string, unknown>, string>(entity.table)
      .filter((row) => row.userId === viewerId)
      .toArray();
    const parents = new Map<string, number>();
    for (const row of own) {
      const parent = scope.parentKey === null ? row.uid : row[scope.parentKey];
      const at = typeof row.created_at === 'string' ? Date.parse(row.created_at) || 0 : 0;
      if (typeof parent === 'string') parents.set(parent, Math.max(at, parents.get(parent) ?? 0));
    }
    const held = await recordsHeld(db, scope.parent, [...parents.keys()]);
    for (const [uid, at] of parents)
      if (!held.has(uid)) found.set(`${scope.parent}|${uid}`, { parent: scope.parent, uid, at });
  }
  return [...found.values()].sort((a, b) => b.at - a.at);
}

/**
 * The member's comments and likes live with their parents, which may be outside the window (written on
 * another device; C15): each parent the device does not hold is pinned 'engaged', so it is read and kept
 * like one the member opened — newest engagement first, and only while it fits the budget, so a member
 * with thousands of likes does not make every cycle fetch and evict the same records. Run before hydration.
 */
export async function pinEngagedParents(db: DigQuestDb, viewerId: number | null): Promise<number> {
  if (viewerId === null) return 0;
  const candidates = await missingEngagedParents(db, viewerId);
  // A parent pinned already (and read, or waiting to be) needs nothing more.
  const pinnedAlready = await db.pins.bulkGet(candidates.map((e): [string, string] => [e.parent, e.uid]));
  const missing = candidates.filter((_, i) => pinnedAlready[i] === undefined);
  if (missing.length === 0) return 0;
  const ranked = await rankedPins(db);
  const floor = ranked.length >= PIN_BUDGET ? ranked[PIN_BUDGET - 1] : undefined;
  let room = PIN_BUDGET - ranked.length;
  let pinned = 0;
  for (const engagement of missing) {
    const fits = room > 0 || (floor && byRank({ reason: 'engaged', lastUsedAt: engagement.at }, floor) < 0);
    if (!fits) break;
    room -= 1;
    pinned += await pinAll(db, engagement.parent, [engagement.uid], 'engaged', undefined, engagement.at);
  }
  return pinned;
}

/**
 * What the previous viewer opened and engaged with is theirs to know (likes are private, S14): a member
 * signing out or another signing in starts without those pins (C11). Kept lists and listed records stay.
 */
export async function forgetViewerPins(db: DigQuestDb): Promise<void> {
  await db.pins.filter((pin) => pin.reason === 'opened' || pin.reason === 'engaged').delete();
}
