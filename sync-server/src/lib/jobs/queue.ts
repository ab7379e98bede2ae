/**
 * The durable job queue's write side (docs/jobs.md, Q2–Q4): what features call, inside the transaction of
 * the act that needs the job, so a job exists exactly when its cause committed. Delivery of
 * notifications, digests and every scheduled reminder (an event starting in 24 hours, a safe-return timer)
 * are rows in `jobs` with a due time, never in-memory timers: they survive restarts and run on whichever
 * server claims them (worker.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { jobs } from '@schema/db/tables';
import type { Store } from '../db';

export interface JobOptions {
  /** When it may run (now when absent). */
  runAt?: Date;
  /**
   * Makes scheduling idempotent: a second job with the same key replaces the first while that one still
   * waits (its payload and due time are updated), and is ignored once the first ran or is running.
   */
  dedupeKey?: string;
  /** Attempts before the job stays `failed` (8 when absent). */
  maxAttempts?: number;
}

/**
 * Queues a job; call it with the transaction of the write that causes it. Answers the job's id, or
 * undefined when its dedupe key belongs to a job that is running or ran (Q3).
 */
export async function enqueueJob(
  store: Store,
  kind: string,
  payload: unknown,
  options: JobOptions = {},
): Promise<number | undefined> {
  const runAt = (options.runAt ?? new Date()).toISOString();
  const row = {
    kind,
    payload,
    runAt,
    dedupeKey: options.dedupeKey ?? null,
    ...(options.maxAttempts !== undefined ? { maxAttempts: options.maxAttempts } : {}),
  };
  if (options.dedupeKey === undefined) {
    const [inserted] = await store.insert(jobs).values(row).returning({ id: jobs.id });
    return inserted?.id;
  }
  const [upserted] = await store
    .insert(jobs)
    .values(row)
    .onConflictDoUpdate({
      target: jobs.dedupeKey,
      // A replacement is a new job: a waiting retry of the old payload starts its attempts afresh (Q3).
      set: {
        kind,
        payload,
        runAt,
        attempts: 0,
        lastError: null,
        ...(options.maxAttempts !== undefined ? { maxAttempts: options.maxAttempts } : {}),
        updatedAt: new Date().toISOString(),
      },
      setWhere: sql`${jobs.state} = 'queued'`,
    })
    .returning({ id: jobs.id });
  return upserted?.id;
}

/**
 * enqueueJob for many jobs of one kind at once (the deliveries of one act told to 10,000 members), in
 * statements of 500 rows. With dedupe keys, the same rule as enqueueJob: a waiting job under a key is
 * replaced, one that runs or ran is left alone.
 */
export async function enqueueJobs(
  store: Store,
  kind: string,
  items: ReadonlyArray<{ payload: unknown; runAt?: Date; dedupeKey?: string }>,
): Promise<void> {
  const now = new Date();
  for (let i = 0; i < items.length; i += 500) {
    const rows = items.slice(i, i + 500).map((item) => ({
      kind,
      payload: item.payload,
      runAt: (item.runAt ?? now).toISOString(),
      dedupeKey: item.dedupeKey ?? null,
    }));
    await store
      .insert(jobs)
      .values(rows)
      .onConflictDoUpdate({
        target: jobs.dedupeKey,
        set: {
          payload: sql`excluded.payload`,
          runAt: sql`excluded.run_at`,
          attempts: 0,
          lastError: null,
          updatedAt: now.toISOString(),
        },
        setWhere: sql`${jobs.state} = 'queued'`,
      });
  }
}

/** Cancels a job that still waits (an event reminder when the member leaves the event). */
export async function cancelJob(store: Store, dedupeKey: string): Promise<void> {
  await store.delete(jobs).where(and(eq(jobs.dedupeKey, dedupeKey), eq(jobs.state, 'queued')));
}
