/**
 * What a job handler is given and may throw (docs/jobs.md). Handlers are listed by kind in
 * sync-server/src/job-handlers.ts, the queue's composition root.
 */
import type { Deps } from '../../deps';

export interface JobContext extends Deps {
  jobId: number;
  /** 1 on the first run. */
  attempt: number;
  /** The worker's clock for this run (tests move it). */
  now: Date;
}

/** Runs one job; a throw retries it with backoff, a PermanentJobError fails it at once. */
export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** A job that can never succeed (its record is gone, its input is malformed): failed without retries. */
export class PermanentJobError extends Error {}
