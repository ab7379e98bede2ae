/**
 * Graceful shutdown (docs/operations.md "Shutdown"), what server.ts does on SIGTERM or SIGINT: stop
 * accepting connections at once, let the requests in flight finish (up to 10 s), stop the job worker,
 * close the database, exit 0.
 */
import { Server as HttpServer } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { ServerType } from '@hono/node-server';
import { closeDatabase, type Db } from './db';
import type { JobWorker } from './jobs/loop';
import type { Logger } from './logger';

/** How long requests (and jobs) in flight may take to finish. */
export const SHUTDOWN_GRACE_MS = 10_000;
/** After the grace, how long closing the database may take before the process gives up on it. */
const CLOSE_DATABASE_MS = 5_000;
/** How often connections kept alive after their last answer are closed while requests finish. */
const IDLE_SWEEP_MS = 100;

export interface RunningServer {
  server: ServerType;
  worker: JobWorker | undefined;
  db: Db;
  logger: Logger;
  /** SHUTDOWN_GRACE_MS unless a test says otherwise. */
  graceMs?: number;
}

/** Within `ms`: true when `work` settled in time, false when the time ran out first. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  const timeout = new AbortController();
  const settled = work.then(
    () => true,
    () => true,
  );
  const expired = delay(ms, false, { signal: timeout.signal }).catch(() => false);
  const inTime = await Promise.race([settled, expired]);
  timeout.abort();
  return inTime;
}

/** Stops the server in order; answers the exit code: 0 once the database is closed, 1 if that failed. */
export async function shutDown(running: RunningServer, reason: string): Promise<number> {
  const { server, worker, db, logger } = running;
  const graceMs = running.graceMs ?? SHUTDOWN_GRACE_MS;
  const started = Date.now();
  // The listening socket closes now: a new connection is refused from here on.
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  logger.info({ reason, graceMs }, 'shutting down: no new connections, finishing requests in flight');
  // close() closes the connections idle at that moment; one kept alive after its last answer would hold
  // the server open until its client let go, so those are closed as they become idle.
  const http = server instanceof HttpServer ? server : undefined;
  const sweep = http ? setInterval(() => http.closeIdleConnections(), IDLE_SWEEP_MS) : undefined;
  // The worker claims no new job from now on; those running share the requests' grace (docs/jobs.md).
  const jobsStopped = worker?.stop() ?? Promise.resolve();
  const drainedInTime = await within(drained, graceMs);
  clearInterval(sweep);
  if (!drainedInTime) {
    logger.warn({ graceMs }, 'requests still running at the end of the grace were cut');
    http?.closeAllConnections();
  }
  const left = Math.max(0, graceMs - (Date.now() - started));
  // A job still running is left to its lease: another worker runs it again once it runs out (Q8).
  if (!(await within(jobsStopped, left))) logger.warn('jobs still running were left to their leases');
  try {
    const closing = closeDatabase(db);
    if (!(await within(closing, CLOSE_DATABASE_MS))) throw new Error('closing the database timed out');
    await closing;
  } catch (err) {
    logger.error({ err }, 'closing the database failed');
    return 1;
  }
  logger.info({ ms: Date.now() - started }, 'stopped');
  return 0;
}
