/**
 * The durable job queue's worker side (docs/jobs.md, rules Q1–Q11): claims due rows of `jobs` with a lease,
 * runs their handler (job-handlers.ts) and records the outcome. Every step is one statement on the shared
 * database, so any number of app servers may run workers on it: a claim is atomic (PostgreSQL: `FOR UPDATE
 * SKIP LOCKED`; SQLite: one writer at a time), and a worker that dies leaves a lease that runs out.
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { jobs } from '@schema/db/tables';
import type { Deps } from '../../deps';
import { engineOf, type Db } from '../db';
import { metricsFor } from '../metrics';
import { PermanentJobError, type JobHandlers } from './types';

export interface RunOptions {
  /** The worker's clock (tests move it); the real clock, read at each claim, when absent. */
  now?: Date;
  /** Who holds the leases it takes (`locked_by`); host, process and a random part when absent. */
  workerId?: string;
  /** Most jobs running at once (JOB_CONCURRENCY when absent). */
  limit?: number;
  /** Once aborted, no new job is claimed; the ones running finish (startJobWorker's stop). */
  signal?: AbortSignal;
}

/** The first retry waits this long, each next one twice as long (Q5)… */
export const BACKOFF_BASE_MS = 30_000;
/** …up to this. */
export const BACKOFF_CAP_MS = 60 * 60_000;
/** Finished ('done') rows are deleted this long after they ran (Q11). */
export const DONE_RETENTION_MS = 7 * 24 * 60 * 60_000;
/** 'failed' rows stay visible this long, for an operator to look at (Q11). */
export const FAILED_RETENTION_MS = 30 * 24 * 60 * 60_000;

type ClaimedJob = typeof jobs.$inferSelect;

/** A name for this process's leases: which server holds a job is visible in the row. */
export function defaultWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/**
 * The wait before attempt `attempt + 1` after attempt `attempt` failed (Q5): 30 s·2^(attempt−1), capped
 * at an hour, times a random factor in [0.8, 1.2) so jobs that failed together (a push service down) do
 * not all come back in the same second.
 */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * Claims up to `count` due jobs in one statement (Q2, Q8, Q10): queued ones whose time has come, and running
 * ones whose lease ran out (their worker died). PostgreSQL's `FOR UPDATE SKIP LOCKED` lets workers on other
 * servers claim other rows at the same moment instead of waiting for, or taking, these; SQLite runs one
 * write at a time, so the statement alone is atomic.
 */
async function claimJobs(
  db: Db,
  count: number,
  now: Date,
  workerId: string,
  leaseSeconds: number,
): Promise<ClaimedJob[]> {
  const at = now.toISOString();
  const lockedUntil = new Date(now.getTime() + leaseSeconds * 1000).toISOString();
  const locking = engineOf(db) === 'postgres' ? sql.raw(' FOR UPDATE SKIP LOCKED') : sql``;
  const due = sql`SELECT due.id FROM jobs AS due
    WHERE (due.state = 'queued' AND due.run_at <= ${at})
       OR (due.state = 'running' AND due.locked_until < ${at})
    ORDER BY due.run_at, due.id LIMIT ${count}${locking}`;
  return db
    .update(jobs)
    .set({
      state: 'running',
      lockedBy: workerId,
      lockedUntil,
      attempts: sql`${jobs.attempts} + 1`,
      updatedAt: at,
    })
    .where(sql`${jobs.id} IN (${due})`)
    .returning();
}

/**
 * The row is still ours: our lease, this attempt. A job that outran its lease may have been claimed by
 * another worker since; its outcome is then that worker's to record.
 */
const stillOurs = (job: ClaimedJob, workerId: string) =>
  and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.attempts, job.attempts));

function describe(err: unknown): string {
  const text =
    err instanceof Error ? `${err.name === 'Error' ? '' : `${err.name}: `}${err.message}` : String(err);
  return text.slice(0, 2000);
}

