/**
 * The request log (docs/operations.md "Request log"): one structured line per request with its route
 * pattern and duration; probes at debug only; the raw path only when debugging.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
afterEach(() => t.close());

/** The app on `t`'s database and configuration, logging at `level` into the lines answered. */
function loggingApp(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = createApp({
    db: t.db,
    config: t.config,
    logger: pino({ level }, stream),
    mailer: { send: async () => {} },
  });
  const requests = () => lines.filter((line) => line.msg === 'request');
  return { app, requests };
}

describe('request log', () => {
  it('logs each request at info with method, route pattern, status and duration, not the raw path', async () => {
    t = await createTestApp();
    const { app, requests } = loggingApp('info');
    expect((await app.request('/api/finds/424242')).status).toBe(404);
    expect((await app.request('/api/no/such/thing', { method: 'POST' })).status).toBe(404);
    const [find, unknown] = requests();
    expect(find).toMatchObject({ level: 30, method: 'GET', route: '/api/finds/:id', status: 404 });
    expect(typeof find?.durationMs).toBe('number');
    expect(find?.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(find)).not.toContain('424242');
    expect(unknown).toMatchObject({ method: 'POST', route: '/api/*', status: 404 });
    expect(requests()).toHaveLength(2);
  });

  it('logs health, readiness and metrics probes at debug only, and the raw path when debugging', async () => {
    t = await createTestApp();
    const info = loggingApp('info');
    expect((await info.app.request('/api/health')).status).toBe(200);
    expect((await info.app.request('/api/ready')).status).toBe(200);
    expect(info.requests()).toEqual([]);

    const debug = loggingApp('debug');
    await debug.app.request('/api/health');
    await debug.app.request('/api/finds/424242');
    expect(debug.requests()).toMatchObject([
      { level: 20, route: '/api/health', path: '/api/health', status: 200 },
      { level: 30, route: '/api/finds/:id', path: '/api/finds/424242', status: 404 },
    ]);
  });
});
