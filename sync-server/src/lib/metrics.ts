/**
 * The server's Prometheus metrics (docs/operations.md "Metrics"), served by GET /metrics (lib/health.ts).
 * One prom-client registry per app, never the library's global one, so several apps in one process (the
 * tests, bench scripts) count apart. Kept per configuration object, like the photo store
 * (lib/photo-store.ts): code that holds only the config — the job worker, the photo store — counts into
 * its own app's registry.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { and, count, eq, inArray, lte } from 'drizzle-orm';
import { jobs } from '@schema/db/tables';
import type { Config } from './config';
import { poolUse, type Db } from './db';

/** Methods counted under their own name; anything else is `OTHER` (a label per made-up method would grow). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Job states reported as queue depth: 'done' rows are history (kept 7 days), not depth (docs/jobs.md). */
const JOB_STATES = ['queued', 'running', 'failed'] as const;
/** Records in one push or pull: a push holds at most a few hundred mutations, a pull page up to 2,000 rows. */
const COUNT_BUCKETS = [0, 1, 5, 10, 25, 50, 100, 250, 500, 1000, 2000, 5000];
/** Bytes of a push request or a pull answer (JSON, before compression): 1 KiB to 16 MiB. */
const BYTE_BUCKETS = [1024, 4096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304, 16_777_216];

export type PushOutcome = 'applied' | 'duplicate' | 'rejected';

export interface AppMetrics {
  readonly registry: Registry;
  /** One answered request, under its route pattern (never the raw path: ids would make a label each). */
  request(method: string, route: string, status: number, seconds: number): void;
  /** One sync push: its mutations' outcomes, and its body's size when the client declared it. */
  syncPush(results: ReadonlyArray<{ status: PushOutcome }>, bytes: number | undefined): void;
  /** One sync pull: the changes it answered and the answer's JSON bytes. */
  syncPull(changes: number, bytes: number): void;
  /** A job attempt that failed in this process: `retry` (queued again) or `failed` (given up). */
  jobFailed(kind: string, outcome: 'retry' | 'failed'): void;
  /** A photo-store operation (put, get, has, delete) that threw. */
  photoStoreError(operation: string): void;
  /** The database whose job queue (and PostgreSQL pool) each scrape reports: createApp's. */
  watchDatabase(db: Db): void;
  /** Every metric in the Prometheus text format. */
  render(): Promise<string>;
  readonly contentType: string;
}

const byConfig = new WeakMap<Config, AppMetrics>();

/** The metrics of the app with this configuration, made on first use. */
export function metricsFor(config: Config): AppMetrics {
  let metrics = byConfig.get(config);
  if (!metrics) {
    metrics = createMetrics();
    byConfig.set(config, metrics);
  }
  return metrics;
}

