/**
 * The job worker's polling loop (docs/jobs.md Q13): what server.ts starts when JOB_WORKER is on. It runs
 * due jobs until none is left, waits JOB_POLL_MS, and looks again; now and then it deletes old finished
 * rows. Tests call runDueJobs directly with their own clock and start this loop only to test it.
 */
import type { Deps } from '../../deps';
import type { JobHandlers } from './types';
import { defaultWorkerId, pruneFinishedJobs, runDueJobs } from './worker';

/** How often the loop deletes finished rows past their retention (Q11). */
const PRUNE_EVERY_MS = 60 * 60_000;

export interface JobWorkerOptions {
  workerId?: string;
  /** Defaults: JOB_POLL_MS and JOB_CONCURRENCY (config.jobs). */
  pollMs?: number;
  concurrency?: number;
}

export interface JobWorker {
  workerId: string;
  /** Stops claiming jobs and resolves once the ones running have finished and been recorded. */
  stop(): Promise<void>;
}

export function startJobWorker(deps: Deps, handlers: JobHandlers, options: JobWorkerOptions = {}): JobWorker {
  const { logger } = deps;
  const pollMs = options.pollMs ?? deps.config.jobs.pollMs;
  const limit = options.concurrency ?? deps.config.jobs.concurrency;
  const workerId = options.workerId ?? defaultWorkerId();
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();
  let prunedAt = 0;

  async function runPass(): Promise<void> {
    try {
      if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        const deleted = await pruneFinishedJobs(deps.db);
        if (deleted) logger.info({ deleted }, 'old finished jobs deleted');
      }
      await runDueJobs(deps, handlers, { workerId, limit, signal: stopping.signal });
    } catch (err) {
      // The database is unreachable or closing: keep polling, a later pass picks the jobs up.
      if (!stopping.signal.aborted) logger.error({ err, workerId }, 'job worker pass failed');
    }
  }

  function schedule(): void {
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => {
      pass = runPass().finally(schedule);
    }, pollMs);
  }

  pass = runPass().finally(schedule);
  logger.info({ workerId, pollMs, concurrency: limit }, 'job worker started');

  return {
    workerId,
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await pass;
    },
  };
}
