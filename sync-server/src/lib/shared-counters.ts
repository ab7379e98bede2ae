/**
 * The rows behind the rate limits (lib/rate-limit.ts): table `rate_limits`, one row per limiter and key, so
 * that every app server on the database counts into the same rows (docs/architecture.md "Storage engines").
 *
 * A counter moves by compare-and-set: read the row, decide the next state, write it only if the row is
 * still what was read — otherwise another request (on this server or another) moved it first, and we read
 * and decide again. So two servers can never both take the last place of a window, on either engine,
 * without a transaction (on PostgreSQL every read-write transaction takes the change-log lock: a login must
 * not queue behind sync pushes). Times come from the caller (`now`, ms), never from the database's clock:
 * servers and tests agree on one clock per decision.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { rateLimits } from '@schema/db/tables';
import type { Store } from './db';
import { changedRows, first } from './query';

/** A live counter: its window has not ended. Times in ms since the epoch. */
export interface Counter {
  count: number;
  windowStart: number;
  windowEnds: number;
  /** The latest counted attempt. */
  lastAt: number;
}

/** What a decision answers: the counter's next state, or null to leave it as it is (a refusal). */
export type Decide = (current: Counter | undefined) => Counter | null;

/** Expired rows are deleted at most this often per database and process (they count for nothing anyway). */
const PRUNE_EVERY_MS = 60 * 1000;
/** Compare-and-set rounds before giving up: each failed round means another request counted meanwhile. */
const MAX_ROUNDS = 50;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The row key of `raw` for one limiter: the limiter's name, readable, and a digest of the raw key, so no
 * client address, username or e-mail address is kept in the database (docs/privacy.md).
 */
export function counterKey(limiter: string, raw: string): string {
  return `${limiter}:${createHash('sha256').update(raw).digest('base64url').slice(0, 32)}`;
}

type Row = typeof rateLimits.$inferSelect;

const toCounter = (row: Row): Counter => ({
  count: row.count,
  windowStart: Date.parse(row.windowStart),
  windowEnds: Date.parse(row.windowEnds),
  lastAt: Date.parse(row.lastAt),
});

const toColumns = (counter: Counter) => ({
  count: counter.count,
  windowStart: iso(counter.windowStart),
  windowEnds: iso(counter.windowEnds),
  lastAt: iso(counter.lastAt),
});

/** The key's live counter; undefined when it has none (never counted, or its window has ended). */
export async function readCounter(store: Store, key: string, now: number): Promise<Counter | undefined> {
  const row = await first(
    store
      .select()
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), gt(rateLimits.windowEnds, iso(now)))),
  );
  return row && toCounter(row);
}

/** Last prune per database, in this process. */
const lastPrune = new WeakMap<Store, number>();

async function pruneExpired(store: Store, now: number): Promise<void> {
  // Both ways: a clock set back (a test's) must not stop pruning.
  const last = lastPrune.get(store);
  if (last !== undefined && Math.abs(now - last) < PRUNE_EVERY_MS) return;
  lastPrune.set(store, now);
  await store.delete(rateLimits).where(lte(rateLimits.windowEnds, iso(now)));
}

/**
 * Moves the counter of `key` to the state `decide` answers for it, atomically against every other writer;
 * answers false when `decide` refused (answered null), leaving the row untouched.
 */
export async function changeCounter(
  store: Store,
  key: string,
  now: number,
  decide: Decide,
): Promise<boolean> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const row = await first(store.select().from(rateLimits).where(eq(rateLimits.key, key)));
    const current = row && Date.parse(row.windowEnds) > now ? toCounter(row) : undefined;
    const next = decide(current);
    if (!next) return false;
    if (!row) {
      const inserted = await changedRows(
        store
          .insert(rateLimits)
          .values({ key, ...toColumns(next) })
          .onConflictDoNothing()
          .returning({ key: rateLimits.key }),
      );
      if (inserted) {
        // A new row: the moment to clear out the rows whose windows are over.
        await pruneExpired(store, now);
        return true;
      }
      continue;
    }
    const updated = await changedRows(
      store
        .update(rateLimits)
        .set(toColumns(next))
        .where(
          and(
            eq(rateLimits.key, key),
            eq(rateLimits.count, row.count),
            eq(rateLimits.windowStart, row.windowStart),
            eq(rateLimits.windowEnds, row.windowEnds),
            eq(rateLimits.lastAt, row.lastAt),
          ),
        )
        .returning({ key: rateLimits.key }),
    );
    if (updated) return true;
  }
  throw new Error(`rate limit ${key}: still contended after ${MAX_ROUNDS} rounds`);
}

/** Gives back `amount` counted hits of the key's current window, as many as it has. */
export async function giveBackOne(store: Store, key: string, now: number, amount = 1): Promise<void> {
  await store
    .update(rateLimits)
    .set({
      count: sql`case when ${rateLimits.count} > ${amount} then ${rateLimits.count} - ${amount} else 0 end`,
    })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.count, 0), gt(rateLimits.windowEnds, iso(now))));
}

/** Forgets the key's counter. */
export async function clearCounter(store: Store, key: string): Promise<void> {
  await store.delete(rateLimits).where(eq(rateLimits.key, key));
}