function createMetrics(): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: 'digquest_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const durations = new Histogram({
    name: 'digquest_http_request_duration_seconds',
    help: 'Time until the answer was ready (its headers), by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const pushMutations = new Counter({
    name: 'digquest_sync_push_mutations_total',
    help: 'Mutations pushed by devices, by result',
    labelNames: ['result'] as const,
    registers,
  });
  const pushBatch = new Histogram({
    name: 'digquest_sync_push_batch_mutations',
    help: 'Mutations per sync push (_count: pushes answered)',
    buckets: COUNT_BUCKETS,
    registers,
  });
  const pushBytes = new Histogram({
    name: 'digquest_sync_push_request_bytes',
    help: 'Body size of a sync push, as its Content-Length declared it',
    buckets: BYTE_BUCKETS,
    registers,
  });
  const pullChanges = new Histogram({
    name: 'digquest_sync_pull_changes',
    help: 'Changes per sync pull answer (_count: pulls answered)',
    buckets: COUNT_BUCKETS,
    registers,
  });
  const pullBytes = new Histogram({
    name: 'digquest_sync_pull_response_bytes',
    help: 'JSON size of a sync pull answer, before compression',
    buckets: BYTE_BUCKETS,
    registers,
  });
  const jobFailures = new Counter({
    name: 'digquest_job_failures_total',
    help: "Job attempts that failed in this server's worker, by kind and outcome (retry or failed)",
    labelNames: ['kind', 'outcome'] as const,
    registers,
  });
  const photoErrors = new Counter({
    name: 'digquest_photo_store_errors_total',
    help: 'Photo-store operations that failed, by operation',
    labelNames: ['operation'] as const,
    registers,
  });

  let database: Db | undefined;
  let defaultsOn = false;

  function watchDatabase(db: Db): void {
    const first = database === undefined;
    database = db;
    if (!first) return;
    new Gauge({
      name: 'digquest_jobs',
      help: 'Rows of the job queue by state (the whole deployment: every server reports the same)',
      labelNames: ['state'] as const,
      registers,
      async collect() {
        this.reset();
        // The database unreachable: no sample this time (GET /api/ready says why); the rest still answers.
        const rows = database ? await jobDepth(database).catch(() => undefined) : undefined;
        if (!rows) return;
        for (const state of JOB_STATES)
          this.set({ state }, rows.find((row) => row.state === state)?.rows ?? 0);
      },
    });
    new Gauge({
      name: 'digquest_jobs_due',
      help: 'Queued jobs whose time has come (waiting for a worker)',
      registers,
      async collect() {
        this.reset();
        const due = database ? await dueJobs(database).catch(() => undefined) : undefined;
        if (due !== undefined) this.set(due);
      },
    });
    // PostgreSQL only: SQLite has one connection and no pool.
    if (!poolUse(db)) return;
    new Gauge({
      name: 'digquest_db_pool_connections',
      help: "Connections of this server's PostgreSQL pool, by state (busy, idle) and its maximum (max)",
      labelNames: ['state'] as const,
      registers,
      collect() {
        const use = database && poolUse(database);
        if (!use) return;
        this.set({ state: 'busy' }, use.total - use.idle);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'max' }, use.max);
      },
    });
    new Gauge({
      name: 'digquest_db_pool_waiting',
      help: 'Queries waiting for a free connection of the PostgreSQL pool',
      registers,
      collect() {
        const use = database && poolUse(database);
        if (use) this.set(use.waiting);
      },
    });
  }

  return {
    registry,
    contentType: registry.contentType,
    request(method, route, status, seconds) {
      const labels = { method: METHODS.has(method) ? method : 'OTHER', route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    syncPush(results, bytes) {
      pushBatch.observe(results.length);
      for (const { status } of results) pushMutations.inc({ result: status });
      if (bytes !== undefined && Number.isFinite(bytes)) pushBytes.observe(bytes);
    },
    syncPull(changes, bytes) {
      pullChanges.observe(changes);
      pullBytes.observe(bytes);
    },
    jobFailed(kind, outcome) {
      jobFailures.inc({ kind, outcome });
    },
    photoStoreError(operation) {
      photoErrors.inc({ operation });
    },
    watchDatabase,
    async render() {
      // Process memory, CPU, event-loop lag, GC (prom-client's defaults): from the first scrape on, so an
      // app that is never scraped (every test app) starts no monitors.
      if (!defaultsOn) {
        defaultsOn = true;
        collectDefaultMetrics({ register: registry, prefix: 'digquest_' });
      }
      return registry.metrics();
    },
  };
}

/** Rows per reported state: one statement over the `jobs_due` index (state, run_at). */
function jobDepth(db: Db) {
  return db
    .select({ state: jobs.state, rows: count() })
    .from(jobs)
    .where(inArray(jobs.state, [...JOB_STATES]))
    .groupBy(jobs.state);
}

async function dueJobs(db: Db): Promise<number> {
  const [row] = await db
    .select({ due: count() })
    .from(jobs)
    .where(and(eq(jobs.state, 'queued'), lte(jobs.runAt, new Date().toISOString())));
  return row?.due ?? 0;
}
