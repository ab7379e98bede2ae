/**
 * GET /metrics (docs/operations.md "Metrics"): the Prometheus text format, read back with a Prometheus text
 * parser; requests counted under their route pattern; sync, job and photo-store counts; who may read it.
 */
import parsePrometheusTextFormat, { type ParsedMetricFamily } from 'parse-prometheus-text-format';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueueJob } from './jobs/queue';
import { createTestApp, type TestApp } from '../test/harness';
import { findPayload, jpegBytes, mutation, newUid, putBlob, sha256Of, signedIn } from '../sync/test-fixtures';

let t: TestApp;
afterEach(() => t.close());

/** What @hono/node-server hands the app for a connection from `address` (read by getConnInfo). */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

async function scrape(app: TestApp['app'], headers: Record<string, string> = {}, address = '127.0.0.1') {
  return app.request('/metrics', { headers }, from(address));
}

interface Scraped {
  /** The families as the parser reads them: names, types, counters and gauges. */
  families: ParsedMetricFamily[];
  /**
   * The same text with each histogram read as untyped: the parser folds a histogram into one series and
   * drops its labels, so each `_bucket`, `_sum` and `_count` series is read as a family of its own.
   */
  series: ParsedMetricFamily[];
}

function parse(text: string): Scraped {
  return {
    families: parsePrometheusTextFormat(text),
    series: parsePrometheusTextFormat(text.replace(/^# TYPE (\S+) histogram$/gm, '# TYPE $1 untyped')),
  };
}

async function metrics(): Promise<Scraped> {
  const res = await scrape(t.app);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(await res.text());
}

function family(scraped: Scraped, name: string): ParsedMetricFamily {
  const found = scraped.families.find((f) => f.name === name);
  if (!found) throw new Error(`no metric ${name} in ${scraped.families.map((f) => f.name).join(', ')}`);
  return found;
}

/** The value of the series `name` (`…_count` of a histogram too) with exactly these labels, if any. */
function sample(scraped: Scraped, name: string, labels: Record<string, string> = {}): number | undefined {
  const same = (other: Record<string, string> = {}) =>
    JSON.stringify(Object.entries(other).sort()) === JSON.stringify(Object.entries(labels).sort());
  const value = scraped.series.find((f) => f.name === name)?.metrics.find((m) => same(m.labels))?.value;
  return value === undefined ? undefined : Number(value);
}

describe('GET /metrics', () => {
  it('counts a request under its route pattern and status, never under its raw path', async () => {
    t = await createTestApp();
    expect((await t.app.request('/api/finds/987654')).status).toBe(404);
    expect((await t.app.request('/api/finds/987655')).status).toBe(404);
    const all = await metrics();
    const labels = { method: 'GET', route: '/api/finds/:id', status: '404' };
    expect(family(all, 'digquest_http_requests_total').type).toBe('COUNTER');
    expect(sample(all, 'digquest_http_requests_total', labels)).toBe(2);
    expect(family(all, 'digquest_http_request_duration_seconds').type).toBe('HISTOGRAM');
    expect(sample(all, 'digquest_http_request_duration_seconds_count', labels)).toBe(2);
    expect(sample(all, 'digquest_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(2);
    expect(sample(all, 'digquest_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    const routes = all.series.flatMap((f) => f.metrics.map((m) => m.labels?.route ?? ''));
    expect(routes).toContain('/api/finds/:id');
    expect(routes.some((route) => route.includes('98765'))).toBe(false);
  });

  it('is off without a token from anywhere but the loopback address, and for a forwarded request', async () => {
    t = await createTestApp();
    expect((await scrape(t.app, {}, '203.0.113.9')).status).toBe(404);
    // No socket at all (an in-process request): not loopback either.
    expect((await t.app.request('/metrics')).status).toBe(404);
    // A reverse proxy on this machine connects from loopback: what it forwards is not the operator's.
    expect((await scrape(t.app, { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(404);
    const refused = await scrape(t.app, {}, '203.0.113.9');
    expect(await refused.text()).toBe('Not found');
    expect((await scrape(t.app, {}, '::1')).status).toBe(200);
    expect((await scrape(t.app, {}, '::ffff:127.0.0.1')).status).toBe(200);
  });

  it('with METRICS_TOKEN, answers the bearer of the token only, from any address', async () => {
    t = await createTestApp({ METRICS_TOKEN: 'scrape-secret-1' });
    expect((await scrape(t.app, {}, '203.0.113.9')).status).toBe(404);
    expect((await scrape(t.app, { Authorization: 'Bearer wrong-secret' }, '203.0.113.9')).status).toBe(404);
    expect((await scrape(t.app, { Authorization: 'Bearer scrape-secret' }, '203.0.113.9')).status).toBe(404);
    // The token is required from loopback too once it is set.
    expect((await scrape(t.app)).status).toBe(404);
    const res = await scrape(t.app, { Authorization: 'Bearer scrape-secret-1' }, '203.0.113.9');
    expect(res.status).toBe(200);
    const all = parse(await res.text());
    // Each refusal was itself a request to /metrics, counted under its pattern.
    expect(
      sample(all, 'digquest_http_requests_total', { method: 'GET', route: '/metrics', status: '404' }),
    ).toBe(4);
  });

  it('counts sync pushes by result with their sizes, and pulls with their changes and bytes', async () => {
    t = await createTestApp();
    const alice = await signedIn(t, 'alice');
    const bytes = await jpegBytes(5);
    expect((await putBlob(t, alice.client, bytes)).status).toBe(201);
    const body = JSON.stringify({
      mutations: [
        mutation('finds', 'create', newUid(), findPayload(sha256Of(bytes))),
        mutation('finds', 'update', newUid(), { title: 'No such find' }),
      ],
    });
    // As a browser sends it: with its length (an in-process request has none of its own).
    const pushed = await alice.client.request('POST', '/api/sync/push', body, {
      'content-length': String(Buffer.byteLength(body)),
    });
    expect(pushed.json.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'rejected']);
    const pulled = await alice.client.post('/api/sync/pull', { scopes: [{ scope: 'own', cursor: '' }] });
    expect(pulled.status).toBe(200);
    const changes = (pulled.json as { changes: unknown[] }).changes.length;
    expect(changes).toBeGreaterThan(0);

    const all = await metrics();
    expect(sample(all, 'digquest_sync_push_mutations_total', { result: 'applied' })).toBe(1);
    expect(sample(all, 'digquest_sync_push_mutations_total', { result: 'rejected' })).toBe(1);
    expect(sample(all, 'digquest_sync_push_batch_mutations_count')).toBe(1);
    expect(sample(all, 'digquest_sync_push_batch_mutations_sum')).toBe(2);
    expect(sample(all, 'digquest_sync_push_request_bytes_sum')).toBe(Buffer.byteLength(body));
    expect(sample(all, 'digquest_sync_pull_changes_count')).toBe(1);
    expect(sample(all, 'digquest_sync_pull_changes_sum')).toBe(changes);
    expect(sample(all, 'digquest_sync_pull_response_bytes_sum')).toBe(Buffer.byteLength(pulled.text));
  });

  it('reports the job queue by state and the failures of this server’s worker', async () => {
    t = await createTestApp();
    await enqueueJob(t.db, 'no-such-kind', {});
    await enqueueJob(t.db, 'no-such-kind', {}, { runAt: new Date(Date.now() + 3_600_000) });
    await enqueueJob(t.db, 'no-such-kind', {});
    let all = await metrics();
    expect(sample(all, 'digquest_jobs', { state: 'queued' })).toBe(3);
    expect(sample(all, 'digquest_jobs_due')).toBe(2);
    // A kind with no handler fails at once (docs/jobs.md Q7).
    expect(await t.runJobs()).toBe(2);
    all = await metrics();
    expect(sample(all, 'digquest_jobs', { state: 'queued' })).toBe(1);
    expect(sample(all, 'digquest_jobs', { state: 'failed' })).toBe(2);
    expect(sample(all, 'digquest_jobs_due')).toBe(0);
    expect(sample(all, 'digquest_job_failures_total', { kind: 'no-such-kind', outcome: 'failed' })).toBe(2);
  });

  it('reports the PostgreSQL pool where there is one, and process memory', async () => {
    t = await createTestApp();
    const all = await metrics();
    if (t.engine === 'postgres') {
      // The harness's pool: 4 connections (test/harness.ts).
      expect(sample(all, 'digquest_db_pool_connections', { state: 'max' })).toBe(4);
      const busy = sample(all, 'digquest_db_pool_connections', { state: 'busy' }) ?? -1;
      const idle = sample(all, 'digquest_db_pool_connections', { state: 'idle' }) ?? -1;
      expect([busy >= 0, idle >= 0, busy + idle <= 4]).toEqual([true, true, true]);
      // The scrape's own queue queries may be waiting for a connection as it is read.
      expect(sample(all, 'digquest_db_pool_waiting')).toBeGreaterThanOrEqual(0);
      // A transaction holds a connection while it runs: busy.
      const during = await t.db.transaction(() => metrics());
      expect(sample(during, 'digquest_db_pool_connections', { state: 'busy' })).toBeGreaterThanOrEqual(1);
    } else {
      expect(all.families.some((f) => f.name.startsWith('digquest_db_pool'))).toBe(false);
    }
    expect(sample(all, 'digquest_process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(family(all, 'digquest_nodejs_heap_size_used_bytes').type).toBe('GAUGE');
  });
});
