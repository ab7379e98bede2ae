/**
 * The durable job queue's write side (docs/jobs.md): what features call, inside the transaction of the act
 * that needs the job, so a job exists exactly when its cause committed. Delivery of notifications, digests
 * and every scheduled reminder (an event starting in 24 hours, a safe-return timer) are rows in `jobs`
 * with a due time, never in-memory timers: they survive restarts and run on whichever server claims them
 * (worker.ts).
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

/** Queues a job; call it with the transaction of the write that causes it. */
export async function enqueueJob(
  store: Store,
  kind: string,
  payload: unknown,
  options: JobOptions = {},
): Promise<void> {
  const runAt = (options.runAt ?? new Date()).toISOString();
  const row = {
    kind,
    payload,
    runAt,
    dedupeKey: options.dedupeKey ?? null,
    ...(options.maxAttempts !== undefined ? { maxAttempts: options.maxAttempts } : {}),
  };
  if (options.dedupeKey === undefined) {
    await store.insert(jobs).values(row);
    return;
  }
  await store
    .insert(jobs)
    .values(row)
    .onConflictDoUpdate({
      target: jobs.dedupeKey,
      set: { kind, payload, runAt, updatedAt: sql`${new Date().toISOString()}` },
      setWhere: sql`${jobs.state} = 'queued'`,
    });
}

/** Cancels a job that still waits (an event reminder when the member leaves the event). */
export async function cancelJob(store: Store, dedupeKey: string): Promise<void> {
  await store.delete(jobs).where(and(eq(jobs.dedupeKey, dedupeKey), eq(jobs.state, 'queued')));
}
