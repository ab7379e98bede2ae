/**
 * Health, readiness and metrics (docs/operations.md):
 *   GET /api/health   liveness: the process answers → 200 { ok: true }
 *   GET /api/ready    readiness: database reachable, migrations applied, photo store writable →
 *                     200 { ready: true, checks } or 503 naming the checks that failed
 *   GET /metrics      Prometheus text (lib/metrics.ts): with METRICS_TOKEN set, only with
 *                     `Authorization: Bearer <token>`; without it, only from the loopback address.
 *                     Refused with a plain 404, as a missing file is: nothing says the page exists.
 * Mounted before the session lookup: none of them reads a session.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Deps } from '../deps';
import type { AppEnv } from '../env';
import { clientAddress } from './client-address';
import { migrationsUpToDate, rawQuery } from './db';
import { HttpError } from './errors';
import type { AppMetrics } from './metrics';
import { photoStoreFor } from './photo-store';

/** A check that takes longer than this has failed: a probe must answer while the load balancer waits. */
const CHECK_TIMEOUT_MS = 5_000;

const CHECK_NAMES = ['database', 'migrations', 'photoStore'] as const;
export type CheckName = (typeof CHECK_NAMES)[number];
export type Checks = Record<CheckName, 'ok' | 'failed'>;

/** How each check is named in the 503's message. */
const CHECK_TITLES: Record<CheckName, string> = {
  database: 'database unreachable',
  migrations: 'migrations not applied',
  photoStore: 'photo store not writable',
};

/** Rejects after `ms`, so a hung database or bucket fails its check instead of holding the probe. */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Writes a small object to the photo store and removes it: what an upload needs. The probe's name never
 * collides with a photo's (photos are named by the hash of their bytes, lib/images.ts).
 */
async function photoStoreWritable(deps: Deps): Promise<void> {
  const store = photoStoreFor(deps.config);
  const name = `ready-probe-${randomBytes(6).toString('hex')}.tmp`;
  await store.put(name, new Uint8Array([0]), 'application/octet-stream');
  await store.delete(name);
}

/** Runs every readiness check at once; failures are logged with their error, answered by name only. */
export async function readiness(deps: Deps): Promise<Checks> {
  const run = async (check: CheckName, work: () => Promise<unknown>): Promise<'ok' | 'failed'> => {
    try {
      await withTimeout(work(), CHECK_TIMEOUT_MS);
      return 'ok';
    } catch (err) {
      deps.logger.warn({ check, err }, 'readiness check failed');
      return 'failed';
    }
  };
  const [database, migrations, photoStore] = await Promise.all([
    run('database', () => rawQuery(deps.db, 'SELECT 1 AS ok')),
    run('migrations', async () => {
      if (!(await migrationsUpToDate(deps.db))) throw new Error('the newest migration is not recorded');
    }),
    run('photoStore', () => photoStoreWritable(deps)),
  ]);
  return { database, migrations, photoStore };
}

/** SHA-256 of both sides, then a constant-time comparison: neither content nor length leaks by timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1)$/;
/** Headers a reverse proxy adds: their presence means the loopback socket is a proxy, not the operator. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** Whether this request may read /metrics (see the file comment). */
export function metricsAllowed(c: Context, token: string | undefined): boolean {
  if (token) {
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    return sameSecret(bearer.trim(), token);
  }
  // The client address honours TRUST_PROXY (lib/client-address.ts): behind a trusted proxy it is the
  // member's, not the proxy's. A proxy we do not trust is still a proxy: refused too.
  if (FORWARDING_HEADERS.some((header) => c.req.header(header) !== undefined)) return false;
  return LOOPBACK.test(clientAddress(c));
}

export function healthRoutes(deps: Deps, metrics: AppMetrics) {
  const app = new Hono<AppEnv>();

  app.get('/api/health', (c) => c.json({ ok: true }));

  app.get('/api/ready', async (c) => {
    const checks = await readiness(deps);
    c.header('Cache-Control', 'no-store');
    const failed = CHECK_NAMES.filter((name) => checks[name] !== 'ok');
    if (failed.length === 0) return c.json({ ready: true, checks });
    const message = `Not ready: ${failed.map((name) => CHECK_TITLES[name]).join(', ')}`;
    return c.json({ ...new HttpError(503, 'not-ready', message).toBody(), ready: false, checks }, 503);
  });

  app.get('/metrics', async (c) => {
    // Answered as a missing file is (lib/static.ts): nothing says the page exists.
    if (!metricsAllowed(c, deps.config.metricsToken)) return c.text('Not found', 404);
    c.header('Cache-Control', 'no-store');
    return c.body(await metrics.render(), 200, { 'Content-Type': metrics.contentType });
  });

  return app;
}