/** Runs one claimed job and records how it ended (Q1, Q5–Q7, Q9). */
async function runJob(
  deps: Deps,
  handlers: JobHandlers,
  job: ClaimedJob,
  now: Date,
  workerId: string,
): Promise<void> {
  const { db, logger } = deps;
  const at = now.toISOString();
  const fail = async (error: string, err?: unknown) => {
    await db
      .update(jobs)
      .set({
        state: 'failed',
        lastError: error,
        lockedBy: null,
        lockedUntil: null,
        finishedAt: at,
        updatedAt: at,
      })
      .where(stillOurs(job, workerId));
    metricsFor(deps.config).jobFailed(job.kind, 'failed');
    // The one line an operator looks for (docs/jobs.md "Failed jobs").
    logger.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, err, error }, 'job failed');
  };

  const handler = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
  if (!handler) return fail(`unknown job kind '${job.kind}'`);
  // Claimed again and again after its lease ran out: its worker dies on it (Q8) — give up like on errors.
  if (job.attempts > job.maxAttempts)
    return fail(
      job.lastError ?? `the worker running it stopped ${job.maxAttempts} times (its lease ran out)`,
    );

  try {
    await handler(job.payload, { ...deps, jobId: job.id, attempt: job.attempts, now });
  } catch (err) {
    const error = describe(err);
    if (err instanceof PermanentJobError || job.attempts >= job.maxAttempts) return fail(error, err);
    const runAt = new Date(now.getTime() + backoffMs(job.attempts)).toISOString();
    await db
      .update(jobs)
      .set({ state: 'queued', runAt, lastError: error, lockedBy: null, lockedUntil: null, updatedAt: at })
      .where(stillOurs(job, workerId));
    metricsFor(deps.config).jobFailed(job.kind, 'retry');
    logger.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, runAt, err }, 'job will be retried');
    return;
  }
  await db
    .update(jobs)
    .set({ state: 'done', lockedBy: null, lockedUntil: null, finishedAt: at, updatedAt: at })
    .where(stillOurs(job, workerId));
}

/**
 * Claims and runs every job due at `now` until none is due (Q1–Q10), up to `limit` at a time, claiming
 * more as each one ends; answers how many it ran. A job's own failure is recorded on its row, never thrown;
 * a database error is.
 */
export async function runDueJobs(
  deps: Deps,
  handlers: JobHandlers,
  options: RunOptions = {},
): Promise<number> {
  const workerId = options.workerId ?? defaultWorkerId();
  const limit = Math.max(1, options.limit ?? deps.config.jobs.concurrency);
  const leaseSeconds = deps.config.jobs.leaseSeconds;
  const running = new Set<Promise<void>>();
  let ran = 0;
  let failure: unknown;
  let drained = false;
  for (;;) {
    if (!drained && failure === undefined && !options.signal?.aborted && running.size < limit) {
      const now = options.now ?? new Date();
      let claimed: ClaimedJob[] = [];
      try {
        claimed = await claimJobs(deps.db, limit - running.size, now, workerId, leaseSeconds);
      } catch (err) {
        failure = err;
      }
      for (const job of claimed) {
        const run: Promise<void> = runJob(deps, handlers, job, now, workerId)
          .catch((err: unknown) => {
            failure ??= err;
          })
          .finally(() => running.delete(run));
        running.add(run);
      }
      ran += claimed.length;
      drained = claimed.length === 0;
      if (!drained) continue;
    }
    if (running.size === 0) break;
    await Promise.race(running);
    // A slot is free, and the job that ended may have queued another: look again.
    drained = false;
  }
  if (failure !== undefined) throw failure;
  return ran;
}

/**
 * Deletes finished rows past their retention (Q11): 'done' after 7 days, 'failed' after 30. Answers how
 * many went. The worker loop calls it now and then; queued and running rows are never touched.
 */
export async function pruneFinishedJobs(db: Db, now: Date = new Date()): Promise<number> {
  const doneBefore = new Date(now.getTime() - DONE_RETENTION_MS).toISOString();
  const failedBefore = new Date(now.getTime() - FAILED_RETENTION_MS).toISOString();
  const deleted = await db
    .delete(jobs)
    .where(
      or(
        and(eq(jobs.state, 'done'), lt(jobs.finishedAt, doneBefore)),
        and(eq(jobs.state, 'failed'), lt(jobs.finishedAt, failedBefore)),
      ),
    )
    .returning({ id: jobs.id });
  return deleted.length;
}
